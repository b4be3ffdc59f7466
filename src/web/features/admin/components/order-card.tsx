import '@web/lib/words/admin';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AdminOrderRow } from '@domain/admin-types';
import { ORDER_STATUSES, type OrderStatus } from '@domain/constants';
import { formatMoney } from '@domain/money';
import type { OrderAction } from '@domain/order-actions';
import { ADMIN_STEP_ACTIONS, allowedActions } from '@domain/order-machine';
import { Button } from '@web/components/ui/button';
import { Select } from '@web/components/ui/field';
import { formatOrderDateTime } from '@web/lib/format';
import { DueLine } from '@web/components/due-badge';
import { OrderStatusBadge } from '@web/components/order-status-badge';
import { ConfirmPaymentForm } from '@web/components/confirm-payment-form';
import { PaymentClaimNote } from '@web/components/payment-claim-note';
import { ShippingCostForm } from '@web/components/shipping-cost-form';
import { paths } from '@web/lib/paths';

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <p className="text-xs font-medium tracking-wide text-stone-500 uppercase">{label}</p>
      <div className="mt-1 space-y-0.5 text-sm break-words text-stone-800">{children}</div>
    </div>
  );
}

export function OrderCard({
  order,
  pendingAction,
  onAction,
  onCancel,
  selected,
  onSelect,
}: {
  order: AdminOrderRow;
  /** Chosen for a bulk status change (orders-tab.tsx). */
  selected: boolean;
  onSelect: (selected: boolean) => void;
  /** The action of this order now in flight, if any. */
  pendingAction: OrderAction['type'] | null;
  onAction: (action: OrderAction) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('admin');
  const { t: tOrders } = useTranslation('orders');
  const [status, setStatus] = useState<OrderStatus>(order.status);
  const allowed = allowedActions(['admin'], order.status);
  const busy = pendingAction !== null;
  const steps = ADMIN_STEP_ACTIONS.filter((type) => allowed.includes(type));

  return (
    <article
      aria-label={t('orders.number', { number: order.number })}
      className="rounded-2xl border border-stone-200 bg-white p-4 shadow-xs sm:p-5"
    >
      <header className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <input
            type="checkbox"
            className="size-4 shrink-0 rounded border-stone-300 accent-brand-700"
            checked={selected}
            onChange={(e) => onSelect(e.target.checked)}
            aria-label={t('orders.bulk.select', { number: order.number })}
          />
          <h3 className="font-semibold text-stone-900">{t('orders.number', { number: order.number })}</h3>
          <OrderStatusBadge status={order.status} />
          {order.loan && <DueLine loan={order.loan} />}
        </div>
        <p className="text-sm text-stone-500">
          {t('orders.placed', { date: formatOrderDateTime(order.createdAt) })}
        </p>
      </header>

      <div className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <Detail label={t('orders.customer')}>
          <p className="font-medium">{order.userName}</p>
          <p className="text-stone-600">{order.userEmail}</p>
          {order.deliveryMethod === 'pickup' && order.pickupLocation ? (
            <p className="text-stone-600">
              {t('orders.pickupAt')}: {order.pickupLocation.name}, {order.pickupLocation.address}
            </p>
          ) : order.deliveryAddress ? (
            <p className="text-stone-600">
              {t('orders.deliverTo')}: {order.deliveryAddress.fullName}, {order.deliveryAddress.address} ·{' '}
              {order.deliveryAddress.phone}
            </p>
          ) : null}
        </Detail>
        <Detail label={t('orders.owner')}>
          <p className="font-medium">{order.ownerName}</p>
          {order.ownerContact ? (
            <>
              <p className="text-stone-600">{order.ownerContact.email}</p>
              {order.ownerContact.phone && <p className="text-stone-600">{order.ownerContact.phone}</p>}
              {order.ownerContact.address && <p className="text-stone-600">{order.ownerContact.address}</p>}
            </>
          ) : (
            <p className="text-stone-500">{t('orders.ownerGone')}</p>
          )}
        </Detail>
        <Detail label={t('orders.books', { count: order.itemCount })}>
          <p className="text-stone-600">{order.itemTitles.join(', ')}</p>
          <dl className="mt-2 grid grid-cols-[1fr_auto] gap-x-4 gap-y-0.5">
            <dt className="text-stone-500">{t('orders.subtotal')}</dt>
            <dd className="text-right tabular-nums">{formatMoney(order.subtotal)}</dd>
            <dt className="text-stone-500">{t('orders.shipping')}</dt>
            <dd className="text-right tabular-nums">
              {order.shippingCost === null
                ? t('orders.notSet')
                : order.deliveryMethod === 'pickup'
                  ? t('orders.free')
                  : formatMoney(order.shippingCost)}
            </dd>
            <dt className="font-medium text-stone-700">{t('orders.total')}</dt>
            <dd className="text-right font-semibold tabular-nums">
              {order.total === null ? t('orders.notSet') : formatMoney(order.total)}
            </dd>
          </dl>
        </Detail>
      </div>

      <PaymentClaimNote
        claimedAt={order.paymentClaimedAt}
        receiptUrl={order.receiptUrl}
        status={order.status}
      />

      <footer className="mt-4 flex flex-col gap-3 border-t border-stone-100 pt-4 lg:flex-row lg:items-end lg:justify-between">
        <div className="flex flex-wrap items-end gap-2">
          {allowed.includes('set_shipping_cost') && (
            <ShippingCostForm
              order={order}
              pending={pendingAction === 'set_shipping_cost'}
              onSubmit={(shippingCost) => onAction({ type: 'set_shipping_cost', shippingCost })}
            />
          )}
          {allowed.includes('confirm_payment') && (
            <ConfirmPaymentForm
              orderId={order.id}
              total={order.total}
              pending={pendingAction === 'confirm_payment'}
              onSubmit={(input) => onAction({ type: 'confirm_payment', ...input })}
            />
          )}
          {steps.map((type) => (
            <Button
              key={type}
              onClick={() => onAction({ type })}
              loading={pendingAction === type}
              disabled={busy}
            >
              {t(`orders.actions.${type}`)}
            </Button>
          ))}
          <Link
            to={paths.order(order.id)}
            className="px-2 py-2 text-sm font-medium text-brand-700 hover:underline"
          >
            {t('orders.view')}
          </Link>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <label htmlFor={`status-${order.id}`} className="sr-only">
            {t('orders.setStatusLabel', { number: order.number })}
          </label>
          <div className="w-full sm:w-64">
            <Select
              id={`status-${order.id}`}
              value={status}
              onChange={(e) => setStatus(e.target.value as OrderStatus)}
              disabled={busy}
            >
              {ORDER_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {tOrders(`status.${s}`)}
                </option>
              ))}
            </Select>
          </div>
          <Button
            variant="outline"
            onClick={() => onAction({ type: 'set_status', status })}
            disabled={busy || status === order.status}
            loading={pendingAction === 'set_status'}
          >
            {t('orders.setStatus')}
          </Button>
          {allowed.includes('cancel') && (
            <Button
              variant="outline"
              className="border-red-300 text-red-700 hover:bg-red-50"
              onClick={onCancel}
              disabled={busy}
            >
              {t('orders.cancel')}
            </Button>
          )}
        </div>
      </footer>
    </article>
  );
}
