import { ShoppingBag } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminOrderRow } from '@domain/admin-types';
import { ORDER_STATUSES } from '@domain/constants';
import type { OrderAction } from '@domain/order-actions';
import { targetStatus } from '@domain/order-machine';
import { ConfirmDialog } from '@web/components/ui/dialog';
import { useAdminOrderAction, useAdminOrders } from '@web/features/admin/api';
import { ListTab } from './list-tab';
import { OrderCard } from './order-card';
import type { TabProps } from './tab-props';
import { useWriteFeedback } from './write-feedback';

export function OrdersTab({ params, onParams }: TabProps) {
  const { t } = useTranslation('admin');
  const { t: tOrders } = useTranslation('orders');
  const orders = useAdminOrders(params);
  const action = useAdminOrderAction();
  const { error, feedback } = useWriteFeedback();
  const [cancelling, setCancelling] = useState<AdminOrderRow | null>(null);

  const run = (order: AdminOrderRow, next: OrderAction, after?: () => void) =>
    action.mutate(
      { orderId: order.id, action: next },
      {
        ...feedback(
          () =>
            t('orders.updated', { number: order.number, status: tOrders(`status.${targetStatus(next)}`) }),
          next.type === 'set_shipping_cost' ? t('orders.shippingFailed') : t('orders.statusFailed'),
        ),
        onSettled: after,
      },
    );

  return (
    <div className="space-y-4">
      <ListTab
        id="orders"
        params={params}
        onParams={onParams}
        searchPlaceholder={t('search.orders')}
        filter={{
          param: 'status',
          label: t('orders.statusFilter'),
          allLabel: t('orders.allStatuses'),
          options: [
            ...ORDER_STATUSES.map((s) => ({ value: s, label: tOrders(`status.${s}`) })),
            // D21: loans past due or due within 2 days, whatever else the order shows.
            { value: 'overdue', label: t('orders.loanOverdue') },
            { value: 'due_soon', label: t('orders.loanDueSoon') },
          ],
          className: 'sm:w-56',
        }}
        writeError={error}
        query={orders}
        empty={{
          icon: <ShoppingBag className="size-8" aria-hidden />,
          title: t('orders.empty'),
          description: t('orders.emptyHint'),
        }}
      >
        {(items) => (
          <div className="space-y-3">
            {items.map((order) => (
              <OrderCard
                key={`${order.id}-${order.status}`}
                order={order}
                pendingAction={
                  action.isPending && action.variables?.orderId === order.id
                    ? action.variables.action.type
                    : null
                }
                onAction={(next) => run(order, next)}
                onCancel={() => setCancelling(order)}
              />
            ))}
          </div>
        )}
      </ListTab>

      <ConfirmDialog
        open={cancelling !== null}
        onOpenChange={(open) => !open && setCancelling(null)}
        title={t('orders.cancelTitle', { number: cancelling?.number ?? '' })}
        description={
          cancelling?.paymentClaimedAt
            ? `${t('orders.cancelDescription')} ${t('orders.cancelRefund')}`
            : t('orders.cancelDescription')
        }
        confirmLabel={t('orders.cancelConfirm')}
        cancelLabel={t('orders.keep')}
        loading={action.isPending}
        onConfirm={() => cancelling && run(cancelling, { type: 'cancel' }, () => setCancelling(null))}
      />
    </div>
  );
}
