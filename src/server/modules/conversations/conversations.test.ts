import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  adminCounterDeltas,
  emailNotifications,
  memberCounts,
  messages,
  orders,
  threadReads,
  threads,
  unreadTotals,
} from '@server/db/schema';
import { advanceClock, setClock } from '@server/lib/clock';
import { createBook } from '@server/seed/factories';
import { fireDueTimers } from '@server/timers/fire';
import { setUpTestContext, type Member, type TestContext, uncheckedInput } from '@tests/support/harness';
import { placeTestOrder } from '@tests/support/order-factories';
import { englishCode, englishField } from '@tests/support/texts';
import { expectRateLimitFields } from '@tests/support/rate-limit-fields';
import type { ConversationsApi } from './routes';
// After the harness: the API's schemas need zod's OpenAPI extension loaded first.

// D26 through the API: who reads and writes a conversation, the body's limits, read marks and
// unread counts, "Ask the owner", and the message emails (one per 30 minutes, with the clock set).

let ctx: TestContext;
let admin: Member;
const MINUTE = 60_000;
const START = new Date('2026-12-02T02:00:00Z');

setUpTestContext((made, madeAdmin) => {
  ctx = made;
  admin = madeAdmin;
});

async function anOrder() {
  const owner = await ctx.member({ name: 'Made Owner' });
  const borrower = await ctx.member({ name: 'Sari Borrower' });
  const book = await createBook(ctx.db, { ownerId: owner.user.id, title: 'Matilda' });
  const placed = await placeTestOrder(ctx, { borrower, books: [book] });
  return { owner, borrower, book, id: placed.order.id };
}

const say = (cookie: string, orderId: string, body: unknown) =>
  ctx.answer(
    ctx
      .client<ConversationsApi>(cookie)
      .orders[':id'].conversation.$post({ param: { id: orderId }, json: { body: uncheckedInput(body) } }),
  );
const read = (cookie: string, orderId: string) =>
  ctx.answer(
    ctx.client<ConversationsApi>(cookie).orders[':id'].conversation.$get({ param: { id: orderId } }),
  );
const unread = (cookie: string, orders?: string[]) =>
  ctx.answer(
    ctx.client<ConversationsApi>(cookie).conversations.unread.$get({
      query: orders ? { orders: orders.join(',') } : {},
    }),
  );

/** Message emails queued to `to`, oldest first. */
async function messageEmailsTo(to: string) {
  return ctx.db
    .select()
    .from(emailNotifications)
    .where(and(eq(emailNotifications.recipientEmail, to), eq(emailNotifications.emailType, 'message')))
    .orderBy(asc(emailNotifications.createdAt));
}
const runWorker = async () => {
  await ctx.deps.outbox.runOnce();
  await ctx.deps.outbox.runOnce();
};

