import { ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ThreadSummary } from '@domain/conversation';
import { Badge } from '@web/components/ui/badge';
import { cn } from '@web/components/ui/cn';
import { formatOrderDateTime } from '@web/lib/format';
import { paths } from '@web/lib/paths';

/** Conversations newest first; an unread one is bold with its count. */
export function ThreadList({ threads }: { threads: ThreadSummary[] }) {
  const { t } = useTranslation('messages');
  return (
    <ul className="divide-y divide-stone-200 overflow-hidden rounded-2xl border border-stone-200 bg-white">
      {threads.map((thread) => {
        const topic =
          thread.kind === 'order'
            ? t('list.aboutOrder', { number: thread.orderNumber })
            : t('list.aboutBook', { title: thread.bookTitle });
        const who = thread.withName
          ? t('list.with', { name: thread.withName })
          : t('list.between', { member: thread.memberName, owner: thread.ownerName });
        return (
          <li key={thread.id} data-testid="thread-row" data-unread={thread.unread > 0 || undefined}>
            <Link
              to={thread.orderId ? paths.order(thread.orderId) : paths.thread(thread.id)}
              className={cn(
                'flex items-center gap-3 px-4 py-3.5 hover:bg-stone-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600 sm:px-5',
                thread.unread > 0 && 'bg-brand-50/40',
              )}
            >
              <span
                aria-hidden
                className={cn(
                  'size-2 shrink-0 rounded-full',
                  thread.unread > 0 ? 'bg-brand-600' : 'bg-transparent',
                )}
              />
              <div className="min-w-0 flex-1">
                <div className="flex flex-wrap items-center gap-x-2 gap-y-0.5">
                  <span
                    className={cn(
                      'truncate text-stone-900',
                      thread.unread > 0 ? 'font-semibold' : 'font-medium',
                    )}
                  >
                    {topic}
                  </span>
                  <span className="text-sm text-stone-500">{who}</span>
                  {thread.unread > 0 && (
                    <Badge tone="brand">
                      <span aria-hidden>{t('list.newMessages', { count: thread.unread })}</span>
                      <span className="sr-only">{t('unread', { count: thread.unread })}</span>
                    </Badge>
                  )}
                </div>
                <p className="truncate text-sm text-stone-600">{thread.lastMessage}</p>
              </div>
              <time
                dateTime={thread.lastMessageAt}
                className="hidden shrink-0 text-xs text-stone-500 sm:block"
              >
                {formatOrderDateTime(thread.lastMessageAt)}
              </time>
              <ChevronRight className="size-4 shrink-0 text-stone-400" aria-hidden />
              <span className="sr-only">{t('list.open')}</span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
