import { ArrowRightCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { DeliveryMethod, OrderStatus } from '@domain/constants';
import type { OrderRole } from '@domain/order-actions';
import { nextStepKey } from '@domain/order-words';
import { cn } from '@web/components/ui/cn';

/** The viewer's one next step on an order (D35), on My Orders and the order page. */
export function NextStepLine({
  status,
  deliveryMethod,
  viewer,
  paymentClaimed,
  className,
}: {
  status: OrderStatus;
  deliveryMethod: DeliveryMethod;
  viewer: OrderRole | null;
  paymentClaimed?: boolean;
  className?: string;
}) {
  const { t } = useTranslation('payments');
  if (!viewer) return null;
  const key = nextStepKey({ status, viewer, deliveryMethod, paymentClaimed });
  return (
    <p className={cn('flex items-start gap-2 text-sm text-stone-700', className)} data-testid="next-step">
      <ArrowRightCircle className="mt-0.5 size-4 shrink-0 text-brand-600" aria-hidden />
      <span>
        <span className="font-medium text-stone-900">{t('nextStep.label')}:</span> {t(`nextStep.${key}`)}
      </span>
    </p>
  );
}