describe("an order's conversation (D26)", () => {
  it('borrower and owner write and read it; admins read and write as Rakbuku; nobody else', async () => {
    const { owner, borrower, id } = await anOrder();
    const stranger = await ctx.member();

    const empty = await read(borrower.cookie, id);
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({
      id: null,
      kind: 'order',
      messages: { items: [], nextCursor: null, prevCursor: null },
      memberName: 'Sari Borrower',
    });

    const first = await say(borrower.cookie, id, 'Can I pick it up in Sanur on Friday?');
    expect(first.status).toBe(201);
    expect(first.body.messages.items).toHaveLength(1);
    expect(first.body.messages.items[0]).toMatchObject({ mine: true, authorName: 'Sari Borrower' });

    const answer = await say(owner.cookie, id, 'Yes, after 3 pm.');
    expect(answer.status).toBe(201);
    expect(answer.body.id).toBe(first.body.id);

    const fromAdmin = await say(admin.cookie, id, 'We are here if you need us.');
    expect(fromAdmin.status).toBe(201);
    expect(fromAdmin.body.asAdmin).toBe(true);
    expect(fromAdmin.body.messages.items[2]).toMatchObject({ authorName: 'Ops Admin', fromAdmin: true });
    // Members see an admin's message as from Rakbuku.
    const seen = await read(borrower.cookie, id);
    expect(seen.body.messages.items.map((m: { authorName: string }) => m.authorName)).toEqual([
      'Sari Borrower',
      'Made Owner',
      'Rakbuku',
    ]);

    // A member with no part in the order: refused, and nothing is written.
    expect((await read(stranger.cookie, id)).status).toBe(403);
    const refused = await say(stranger.cookie, id, 'Let me in');
    expect(refused.status).toBe(403);
    expect(
      (
        await ctx.answer(
          ctx
            .client<ConversationsApi>(stranger.cookie)
            .conversations[':id'].$get({ param: { id: first.body.id } }),
        )
      ).status,
    ).toBe(403);
    const byId = await ctx.answer(
      ctx
        .client<ConversationsApi>(stranger.cookie)
        .conversations[':id'].messages.$post({ param: { id: first.body.id }, json: { body: 'Let me in' } }),
    );
    expect(byId.status).toBe(403);
    expect(byId.body.error.message).toBe(englishCode('THREAD_FORBIDDEN'));
    expect(
      (await ctx.answer(ctx.client<ConversationsApi>(stranger.cookie).conversations.$get({ query: {} }))).body
        .items,
    ).toEqual([]);
    expect(await ctx.db.select().from(messages).where(eq(messages.threadId, first.body.id))).toHaveLength(3);
    // Guests: 401.
    expect(
      (
        await ctx.answer(
          ctx.client<ConversationsApi>().orders[':id'].conversation.$get({ param: { id: id } }),
        )
      ).status,
    ).toBe(401);
  });

  it('refuses an empty body and one of 2,001 characters with clear messages; 2,000 is fine', async () => {
    const { borrower, id } = await anOrder();
    for (const body of ['', '   \n ']) {
      const res = await say(borrower.cookie, id, body);
      expect(res.status).toBe(422);
      expect(res.body.error.message).toBe(englishField('messageRequired'));
    }
    const long = await say(borrower.cookie, id, 'x'.repeat(2001));
    expect(long.status).toBe(422);
    expect(long.body.error.message).toBe('A message can be at most 2,000 characters.');
    expect((await read(borrower.cookie, id)).body.messages.items).toEqual([]);
    expect((await say(borrower.cookie, id, 'y'.repeat(2000))).status).toBe(201);
  });

  it('counts unread messages per order and in all, and the read mark clears them', async () => {
    const { owner, borrower, id } = await anOrder();
    await say(borrower.cookie, id, 'One');
    await say(borrower.cookie, id, 'Two');
    // The writer has nothing unread; the owner has two, on this order.
    expect((await unread(borrower.cookie, [id])).body).toEqual({ total: 0, orders: [] });
    expect((await unread(owner.cookie, [id])).body).toEqual({
      total: 2,
      orders: [{ orderId: id, unread: 2 }],
    });
    // Without orders named, the total alone: the answer stays small however many orders.
    expect((await unread(owner.cookie)).body).toEqual({ total: 2, orders: [] });
    const view = await read(owner.cookie, id);
    expect(view.body.unread).toBe(2);
    const list = await ctx.answer(
      ctx.client<ConversationsApi>(owner.cookie).conversations.$get({ query: {} }),
    );
    expect(list.body.items[0]).toMatchObject({
      id: view.body.id,
      unread: 2,
      lastMessage: 'Two',
      withName: 'Sari Borrower',
    });

    // An admin looking in leaves the members' marks alone.
    expect(
      (
        await ctx.answer(
          ctx
            .client<ConversationsApi>(admin.cookie)
            .conversations[':id'].read.$post({ param: { id: view.body.id } }),
        )
      ).status,
    ).toBe(200);
    expect((await unread(owner.cookie)).body.total).toBe(2);

    const marked = await ctx.answer(
      ctx
        .client<ConversationsApi>(owner.cookie)
        .conversations[':id'].read.$post({ param: { id: view.body.id } }),
    );
    expect(marked.status).toBe(200);
    expect(marked.body).toEqual({ total: 0, orders: [] });
    await say(owner.cookie, id, 'Three');
    expect((await unread(borrower.cookie, [id])).body).toEqual({
      total: 1,
      orders: [{ orderId: id, unread: 1 }],
    });
  });
});

