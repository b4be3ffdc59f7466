// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ThreadSummary, ThreadView } from '@domain/conversation';
import {
  apiError,
  componentTestLifecycle,
  inIndonesian,
  renderWithApp,
  type StandInAnswer,
  standInApi,
} from '@tests/support/web-render';
import MessagesPage from './messages-page';
import ThreadPage from './thread-page';

// A conversation (D26) as the member reads and answers it, and the list of conversations: the
// message limits, what each failure says, an empty conversation and the list's pages.

const THREAD = '5d1c7a5e-2b8e-4c3f-9a0d-6e7f8a9b0c1d';

type Message = ThreadView['messages']['items'][number];
/** A page of messages, oldest first; `older` is the cursor of the page before it. */
const messagePage = (items: Message[], older: string | null = null): ThreadView['messages'] => ({
  items,
  nextCursor: older,
  prevCursor: null,
});

const thread = (over: Partial<ThreadView> = {}): ThreadView => ({
  kind: 'book',
  orderId: null,
  orderNumber: null,
  bookId: 'book-dune',
  bookTitle: 'Dune',
  id: THREAD,
  memberName: 'Wayan',
  ownerName: 'Made',
  withName: 'Made',
  messages: messagePage([
    {
      id: 'm1',
      body: 'Is it still in good shape? Photos: https://example.com/dune.jpg',
      authorName: 'Wayan',
      fromAdmin: false,
      mine: true,
      createdAt: '2026-11-26T02:00:00.000Z',
    },
    {
      id: 'm2',
      body: 'Yes, like new.',
      authorName: 'Made',
      fromAdmin: false,
      mine: false,
      createdAt: '2026-11-26T03:00:00.000Z',
    },
  ]),
  unread: 1,
  asAdmin: false,
  ...over,
});

const counts = { body: { total: 0, orders: [] } };

/** The conversation's API: GET answers `view`, or the view the last message sent answered with. */
function standInThread(view: StandInAnswer, send: StandInAnswer[] = []) {
  let current = view;
  return standInApi([
    ['GET', `/api/conversations/${THREAD}`, () => current],
    ['POST', `/api/conversations/${THREAD}/read`, () => counts],
    [
      'POST',
      `/api/conversations/${THREAD}/messages`,
      () => {
        const answer = send.shift() ?? apiError(500, 'INTERNAL', 'x');
        if (answer.status === 201) current = { body: answer.body };
        return answer;
      },
    ],
  ]);
}

const showThread = () =>
  renderWithApp(<ThreadPage />, { path: `/messages/${THREAD}`, route: '/messages/:threadId' });

const sent = (seen: ReturnType<typeof standInApi>) =>
  seen.filter((r) => r.method === 'POST' && r.path.endsWith('/messages')).map((r) => r.body);
const messageBox = () => screen.getByLabelText('Write a message') as HTMLTextAreaElement;

componentTestLifecycle();

