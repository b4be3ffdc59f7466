import { useTranslation } from 'react-i18next';
import type { OrderRole } from '@domain/order-actions';
import type { OrderEventView } from '@domain/order-types';
import { formatOrderDateTime } from '@web/lib/format';
import { EventDetails } from './event-details';
import { OrderStatusBadge } from '@web/components/order-status-badge';

/** Every status change with who and when (D7), oldest first, in the viewer's words (D35). */
export function OrderTimeline({ events, viewer }: { events: OrderEventView[]; viewer?: OrderRole | null }) {
  const { t } = useTranslation('orders');
  return (
    <ol className="relative space-y-5 border-l border-stone-200 pl-5">
      {events.map((event) => (
        <li key={event.id} className="relative">
          <span
            aria-hidden
            className="absolute top-1.5 -left-[1.6rem] size-2.5 rounded-full border-2 border-white bg-brand-600 ring-1 ring-brand-600"
          />
          {event.fromStatus === event.toStatus ? (
            // An event that changed no status (a claim, a rejection, an extension) is a line of
            // its own, not a status moving to itself.
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
            {t('detail.eventBy', { name: event.actorName, role: event.actorRole })}
          </p>
          <EventDetails event={event} />
        </li>
      ))}
    </ol>
  );
}