type Paged = { items: { id: string; body: string }[]; nextCursor: string | null; prevCursor: string | null };

describe("a conversation's pages (docs/architecture.md, Lists at scale)", () => {
  it('answers the latest 50 messages, oldest first, and older pages by cursor: each message once, in order', async () => {
    setClock(START);
    const { owner, borrower, id } = await anOrder();
    const first = await say(borrower.cookie, id, 'Message 0');
    const threadId = first.body.id as string;
    // 119 more written straight in (the API would refuse 10 a minute); pairs share a moment, so
    // the id decides between them as it does in the index.
    await ctx.db.insert(messages).values(
      Array.from({ length: 119 }, (_, i) => ({
        threadId,
        authorId: i % 3 === 0 ? owner.user.id : borrower.user.id,
        authorName: 'x',
        body: `Message ${i + 1}`,
        createdAt: new Date(START.getTime() + Math.ceil((i + 1) / 2) * MINUTE),
      })),
    );
    const all = await ctx.db
      .select({ id: messages.id })
      .from(messages)
      .where(eq(messages.threadId, threadId))
      .orderBy(asc(messages.createdAt), asc(messages.id));

    const view = await read(owner.cookie, id);
    const latest = view.body.messages as Paged;
    expect(latest.items.map((m) => m.id)).toEqual(all.slice(70).map((m) => m.id));
    expect(latest.prevCursor).toBeNull();
    const pageOf = async (cursor: string, cookie = owner.cookie) =>
      ctx.answer(
        ctx
          .client<ConversationsApi>(cookie)
          .conversations[':id'].messages.$get({ param: { id: threadId }, query: { cursor: cursor } }),
      );
    const older = (await pageOf(latest.nextCursor as string)).body as Paged;
    expect(older.items.map((m) => m.id)).toEqual(all.slice(20, 70).map((m) => m.id));
    const oldest = (await pageOf(older.nextCursor as string)).body as Paged;
    expect(oldest.items.map((m) => m.id)).toEqual(all.slice(0, 20).map((m) => m.id));
    expect(oldest.items[0].body).toBe('Message 0');
    expect(oldest.nextCursor).toBeNull();
    // Back towards the latest: the page before the oldest is the middle one again.
    expect(((await pageOf(oldest.prevCursor as string)).body as Paged).items).toEqual(older.items);
    // The first page by its own route is the conversation's latest page.
    const again = await ctx.answer(
      ctx
        .client<ConversationsApi>(owner.cookie)
        .conversations[':id'].messages.$get({ param: { id: threadId }, query: {} }),
    );
    expect(again.body).toEqual(latest);

    // Its members and admins only; a cursor of another list is refused.
    const stranger = await ctx.member();
    expect((await pageOf(latest.nextCursor as string, stranger.cookie)).status).toBe(403);
    expect((await pageOf(latest.nextCursor as string, admin.cookie)).status).toBe(200);
    const otherList = (
      await ctx.answer(
        ctx.client<ConversationsApi>(owner.cookie).conversations.$get({ query: { pageSize: '1' } }),
      )
    ).body;
    const bogus = Buffer.from(
      JSON.stringify(['threads-mine', 'a', '2026-12-02 02:00:00+00', threadId]),
    ).toString('base64url');
    expect(otherList.items).toHaveLength(1);
    expect((await pageOf(bogus)).status).toBe(400);
    expect((await pageOf('not-a-cursor')).status).toBe(400);
  });
});