describe('conversation page', () => {
  it('shows the messages oldest first, its own as "You" with addresses as links, and marks it read', async () => {
    const seen = standInThread({ body: thread() });
    showThread();
    expect(await screen.findByRole('heading', { name: 'Conversation about “Dune”' })).toBeTruthy();
    expect(screen.getByText('With Made')).toBeTruthy();
    const [first, second] = screen.getAllByTestId('message');
    expect(first.textContent).toContain('You');
    expect(
      within(first).getByRole('link', { name: 'https://example.com/dune.jpg' }).getAttribute('rel'),
    ).toContain('noopener');
    expect(second.textContent).toContain('Made');
    expect(second.textContent).toContain('Yes, like new.');
    expect(screen.getByRole('link', { name: 'View the book' }).getAttribute('href')).toBe('/books/book-dune');
    await waitFor(() => expect(seen.some((r) => r.path === `/api/conversations/${THREAD}/read`)).toBe(true));
  });

  it('sends the trimmed message, shows it and empties the box', async () => {
    const after = thread({
      unread: 0,
      messages: messagePage([
        ...thread().messages.items,
        {
          id: 'm3',
          body: 'Great, I will borrow it.',
          authorName: 'Wayan',
          fromAdmin: false,
          mine: true,
          createdAt: '2026-11-27T02:00:00.000Z',
        },
      ]),
    });
    const seen = standInThread({ body: thread() }, [{ status: 201, body: after }]);
    showThread();
    await userEvent.type(await screen.findByLabelText('Write a message'), '  Great, I will borrow it.  ');
    expect(screen.getByText('24 / 2,000 characters')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.getAllByTestId('message')).toHaveLength(3));
    expect(sent(seen)).toEqual([{ body: 'Great, I will borrow it.' }]);
    expect(messageBox().value).toBe('');
  });

  it('refuses an empty message and one over 2,000 characters without asking the server', async () => {
    const seen = standInThread({ body: thread() });
    showThread();
    await screen.findByLabelText('Write a message');
    await userEvent.type(messageBox(), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByRole('alert').textContent).toBe('Please write a message.');

    fireEvent.change(messageBox(), { target: { value: 'a'.repeat(2001) } });
    expect(screen.getByText('2001 / 2,000 characters').className).toContain('text-red-700');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByRole('alert').textContent).toBe('A message can be at most 2,000 characters.');
    expect(sent(seen)).toEqual([]);

    // Exactly 2,000 goes.
    fireEvent.change(messageBox(), { target: { value: 'a'.repeat(2000) } });
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(sent(seen)).toHaveLength(1));
  });

  it('keeps the text and says why when the server refuses: too many messages, or a failure', async () => {
    standInThread({ body: thread() }, [
      apiError(429, 'TOO_MANY_MESSAGES', 'Too many', { params: { minutes: 3 } }),
      apiError(500, 'INTERNAL', 'Internal error'),
    ]);
    showThread();
    await userEvent.type(await screen.findByLabelText('Write a message'), 'Hello?');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'You have sent a lot of messages: you can send the next one in 3 min.',
    );
    expect(messageBox().value).toBe('Hello?');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Your message was not sent. Please try again.'),
    );
    expect(messageBox().value).toBe('Hello?');
  });

  it('an empty conversation says so; an admin reads without marking it read and is told how a reply shows', async () => {
    const seen = standInThread({
      body: thread({
        messages: messagePage([]),
        unread: 0,
        asAdmin: true,
        withName: '',
        kind: 'order',
        orderId: 'o-1',
        orderNumber: 'AB12CD34',
      }),
    });
    showThread();
    expect(await screen.findByText('No messages yet.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Conversation about order #AB12CD34' })).toBeTruthy();
    expect(screen.getByText('Between Wayan (asked) and Made (owner)')).toBeTruthy();
    expect(
      screen.getByText(
        'You are reading as an admin. What you write here is shown to both members as from Rakbuku.',
      ),
    ).toBeTruthy();
    expect(seen.some((r) => r.path.endsWith('/read'))).toBe(false);
  });

  it('a conversation the member is not in, and one that fails to load, say so in words', async () => {
    standInThread(apiError(403, 'FORBIDDEN', 'Forbidden'));
    const first = showThread();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Only the members of this conversation and Rakbuku can read or write in it.',
    );
    first.unmount();
    standInThread(apiError(500, 'INTERNAL', 'Internal error'));
    showThread();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'We could not load this conversation. Please try again.',
    );
  });

  it('shows the latest page and loads older messages above it on demand, each once, until the first', async () => {
    const message = (n: number): Message => ({
      id: `m${String(n).padStart(3, '0')}`,
      body: `Message ${n}`,
      authorName: 'Made',
      fromAdmin: false,
      mine: false,
      createdAt: new Date(Date.UTC(2026, 10, 1) + n * 60_000).toISOString(),
    });
    const range = (from: number, to: number) =>
      Array.from({ length: to - from }, (_, i) => message(from + i));
    const older: Record<string, ThreadView['messages']> = {
      'before-50': { items: range(1, 50), nextCursor: 'before-1', prevCursor: 'x' },
      'before-1': { items: [message(0)], nextCursor: null, prevCursor: 'y' },
    };
    const seen = standInApi([
      [
        'GET',
        `/api/conversations/${THREAD}`,
        () => ({ body: thread({ messages: messagePage(range(50, 100), 'before-50') }) }),
      ],
      ['POST', `/api/conversations/${THREAD}/read`, () => counts],
      [
        'GET',
        `/api/conversations/${THREAD}/messages`,
        (r) => ({ body: older[r.url.searchParams.get('cursor') ?? ''] }),
      ],
    ]);
    showThread();
    await waitFor(() => expect(screen.getAllByTestId('message')).toHaveLength(50));
    const firstShown = screen.getAllByTestId('message')[0];
    expect(firstShown.textContent).toContain('Message 50');
    await userEvent.click(screen.getByRole('button', { name: 'Show older messages' }));
    await waitFor(() => expect(screen.getAllByTestId('message')).toHaveLength(99));
    const shown = () => screen.getAllByTestId('message').map((m) => m.querySelector('p + p')?.textContent);
    expect(shown()).toEqual(range(1, 100).map((m) => m.body));
    // The message that was first on screen is the same element, now below the older ones.
    expect(screen.getAllByTestId('message')[49]).toBe(firstShown);
    await userEvent.click(screen.getByRole('button', { name: 'Show older messages' }));
    await waitFor(() => expect(screen.getAllByTestId('message')).toHaveLength(100));
    expect(shown()[0]).toBe('Message 0');
    // The first message is on screen: nothing older to ask for.
    expect(screen.queryByRole('button', { name: 'Show older messages' })).toBeNull();
    expect(
      seen.filter((r) => r.path.endsWith('/messages')).map((r) => r.url.searchParams.get('cursor')),
    ).toEqual(['before-50', 'before-1']);
    // Reading still leaves the read mark.
    expect(seen.some((r) => r.path === `/api/conversations/${THREAD}/read`)).toBe(true);
  });

  it('in Indonesian: its own messages as "Kamu" and the empty message refused', async () => {
    await inIndonesian(async () => {
      standInThread({ body: thread() });
      showThread();
      const [first] = await screen.findAllByTestId('message');
      expect(first.textContent).toContain('Kamu');
      await userEvent.click(screen.getByRole('button', { name: 'Kirim' }));
      expect(screen.getByRole('alert').textContent).toBe('Tulis pesannya dulu ya.');
    });
  });

  it('in Indonesian: older messages are offered in its words', async () => {
    await inIndonesian(async () => {
      standInThread({ body: thread({ messages: messagePage(thread().messages.items, 'older') }) });
      showThread();
      expect(await screen.findByRole('button', { name: 'Tampilkan pesan sebelumnya' })).toBeTruthy();
    });
  });
});

