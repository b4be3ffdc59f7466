import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@web/lib/toast';
import { ORDER_STATUSES, type OrderStatus } from '@domain/constants';
import type { OrderAction, OrderActionType } from '@domain/order-actions';
import type { OrderDetail } from '@domain/order-types';
import { Button } from '@web/components/ui/button';
import { ConfirmDialog } from '@web/components/ui/dialog';
import { ErrorBanner } from '@web/components/ui/feedback';
import { Select } from '@web/components/ui/field';
import { errorMessage } from '@web/lib/api';
import { ShippingCostForm } from '@web/components/shipping-cost-form';
import { ConfirmPaymentForm } from '@web/components/confirm-payment-form';
import { useOrderAction } from '@web/features/orders/api';

/** Actions that need more than one press: an amount, a status choice or a confirmation. */
const INPUT_ACTIONS: readonly OrderActionType[] = [
  'set_shipping_cost',
  'set_status',
  'cancel',
  'confirm_payment',
];
type SimpleAction = Exclude<
  OrderActionType,
  'set_shipping_cost' | 'set_status' | 'cancel' | 'confirm_payment'
>;
const isSimple = (type: OrderActionType): type is SimpleAction => !INPUT_ACTIONS.includes(type);

/**
 * Exactly the buttons the server allows this viewer now (allowedActions): the web never
 * works out permissions itself. Setting the shipping cost lives on the admin dashboard.
 */
export function OrderActionBar({ order }: { order: OrderDetail }) {
  const { t } = useTranslation('orders');
  const action = useOrderAction(order.id);
  const [error, setError] = useState<string | null>(null);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [status, setStatus] = useState<OrderStatus>(order.status);
  const allowed = order.allowedActions;

  const run = (next: OrderAction, after?: () => void) => {
    setError(null);
    action.mutate(next, {
      // Some actions keep the status (Confirm Received), so say that it worked.
      onSuccess: () => toast.success(t('actions.updated')),
      onError: (err) => setError(errorMessage(err, t('errors.update'))),
      onSettled: after,
    });
  };

  // The next step above already says what (if anything) this viewer does; a second line saying
  // "nothing to do" would contradict a step such as bringing the books back.
  if (allowed.length === 0) return null;

  return (
    <div className="space-y-4">
      {error && <ErrorBanner>{error}</ErrorBanner>}
      <div className="flex flex-wrap gap-2">
        {allowed.filter(isSimple).map((type) => (
          <Button
            key={type}
            onClick={() => run({ type })}
            loading={action.isPending && action.variables?.type === type}
            disabled={action.isPending}
          >
            {t(`actions.${type}`)}
          </Button>
        ))}
        {allowed.includes('cancel') && (
          <Button variant="danger" onClick={() => setConfirmCancel(true)} disabled={action.isPending}>
            {t('actions.cancel')}
          </Button>
        )}
      </div>

      {/* The admin sets the shipping cost and confirms payments here as on the dashboard. */}
      {allowed.includes('set_shipping_cost') && (
        <ShippingCostForm
          order={order}
          pending={action.isPending && action.variables?.type === 'set_shipping_cost'}
          onSubmit={(shippingCost) => run({ type: 'set_shipping_cost', shippingCost })}
        />
      )}
      {allowed.includes('confirm_payment') && (
        <ConfirmPaymentForm
          orderId={order.id}
          total={order.total}
          pending={action.isPending && action.variables?.type === 'confirm_payment'}
          onSubmit={(input) => run({ type: 'confirm_payment', ...input })}
        />
      )}

      {allowed.includes('set_status') && (
        <div className="flex flex-wrap items-end gap-2 border-t border-stone-100 pt-4">
          <div className="space-y-1">
            <label htmlFor="admin-status" className="block text-xs font-medium text-stone-600">
              {t('actions.setStatusLabel')}
            </label>
            <Select
              id="admin-status"
              value={status}
              onChange={(e) => setStatus(e.target.value as OrderStatus)}
              className="w-56"
            >
              {ORDER_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {t(`status.${s}`)}
                </option>
              ))}
            </Select>
          </div>
          <Button
            variant="outline"
            disabled={status === order.status || action.isPending}
            loading={action.isPending && action.variables?.type === 'set_status'}
            onClick={() => run({ type: 'set_status', status })}
          >
            {t('actions.apply')}
          </Button>
        </div>
      )}

      <ConfirmDialog
        open={confirmCancel}
        onOpenChange={setConfirmCancel}
        title={t('actions.cancelTitle')}
        description={
          order.paymentClaimed
            ? `${t('actions.cancelDescription', { number: order.number })} ${t('actions.cancelRefund')}`
            : t('actions.cancelDescription', { number: order.number })
        }
        confirmLabel={t('actions.cancelConfirm')}
        cancelLabel={t('actions.cancelKeep')}
        loading={action.isPending}
        onConfirm={() => run({ type: 'cancel' }, () => setConfirmCancel(false))}
      />
    </div>
  );
}
