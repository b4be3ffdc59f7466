import '@web/lib/words/payments';
import { ArrowRightCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { OrderRole } from '@domain/order-actions';
import type { OrderSummary } from '@domain/order-types';
import { nextStep } from '@domain/order-words';
import { cn } from '@web/components/ui/cn';

/** The viewer's one next step on an order, on My Orders and the order page. */
export function NextStepLine({
  order,
  viewer,
  className,
}: {
  order: Pick<OrderSummary, 'status' | 'deliveryMethod' | 'paymentClaimed' | 'loan' | 'pickupLocation'>;
  viewer: OrderRole | null;
  className?: string;
}) {
  const { t } = useTranslation('payments');
  if (!viewer) return null;
  const step = nextStep({
    status: order.status,
    viewer,
    deliveryMethod: order.deliveryMethod,
    paymentClaimed: order.paymentClaimed,
    loan: order.loan,
  });
  const words = t(`nextStep.${step.key}`, {
    ...(step.count === undefined ? {} : { count: step.count }),
    ...(step.namesPickupLocation && order.pickupLocation
      ? { name: order.pickupLocation.name, address: order.pickupLocation.address }
      : {}),
  });
  return (
    <p className={cn('flex items-start gap-2 text-sm text-stone-700', className)} data-testid="next-step">
      <ArrowRightCircle className="mt-0.5 size-4 shrink-0 text-brand-600" aria-hidden />
      <span>
        <span className="font-medium text-stone-900">{t('nextStep.label')}:</span> {words}
      </span>
    </p>
  );
}