const summary = (n: number): ThreadSummary => ({
  kind: 'book',
  orderId: null,
  orderNumber: null,
  bookId: `book-${n}`,
  bookTitle: `Book ${n}`,
  id: `thread-${n}`,
  memberName: 'Wayan',
  ownerName: 'Made',
  withName: 'Made',
  lastMessage: `Last words ${n}`,
  lastMessageAt: '2026-11-26T02:00:00.000Z',
  unread: n === 1 ? 2 : 0,
});

const page = (items: ThreadSummary[], nextCursor: string | null, prevCursor: string | null) => ({
  body: { items, nextCursor, prevCursor, total: 3, totalCapped: false },
});

describe('messages list', () => {
  it('pages to older conversations by cursor and back to the newest', async () => {
    const seen = standInApi([
      [
        'GET',
        '/api/conversations',
        ({ url }) =>
          url.searchParams.get('cursor') === 'older-1'
            ? page([summary(3)], null, 'newer-1')
            : page([summary(1), summary(2)], 'older-1', null),
      ],
    ]);
    renderWithApp(<MessagesPage />, { path: '/messages' });
    const rows = await screen.findAllByTestId('thread-row');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining('Last words 1'),
      expect.stringContaining('Last words 2'),
    ]);
    expect(rows[0].getAttribute('data-unread')).toBe('true');
    expect(rows[0].textContent).toContain('2 unread messages');
    const pager = screen.getByTestId('messages-pager');
    expect((within(pager).getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    await userEvent.click(within(pager).getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(screen.getAllByTestId('thread-row').map((r) => r.textContent)).toEqual([
        expect.stringContaining('Last words 3'),
      ]),
    );
    expect(seen.at(-1)?.url.searchParams.get('cursor')).toBe('older-1');
    await userEvent.click(
      within(screen.getByTestId('messages-pager')).getByRole('button', { name: 'Newest' }),
    );
    await waitFor(() => expect(screen.getAllByTestId('thread-row')).toHaveLength(2));
  });

  it('with no conversations says where to start one; a failed load offers to try again', async () => {
    const answers: StandInAnswer[] = [apiError(500, 'INTERNAL', 'x'), page([], null, null)];
    standInApi([['GET', '/api/conversations', () => answers.shift() ?? page([], null, null)]]);
    renderWithApp(<MessagesPage />, { path: '/messages' });
    const failed = await screen.findByRole('alert');
    expect(failed.textContent).toContain('We could not load this conversation. Please try again.');
    await userEvent.click(within(failed).getByRole('button'));
    expect(
      await screen.findByText(
        'No conversations yet. Ask an owner about a book from its page, or write on an order.',
      ),
    ).toBeTruthy();
  });
});
