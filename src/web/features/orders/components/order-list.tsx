import { ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { OrderSummary } from '@domain/order-types';
import { formatMoney } from '@domain/money';
import { ButtonLink } from '@web/components/ui/button';
import type { OrdersView } from '@web/features/orders/api';
import { formatOrderDate } from '@web/lib/format';
import { DueLine } from '@web/components/due-badge';
import { NextStepLine } from './next-step-line';
import { OrderStatusBadge } from '@web/components/order-status-badge';
import { paths } from '@web/lib/paths';

/** Order rows with their status and View Details; the other party depends on the view. */
export function OrderList({ orders, view }: { orders: OrderSummary[]; view: OrdersView }) {
  const { t } = useTranslation('orders');
  return (
    <ul className="space-y-3">
      {orders.map((order) => (
        <li
          key={order.id}
          data-testid="order-row"
          className="flex flex-col gap-3 rounded-2xl border border-stone-200 bg-white p-4 shadow-xs sm:flex-row sm:items-center sm:justify-between sm:p-5"
        >
          <div className="min-w-0 space-y-1">
            <div className="flex flex-wrap items-center gap-2">
              <h2 className="font-mono font-semibold text-stone-900">
                {t('list.order', { number: order.number })}
              </h2>
              <OrderStatusBadge status={order.status} viewer={view} />
            </div>
            <p className="text-sm text-stone-600">
              {view === 'borrower'
                ? t('list.from', { name: order.ownerName })
                : t('list.borrowedBy', { name: order.userName })}{' '}
              · {t('list.books', { count: order.itemCount })} · {t(`durations.${order.borrowDuration}`)}
            </p>
            <p className="text-xs text-stone-500">
              {t('list.placedOn', { date: formatOrderDate(order.createdAt) })}
            </p>
            {order.loan && <DueLine loan={order.loan} />}
            <NextStepLine order={order} viewer={view} />
          </div>
          <div className="flex items-center justify-between gap-4 sm:justify-end">
            <p className="font-semibold text-stone-900">{formatMoney(order.total ?? order.subtotal)}</p>
            <ButtonLink to={paths.order(order.id)} variant="outline" size="sm">
              {t('list.viewDetails')}
              <ChevronRight className="size-4" aria-hidden />
            </ButtonLink>
          </div>
        </li>
      ))}
    </ul>
  );
}