describe('unread counts, kept (migration 0045)', () => {
  /** What the kept counts should be: counted again from the messages and the read marks. */
  async function recounted() {
    const rows = (await ctx.db.execute(sql`
      select p.user_id, count(m.id)::int as n
      from ${threads} t
      cross join lateral (values (t.member_id), (t.owner_id)) as p(user_id)
      left join ${threadReads} r on r.thread_id = t.id and r.user_id = p.user_id
      join ${messages} m on m.thread_id = t.id and m.author_id is distinct from p.user_id
        and m.created_at > coalesce(r.read_at, '-infinity'::timestamptz)
      where p.user_id is not null
      group by p.user_id`)) as unknown as { rows: { user_id: string; n: number }[] };
    return Object.fromEntries(rows.rows.map((r) => [r.user_id, r.n]));
  }
  async function kept() {
    const totals = await ctx.db.select().from(unreadTotals);
    const perThread = await ctx.db
      .select({ userId: threadReads.userId, n: sql<number>`sum(${threadReads.unread})::int` })
      .from(threadReads)
      .groupBy(threadReads.userId);
    const sums = Object.fromEntries(perThread.filter((r) => r.n > 0).map((r) => [r.userId, r.n]));
    return {
      totals: Object.fromEntries(totals.filter((r) => r.total !== 0).map((r) => [r.userId, r.total])),
      sums,
    };
  }
  const expectKeptRight = async () => {
    const truth = await recounted();
    const { totals, sums } = await kept();
    expect(totals).toEqual(truth);
    expect(sums).toEqual(truth);
  };

  it('agree with a count of the messages after every kind of write', async () => {
    setClock(START);
    const a = await anOrder();
    const b = await anOrder();
    await expectKeptRight();
    await say(a.borrower.cookie, a.id, 'One');
    await say(a.borrower.cookie, a.id, 'Two');
    await say(b.owner.cookie, b.id, 'Hello');
    await expectKeptRight();
    // An admin's message is unread for both members.
    advanceClock(MINUTE);
    const thread = (await read(a.owner.cookie, a.id)).body.id as string;
    await ctx.answer(
      ctx
        .client<ConversationsApi>(admin.cookie)
        .conversations[':id'].messages.$post({ param: { id: thread }, json: { body: 'Hi' } }),
    );
    await expectKeptRight();
    expect((await unread(a.borrower.cookie)).body.total).toBe(1);
    // Writing marks everything before read; marking read clears the rest.
    advanceClock(MINUTE);
    await say(a.owner.cookie, a.id, 'Answer');
    await expectKeptRight();
    await ctx.answer(
      ctx
        .client<ConversationsApi>(a.borrower.cookie)
        .conversations[':id'].read.$post({ param: { id: thread } }),
    );
    await expectKeptRight();
    // Messages written straight in (any writer), one before the read mark, then deleted.
    await ctx.db.insert(messages).values([
      { threadId: thread, authorId: a.owner.user.id, authorName: 'x', body: 'old', createdAt: START },
      {
        threadId: thread,
        authorId: a.owner.user.id,
        authorName: 'x',
        body: 'new',
        createdAt: new Date(START.getTime() + 5 * MINUTE),
      },
    ]);
    await expectKeptRight();
    expect((await unread(a.borrower.cookie, [a.id, b.id])).body).toEqual({
      total: 1,
      orders: [{ orderId: a.id, unread: 1 }],
    });
    await ctx.db.delete(messages).where(eq(messages.threadId, thread));
    await expectKeptRight();
    // A deleted member's conversations leave the other side's counts right.
    await ctx.db.execute(sql`delete from "user" where id = ${b.owner.user.id}`);
    await expectKeptRight();
    expect((await unread(b.borrower.cookie)).body.total).toBe(1);
  });
});

