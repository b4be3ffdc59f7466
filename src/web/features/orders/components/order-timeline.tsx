import { useTranslation } from 'react-i18next';
import type { MessageView } from '@domain/conversation';
import type { OrderRole } from '@domain/order-actions';
import type { OrderEventView } from '@domain/order-types';
import { MessageBubble } from '@web/components/conversation';
import { formatOrderDateTime } from '@web/lib/format';
import { EventDetails } from './event-details';
import { OrderStatusBadge } from '@web/components/order-status-badge';

type Entry = { at: string; event: OrderEventView } | { at: string; message: MessageView };

/**
 * Every status change with who and when, oldest first, in the viewer's words, and the
 * order's conversation between them.
 */
export function OrderTimeline({
  events,
  messages = [],
  viewer,
}: {
  events: OrderEventView[];
  messages?: MessageView[];
  viewer?: OrderRole | null;
}) {
  const { t } = useTranslation('orders');
  const entries: Entry[] = [
    ...events.map((event) => ({ at: event.createdAt, event })),
    ...messages.map((message) => ({ at: message.createdAt, message })),
  ].sort((a, b) => a.at.localeCompare(b.at));
  return (
    <ol className="relative space-y-5 border-l border-stone-200 pl-5">
      {entries.map((entry) =>
        'message' in entry ? (
          <li key={entry.message.id} className="relative">
            <span
              aria-hidden
              className="absolute top-3 -left-[1.55rem] size-2 rounded-full border-2 border-white bg-stone-400 ring-1 ring-stone-400"
            />
            <MessageBubble message={entry.message} />
          </li>
        ) : (
          <EventEntry key={entry.event.id} event={entry.event} viewer={viewer} t={t} />
        ),
      )}
    </ol>
  );
}

function EventEntry({
  event,
  viewer,
  t,
}: {
  event: OrderEventView;
  viewer?: OrderRole | null;
  t: ReturnType<typeof useTranslation<'orders'>>['t'];
}) {
  return (
    <li className="relative">
      <span
        aria-hidden
        className="absolute top-1.5 -left-[1.6rem] size-2.5 rounded-full border-2 border-white bg-brand-600 ring-1 ring-brand-600"
      />
      {event.fromStatus === event.toStatus ? (
        // An event that changed no status (a claim, a rejection, an extension) is a line of its
        // own, not a status moving to itself.
        <p className="text-sm font-medium text-stone-900">
          {t(`loan.events.${event.action}`, { defaultValue: event.action })}
        </p>
      ) : (
        <div className="flex flex-wrap items-center gap-1.5 text-sm">
          {event.fromStatus === null ? (
            <span className="font-medium text-stone-900">{t('detail.placed')}</span>
          ) : (
            <>
              <OrderStatusBadge status={event.fromStatus} viewer={viewer} />
              <span aria-hidden className="text-stone-400">
                →
              </span>
            </>
          )}
          <OrderStatusBadge status={event.toStatus} viewer={viewer} />
        </div>
      )}
      <p className="mt-1 text-xs text-stone-500">
        {formatOrderDateTime(event.createdAt)} ·{' '}
        {/* The system's moves (a payment window, a payment that confirmed itself) are Rakbuku's,
            in the reader's words, not the stored English actor name. */}
        {event.actorRole === 'system'
          ? t('detail.bySystem')
          : t('detail.eventBy', { name: event.actorName, role: t(`detail.actorRoles.${event.actorRole}`) })}
      </p>
      <EventDetails event={event} />
    </li>
  );
}
