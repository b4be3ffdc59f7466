import '@web/lib/words/admin';
import { ShoppingBag } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminBulkStatusResult, AdminOrderRow } from '@domain/admin-types';
import { ORDER_STATUSES } from '@domain/constants';
import type { OrderAction } from '@domain/order-actions';
import { type AdminStepAction, targetStatus } from '@domain/order-machine';
import { ConfirmDialog } from '@web/components/ui/dialog';
import { useAdminOrderAction, useAdminOrders, useBulkOrderStatus } from '@web/features/admin/api';
import { BulkActionBar, BulkResult } from './bulk-actions';
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
  const bulk = useBulkOrderStatus();
  const [bulkResult, setBulkResult] = useState<AdminBulkStatusResult | null>(null);
  // The selection belongs to the page it was made on: another page, search or filter starts
  // with none, so the bar never acts on orders the admin no longer sees.
  const pageKey = JSON.stringify(params);
  const [selection, setSelection] = useState<{ pageKey: string; ids: ReadonlySet<string> }>({
    pageKey,
    ids: new Set(),
  });
  const selected = selection.pageKey === pageKey ? selection.ids : new Set<string>();
  const select = (ids: string[], on: boolean) => {
    const next = new Set(selected);
    for (const id of ids) {
      if (on) next.add(id);
      else next.delete(id);
    }
    setSelection({ pageKey, ids: next });
  };

  const runBulk = (bulkAction: AdminStepAction) => {
    setBulkResult(null);
    bulk.mutate(
      { action: bulkAction, orderIds: [...selected] },
      {
        // A failed request shows the banner; an answer shows order by order what happened
        // (BulkResult), so no toast repeats it.
        onError: feedback(() => '', t('orders.bulk.failed')).onError,
        onSuccess: (result) => {
          setBulkResult(result);
          // The refused stay chosen, so the admin can look at them or try another action.
          select(
            result.moved.map((m) => m.id),
            false,
          );
        },
      },
    );
  };

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
            // Loans past due or due within 2 days, whatever else the order shows.
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
            {bulkResult && <BulkResult result={bulkResult} />}
            <label className="flex items-center gap-2 px-1 text-sm font-medium text-stone-700">
              <input
                type="checkbox"
                className="size-4 shrink-0 rounded border-stone-300 accent-brand-700"
                checked={items.length > 0 && items.every((o) => selected.has(o.id))}
                onChange={(e) =>
                  select(
                    items.map((o) => o.id),
                    e.target.checked,
                  )
                }
              />
              {t('orders.bulk.selectAll')}
            </label>
            {items.map((order) => (
              <OrderCard
                key={`${order.id}-${order.status}`}
                order={order}
                selected={selected.has(order.id)}
                onSelect={(on) => select([order.id], on)}
                pendingAction={
                  action.isPending && action.variables?.orderId === order.id
                    ? action.variables.action.type
                    : null
                }
                onAction={(next) => run(order, next)}
                onCancel={() => setCancelling(order)}
              />
            ))}
            {selected.size > 0 && (
              <BulkActionBar
                count={selected.size}
                pending={bulk.isPending ? (bulk.variables?.action ?? null) : null}
                onAction={runBulk}
                onClear={() => setSelection({ pageKey, ids: new Set() })}
              />
            )}
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