describe('conversation counts, kept (migration 0056)', () => {
  /** What Messages and the Inbox counted from the rows before the counts were kept. */
  async function recounted() {
    const { rows } = (await ctx.db.execute(sql`
      select m as user_id, count(*)::int as n
      from ${threads} t, unnest(array_remove(array[t.member_id, nullif(t.owner_id, t.member_id)], null)) m
      group by m`)) as unknown as { rows: { user_id: string; n: number }[] };
    const [all] = await ctx.db.select({ n: count() }).from(threads);
    return { members: Object.fromEntries(rows.map((r) => [r.user_id, r.n])), all: all.n };
  }
  const listed = (cookie: string) =>
    ctx.answer(ctx.client<ConversationsApi>(cookie).conversations.$get({ query: {} }));
  const inbox = () =>
    ctx.answer(ctx.client<ConversationsApi>(admin.cookie).admin.conversations.$get({ query: {} }));
  /** The kept counts against the rows, and the lists' totals against both. */
  const expectKeptRight = async (...members: Member[]) => {
    const truth = await recounted();
    const kept = await ctx.db.select().from(memberCounts).where(ne(memberCounts.threads, 0));
    expect(Object.fromEntries(kept.map((r) => [r.userId, r.threads]))).toEqual(truth.members);
    expect((await inbox()).body.total).toBe(truth.all);
    for (const member of members)
      expect((await listed(member.cookie)).body.total).toBe(truth.members[member.user.id] ?? 0);
  };

  it('agree with a count of the conversations through openings, deletions and a deleted member', async () => {
    setClock(START);
    const a = await anOrder();
    const b = await anOrder();
    await expectKeptRight(a.borrower, a.owner);
    await say(a.borrower.cookie, a.id, 'One');
    await say(b.owner.cookie, b.id, 'Hello');
    // The owner of b asks about a's book: a conversation of its own, counted for both sides.
    const asked = await ctx.answer(
      ctx
        .client<ConversationsApi>(b.owner.cookie)
        .books[':id'].conversation.$post({ param: { id: a.book.id }, json: { body: 'Still there?' } }),
    );
    expect(asked.status).toBe(201);
    await expectKeptRight(a.borrower, a.owner, b.owner, b.borrower);
    expect((await listed(a.owner.cookie)).body.total).toBe(2);
    // A message in a conversation already open moves it, and logs no change of count.
    await say(a.borrower.cookie, a.id, 'Two');
    expect(
      await ctx.db.select().from(adminCounterDeltas).where(eq(adminCounterDeltas.name, 'threads')),
    ).toEqual([]);
    await expectKeptRight(a.borrower, a.owner);
    // A deleted member's side is set to null: the other side keeps its count.
    await ctx.db.execute(sql`delete from "user" where id = ${b.borrower.user.id}`);
    await expectKeptRight(b.owner);
    expect((await listed(b.owner.cookie)).body.total).toBe(2);
    // An order deleted takes its conversation with it.
    await ctx.db.delete(orders).where(eq(orders.id, a.id));
    await expectKeptRight(a.borrower, a.owner, b.owner);
    expect((await listed(a.borrower.cookie)).body.total).toBe(0);
  });
});

describe('Ask the owner (D26)', () => {
  it("starts the member's conversation about a book, continues it, and is refused on one's own book", async () => {
    const owner = await ctx.member({ name: 'Ketut Owner' });
    const asker = await ctx.member({ name: 'Ayu Asker' });
    const book = await createBook(ctx.db, { ownerId: owner.user.id, title: 'Circe' });

    const before = await ctx.answer(
      ctx.client<ConversationsApi>(asker.cookie).books[':id'].conversation.$get({ param: { id: book.id } }),
    );
    expect(before.body).toMatchObject({
      id: null,
      kind: 'book',
      bookTitle: 'Circe',
      ownerName: 'Ketut Owner',
    });
    const asked = await ctx.answer(
      ctx.client<ConversationsApi>(asker.cookie).books[':id'].conversation.$post({
        param: { id: book.id },
        json: { body: 'Is the cover in good shape?' },
      }),
    );
    expect(asked.status).toBe(201);
    const again = await ctx.answer(
      ctx.client<ConversationsApi>(asker.cookie).books[':id'].conversation.$post({
        param: { id: book.id },
        json: { body: 'And can I pick it up in Ubud?' },
      }),
    );
    expect(again.body.id).toBe(asked.body.id);
    expect(again.body.messages.items).toHaveLength(2);

    // The owner finds it in Messages and answers by its id.
    const list = await ctx.answer(
      ctx.client<ConversationsApi>(owner.cookie).conversations.$get({ query: {} }),
    );
    expect(list.body.items).toHaveLength(1);
    expect(list.body.items[0]).toMatchObject({
      kind: 'book',
      bookTitle: 'Circe',
      unread: 2,
      withName: 'Ayu Asker',
    });
    const answer = await ctx.answer(
      ctx.client<ConversationsApi>(owner.cookie).conversations[':id'].messages.$post({
        param: { id: asked.body.id },
        json: { body: 'Like new. Yes.' },
      }),
    );
    expect(answer.status).toBe(201);
    expect((await unread(asker.cookie)).body.total).toBe(1);

    const own = await ctx.answer(
      ctx
        .client<ConversationsApi>(owner.cookie)
        .books[':id'].conversation.$post({ param: { id: book.id }, json: { body: 'Hello me' } }),
    );
    expect(own.status).toBe(409);
    expect(own.body.error.message).toBe(englishCode('OWN_BOOK_QUESTION'));

    // Another member asking about the same book gets a conversation of their own.
    const second = await ctx.member();
    const theirs = await ctx.answer(
      ctx
        .client<ConversationsApi>(second.cookie)
        .books[':id'].conversation.$post({ param: { id: book.id }, json: { body: 'Me too' } }),
    );
    expect(theirs.body.id).not.toBe(asked.body.id);
    expect(theirs.body.messages.items).toHaveLength(1);

    // The admins' inbox has both.
    const inbox = await ctx.answer(
      ctx.client<ConversationsApi>(admin.cookie).admin.conversations.$get({ query: {} }),
    );
    expect(inbox.body.items.map((t: { id: string }) => t.id)).toEqual(
      expect.arrayContaining([asked.body.id, theirs.body.id]),
    );
  });
});

