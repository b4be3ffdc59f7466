import { Send } from 'lucide-react';
import { type FormEvent, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MESSAGE_MAX, type MessageView, type ThreadView } from '@domain/conversation';
import { Button } from '@web/components/ui/button';
import { cn } from '@web/components/ui/cn';
import { ErrorBanner } from '@web/components/ui/feedback';
import { Textarea } from '@web/components/ui/field';
import { type MessageHistory, useMarkRead } from '@web/features/messages/api';
import { formatCount, formatOrderDateTime } from '@web/lib/format';

// Conversations as the order page and the Messages pages show them. A message is plain
// text: React escapes it, and only http(s) addresses become links (never markup, never
// dangerouslySetInnerHTML), opened without giving the other page a handle on ours.

const URL_PATTERN = /\bhttps?:\/\/[^\s<>"]+[^\s<>".,;:!?)\]'"]/g;

/** The text with its web addresses as links; everything else exactly as written. */
export function MessageText({ text }: { text: string }) {
  const parts: Array<string | { url: string }> = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const start = match.index ?? 0;
    if (start > last) parts.push(text.slice(last, start));
    parts.push({ url: match[0] });
    last = start + match[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return (
    <p className="break-words whitespace-pre-wrap">
      {parts.map((part, i) =>
        typeof part === 'string' ? (
          part
        ) : (
          <a
            key={i}
            href={part.url}
            target="_blank"
            rel="noopener noreferrer nofollow ugc"
            className="underline underline-offset-2"
          >
            {part.url}
          </a>
        ),
      )}
    </p>
  );
}

export function MessageBubble({ message }: { message: MessageView }) {
  const { t } = useTranslation('messages');
  return (
    <div className={cn('flex', message.mine ? 'justify-end' : 'justify-start')} data-testid="message">
      <div
        className={cn(
          'max-w-[85%] rounded-2xl px-4 py-2.5 text-sm shadow-xs',
          message.mine
            ? 'bg-brand-700 text-white'
            : message.fromAdmin
              ? 'border border-violet-200 bg-violet-50 text-stone-900'
              : 'border border-stone-200 bg-stone-50 text-stone-900',
        )}
      >
        <p className={cn('mb-0.5 text-xs font-semibold', message.mine ? 'text-brand-50' : 'text-stone-600')}>
          {message.mine ? t('you') : message.authorName}
        </p>
        <MessageText text={message.body} />
        <p className={cn('mt-1 text-[11px]', message.mine ? 'text-brand-100' : 'text-stone-500')}>
          <time dateTime={message.createdAt}>{formatOrderDateTime(message.createdAt)}</time>
        </p>
      </div>
    </div>
  );
}

/** The box to write in: 1 to 2,000 characters, checked here and again by the server. */
export function Composer({
  onSend,
  pending,
  serverError,
  initial = '',
  label,
}: {
  onSend: (body: string) => Promise<unknown>;
  pending: boolean;
  serverError?: string | null;
  initial?: string;
  label?: string;
}) {
  const { t } = useTranslation('messages');
  const id = useId();
  const [body, setBody] = useState(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const length = body.trim().length;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (length === 0) return setProblem(t('errors.required'));
    if (length > MESSAGE_MAX) return setProblem(t('errors.tooLong'));
    setProblem(null);
    try {
      await onSend(body.trim());
      setBody('');
    } catch {
      // The server's message is shown below (serverError).
    }
  }

  return (
    <form onSubmit={submit} className="space-y-2" noValidate>
      <label htmlFor={id} className="block text-sm font-medium text-stone-800">
        {label ?? t('composer.label')}
      </label>
      <Textarea
        id={id}
        rows={3}
        value={body}
        onChange={(e) => setBody(e.target.value)}
        invalid={!!problem}
        aria-describedby={`${id}-count`}
        placeholder={t('composer.placeholder')}
      />
      <div className="flex items-center justify-between gap-3">
        <p
          id={`${id}-count`}
          className={cn('text-xs', length > MESSAGE_MAX ? 'text-red-700' : 'text-stone-500')}
        >
          {t('composer.count', { count: length, max: formatCount(MESSAGE_MAX) })}
        </p>
        <Button type="submit" loading={pending}>
          <Send className="size-4" aria-hidden />
          {t('composer.send')}
        </Button>
      </div>
      {(problem || serverError) && <ErrorBanner>{problem ?? serverError}</ErrorBanner>}
      <p className="text-xs text-stone-500">{t('composer.plainText')}</p>
    </form>
  );
}

/** Marks the conversation read once it is on screen with something unread. */
export function useMarkSeen(thread: ThreadView | undefined) {
  const markRead = useMarkRead();
  const { mutate } = markRead;
  const id = thread?.id ?? null;
  const unread = thread?.unread ?? 0;
  const asAdmin = thread?.asAdmin ?? false;
  useEffect(() => {
    if (id && unread > 0 && !asAdmin) mutate(id);
  }, [id, unread, asAdmin, mutate]);
}

/**
 * "Show older messages" above a conversation: loads the page before the oldest shown. The
 * message that was first on screen stays where it was (the older ones appear above it, out of
 * sight), so the reader keeps their place and scrolls up to read on.
 */
export function OlderMessages({ history }: { history: MessageHistory }) {
  const { t } = useTranslation('messages');
  const ref = useRef<HTMLDivElement>(null);
  const anchor = useRef<{ element: Element; top: number } | null>(null);
  const count = history.messages.length;

  useLayoutEffect(() => {
    const held = anchor.current;
    if (!held || count === 0) return;
    anchor.current = null;
    const moved = held.element.getBoundingClientRect().top - held.top;
    if (moved !== 0) window.scrollBy(0, moved);
  }, [count]);

  if (!history.hasOlder) return null;
  async function load() {
    // The first message shown now: the one below this button's container.
    const element = ref.current?.parentElement?.querySelector('[data-testid="message"]');
    if (element) anchor.current = { element, top: element.getBoundingClientRect().top };
    await history.loadOlder();
  }
  return (
    <div ref={ref} className="flex flex-col items-center gap-2">
      <Button variant="secondary" size="sm" onClick={load} loading={history.loading}>
        {history.loading ? t('thread.olderLoading') : t('thread.older')}
      </Button>
      {history.failed && <ErrorBanner>{t('thread.olderError')}</ErrorBanner>}
    </div>
  );
}
