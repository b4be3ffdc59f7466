import { ChevronRight, Clock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@domain/money';
import type { OrderSummary } from '@domain/order-types';
import { orderUrgency } from '@domain/order-words';
import { ButtonLink } from '@web/components/ui/button';
import type { OrdersView } from '@web/features/orders/api';
import { formatOrderDate, formatOrderDateTime } from '@web/lib/format';
import { DueLine } from '@web/components/due-badge';
import { NextStepLine } from './next-step-line';
import { OrderStatusBadge } from '@web/components/order-status-badge';
import { paths } from '@web/lib/paths';
import { Badge } from '@web/components/ui/badge';
import { useOrdersUnread } from '@web/features/messages/api';

/**
 * Order rows a member can scan: the first book's cover and title ("+2 more"), the status in
 * plain words, what presses (overdue, payment due by a date, due soon), the amount (before
 * shipping while it is not set; the owner's own share on "Orders for my books") and the next step.
 * The first page leads with the orders that need attention (byUrgency), then newest first.
 */
export function OrderList({ orders, view }: { orders: OrderSummary[]; view: OrdersView }) {
  const { t } = useTranslation('orders');
  // Unread messages per order, asked for the orders shown.
  const counts = useOrdersUnread(orders.map((order) => order.id)).data;
  const unread = new Map(counts?.orders.map((o) => [o.orderId, o.unread]) ?? []);
  return (
    <ul className="space-y-3">
      {orders.map((order) => {
        const more = order.itemCount - 1;
        const urgency = orderUrgency(order);
        return (
          <li
            key={order.id}
            data-testid="order-row"
            data-urgency={urgency ?? undefined}
            className="flex flex-col gap-3 rounded-2xl border border-stone-200 bg-white p-4 shadow-xs sm:flex-row sm:items-center sm:justify-between sm:p-5"
          >
            <div className="flex min-w-0 gap-4">
              {order.firstItem && (
                <img
                  src={order.firstItem.coverUrl}
                  alt=""
                  width={56}
                  height={84}
                  loading="lazy"
                  className="h-21 w-14 shrink-0 rounded-md bg-stone-100 object-cover"
                />
              )}
              <div className="min-w-0 space-y-1">
                <p className="font-semibold text-stone-900" data-testid="order-titles">
                  <span className="line-clamp-2">{order.firstItem?.title}</span>
                  {more > 0 && (
                    <span className="font-normal text-stone-600"> {t('list.more', { count: more })}</span>
                  )}
                </p>
                <div className="flex flex-wrap items-center gap-2">
                  <h2 className="font-mono text-sm text-stone-600">
                    {t('list.order', { number: order.number })}
                  </h2>
                  <OrderStatusBadge status={order.status} viewer={view} />
                  {(unread.get(order.id) ?? 0) > 0 && (
                    <Badge tone="red">
                      <span data-testid="order-unread">
                        {t('messages:unread', { count: unread.get(order.id) })}
                      </span>
                    </Badge>
                  )}
                </div>
                <p className="text-sm text-stone-600">
                  {view === 'borrower'
                    ? t('list.from', { name: order.ownerName })
                    : t('list.borrowedBy', { name: order.userName })}{' '}
                  · {t(`durations.${order.borrowDuration}`)} ·{' '}
                  {t('list.placedOn', { date: formatOrderDate(order.createdAt) })}
                </p>
                {order.loan && <DueLine loan={order.loan} />}
                {urgency === 'payment_due' && order.paymentDueAt && (
                  <p className="flex items-center gap-2 text-sm font-medium text-amber-800">
                    <Clock className="size-4" aria-hidden />
                    {t('loan.payBy', { date: formatOrderDateTime(order.paymentDueAt) })}
                  </p>
                )}
                <NextStepLine order={order} viewer={view} />
              </div>
            </div>
            <div className="flex items-center justify-between gap-4 sm:flex-col sm:items-end sm:justify-center">
              <p className="text-right">
                {view === 'owner' && order.ownerShare !== null ? (
                  <>
                    <span className="block font-semibold text-stone-900">
                      {formatMoney(order.ownerShare)}
                    </span>
                    <span className="block text-xs text-stone-500">{t('list.yourShare')}</span>
                  </>
                ) : (
                  <>
                    <span className="block font-semibold text-stone-900">
                      {formatMoney(order.total ?? order.subtotal)}
                    </span>
                    {order.total === null && (
                      <span className="block text-xs text-stone-500">{t('list.beforeShipping')}</span>
                    )}
                  </>
                )}
              </p>
              <ButtonLink to={paths.order(order.id)} variant="outline" size="sm">
                {t('list.viewDetails')}
                <ChevronRight className="size-4" aria-hidden />
              </ButtonLink>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