describe('message emails (D26)', () => {
  it('three messages in 10 minutes give the other side one email; a fourth after 31 minutes a second', async () => {
    setClock(START);
    const { owner, borrower, id } = await anOrder();
    await say(borrower.cookie, id, 'First');
    await runWorker();
    advanceClock(5 * MINUTE);
    await say(borrower.cookie, id, 'Second');
    await runWorker();
    advanceClock(5 * MINUTE);
    await say(borrower.cookie, id, 'Third');
    await runWorker();
    let toOwner = await messageEmailsTo(owner.user.email);
    expect(toOwner).toHaveLength(1);
    expect(toOwner[0].textBody).toContain('First');

    advanceClock(21 * MINUTE); // 31 minutes after the first
    await say(borrower.cookie, id, 'Fourth');
    await runWorker();
    await runWorker();
    toOwner = await messageEmailsTo(owner.user.email);
    expect(toOwner).toHaveLength(2);
    // The second carries every message since the first email, and says how to answer.
    expect(toOwner[1].subject).toMatch(/^3 new messages about order #/);
    for (const text of ['Second', 'Third', 'Fourth']) expect(toOwner[1].textBody).toContain(text);
    expect(toOwner[1].textBody).not.toContain('First');
    expect(toOwner[1].textBody).toContain(`${ctx.config.appUrl}/orders/${id}`);
    // Never to the writer, never twice.
    expect(await messageEmailsTo(borrower.user.email)).toEqual([]);
    advanceClock(60 * MINUTE);
    await runWorker();
    expect(await messageEmailsTo(owner.user.email)).toHaveLength(2);
  });

  it('messages in two conversations due at one moment reach a member in ONE email, each with its link (D37)', async () => {
    setClock(START);
    const owner = await ctx.member({ name: 'Made Owner' });
    const talks: Array<{ borrower: Member; id: string }> = [];
    for (const title of ['Matilda', 'Momo']) {
      const borrower = await ctx.member();
      const book = await createBook(ctx.db, { ownerId: owner.user.id, title });
      const placed = await placeTestOrder(ctx, { borrower, books: [book] });
      talks.push({ borrower, id: placed.order.id });
    }
    // Each conversation's first message is emailed at once, each in its own email.
    for (const [i, { borrower, id }] of talks.entries()) {
      await say(borrower.cookie, id, `Hello ${i}`);
      await runWorker();
    }
    expect(await messageEmailsTo(owner.user.email)).toHaveLength(2);
    // Five minutes later both write again: both conversations wait for the 30th minute, the
    // same moment, and go out together.
    advanceClock(5 * MINUTE);
    await say(talks[0].borrower.cookie, talks[0].id, 'About Matilda');
    await say(talks[1].borrower.cookie, talks[1].id, 'About Momo');
    await runWorker();
    expect(await messageEmailsTo(owner.user.email)).toHaveLength(2);
    advanceClock(25 * MINUTE);
    await runWorker();
    let toOwner = await messageEmailsTo(owner.user.email);
    expect(toOwner).toHaveLength(3);
    expect(toOwner[2].subject).toBe('2 new messages in 2 conversations');
    for (const text of ['About Matilda', 'About Momo']) expect(toOwner[2].textBody).toContain(text);
    expect(toOwner[2].textBody).not.toContain('Hello');
    for (const { id } of talks) {
      expect(toOwner[2].textBody).toContain(`Answer on the order page: ${ctx.config.appUrl}/orders/${id}`);
    }
    // Never twice, never to the writers.
    await runWorker();
    expect(await messageEmailsTo(owner.user.email)).toHaveLength(3);
    for (const { borrower } of talks) expect(await messageEmailsTo(borrower.user.email)).toEqual([]);

    // The combined email counts for both conversations: a message 10 minutes later waits for
    // the 30th minute after it, then goes alone.
    advanceClock(10 * MINUTE);
    await say(talks[0].borrower.cookie, talks[0].id, 'Ten minutes later');
    await runWorker();
    expect(await messageEmailsTo(owner.user.email)).toHaveLength(3);
    advanceClock(20 * MINUTE);
    await runWorker();
    toOwner = await messageEmailsTo(owner.user.email);
    expect(toOwner).toHaveLength(4);
    expect(toOwner[3].subject).toMatch(/^New message about order #/);
    expect(toOwner[3].textBody).toContain('Ten minutes later');
    expect(toOwner[3].textBody).not.toContain('About M');
  });

  it("two workers firing one member's timers at once send their messages in one email, once", async () => {
    setClock(START);
    const owner = await ctx.member({ name: 'Made Owner' });
    const talks: Array<{ borrower: Member; id: string }> = [];
    for (const title of ['Ronia', 'Heidi', 'Pippi']) {
      const borrower = await ctx.member();
      const book = await createBook(ctx.db, { ownerId: owner.user.id, title });
      talks.push({ borrower, id: (await placeTestOrder(ctx, { borrower, books: [book] })).order.id });
    }
    for (const { borrower, id } of talks) {
      await say(borrower.cookie, id, 'First');
      await runWorker();
    }
    advanceClock(5 * MINUTE);
    for (const { borrower, id } of talks) await say(borrower.cookie, id, `Again ${id}`);
    await runWorker();
    advanceClock(25 * MINUTE);
    const deps = { db: ctx.db, config: ctx.config, log: ctx.deps.log };
    const [a, b] = await Promise.all([fireDueTimers(deps), fireDueTimers(deps)]);
    expect(a.failed + b.failed).toBe(0);
    await runWorker();
    const toOwner = await messageEmailsTo(owner.user.email);
    expect(toOwner).toHaveLength(talks.length + 1);
    const combined = toOwner[talks.length];
    expect(combined.subject).toBe('3 new messages in 3 conversations');
    for (const { id } of talks) expect(combined.textBody).toContain(`Again ${id}`);
  });

  it('what the recipient already read on the site is not emailed', async () => {
    setClock(START);
    const { owner, borrower, id } = await anOrder();
    await say(borrower.cookie, id, 'Before the first email');
    await runWorker();
    advanceClock(2 * MINUTE);
    const view = await say(borrower.cookie, id, 'Read on the site');
    await ctx.answer(
      ctx
        .client<ConversationsApi>(owner.cookie)
        .conversations[':id'].read.$post({ param: { id: view.body.id } }),
    );
    advanceClock(40 * MINUTE);
    await runWorker();
    expect(await messageEmailsTo(owner.user.email)).toHaveLength(1);
  });

  it('an admin message reaches both members, as from Rakbuku, and the admin gets none', async () => {
    setClock(START);
    const { owner, borrower, id } = await anOrder();
    await say(admin.cookie, id, 'Please agree on a time.');
    await runWorker();
    for (const member of [owner, borrower]) {
      const [mail] = await messageEmailsTo(member.user.email);
      expect(mail.textBody).toContain('Rakbuku, ');
      expect(mail.textBody).not.toContain('Ops Admin');
    }
    expect(await messageEmailsTo(admin.user.email)).toEqual([]);
  });

  it('a message is text: markup and Markdown arrive literally, escaped in the HTML', async () => {
    setClock(START);
    const { owner, borrower, id } = await anOrder();
    const hostile =
      '<script>alert(1)</script> <img src=x onerror=alert(2)> **bold** [link](javascript:alert(3))';
    const posted = await say(borrower.cookie, id, hostile);
    expect(posted.body.messages.items[0].body).toBe(hostile);
    await runWorker();
    const [mail] = await messageEmailsTo(owner.user.email);
    expect(mail.textBody).toContain(hostile);
    expect(mail.htmlBody).not.toContain('<script>');
    expect(mail.htmlBody).not.toContain('<img');
    expect(mail.htmlBody).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.htmlBody).toContain('**bold** [link](javascript:alert(3))');
  });
});

// 200 messages in 9.4 s were accepted: each writer may send 10 a minute and 200 a day, over all
// their conversations; past that 429 TOO_MANY_MESSAGES with Retry-After, and nothing is stored.
describe('the message limit', () => {
  // Counted in the table: the conversation's answer carries only its latest page.
  const stored = async (orderId: string) => {
    const view = await ctx.answer(
      ctx.client<ConversationsApi>(admin.cookie).orders[':id'].conversation.$get({ param: { id: orderId } }),
    );
    return view.body.id ? ctx.db.$count(messages, eq(messages.threadId, view.body.id)) : 0;
  };

  it('10 a minute: the 11th is refused with Retry-After and stored nowhere; a minute later it goes', async () => {
    setClock(START);
    const { owner, borrower, id } = await anOrder();
    for (let i = 0; i < 10; i++) expect((await say(borrower.cookie, id, `Message ${i}`)).status).toBe(201);
    const refused = await say(borrower.cookie, id, 'One too many');
    expect(refused.status).toBe(429);
    expect(refused.body.error).toEqual({
      code: 'TOO_MANY_MESSAGES',
      message: englishCode('TOO_MANY_MESSAGES', { minutes: 1 }),
      params: { minutes: 1 },
    });
    expectRateLimitFields(refused, 'messages-minute', 10, 60);
    expect(await stored(id)).toBe(10);
    // Another conversation of the same writer counts too ("Ask the owner").
    const other = await createBook(ctx.db, { ownerId: owner.user.id, title: 'Another' });
    const ask = await ctx.answer(
      ctx
        .client<ConversationsApi>(borrower.cookie)
        .books[':id'].conversation.$post({ param: { id: other.id }, json: { body: 'Is this one free?' } }),
    );
    expect(ask.status).toBe(429);
    // The other member is not held back by this one's messages.
    expect((await say(owner.cookie, id, 'Slow down, please')).status).toBe(201);
    advanceClock(61_000);
    expect((await say(borrower.cookie, id, 'Sorry')).status).toBe(201);
  });

  it('200 a day: the next one waits for the day to end', async () => {
    setClock(START);
    const { borrower, id } = await anOrder();
    for (let i = 0; i < 200; i++) {
      if (i > 0 && i % 10 === 0) advanceClock(61_000);
      expect((await say(borrower.cookie, id, `Message ${i}`)).status).toBe(201);
    }
    advanceClock(61_000);
    const refused = await say(borrower.cookie, id, 'Number 201');
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('TOO_MANY_MESSAGES');
    expect(expectRateLimitFields(refused, 'messages-day', 200, 24 * 3600)).toBeGreaterThan(20 * 3600);
    expect(await stored(id)).toBe(200);
  }, 300_000);
});
