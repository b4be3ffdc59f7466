import '@web/lib/words/payments';
import { useTranslation } from 'react-i18next';
import type { OrderStatus } from '@domain/constants';
import type { OrderRole } from '@domain/order-actions';
import { Badge } from '@web/components/ui/badge';

type Tone = Parameters<typeof Badge>[0]['tone'];

const STATUS_TONE: Record<OrderStatus, Tone> = {
  Draft: 'neutral',
  'Waiting for Payment': 'amber',
  Processed: 'blue',
  'Delivery in Progress': 'violet',
  Delivered: 'brand',
  'Returning in Progress': 'violet',
  Completed: 'green',
  Cancelled: 'red',
};

/** The status as the viewer reads it: plain words for borrower and owner, as named for admins. */
export function OrderStatusBadge({ status, viewer }: { status: OrderStatus; viewer?: OrderRole | null }) {
  const { t } = useTranslation('orders');
  return (
    <Badge tone={STATUS_TONE[status]} className="whitespace-nowrap">
      {viewer === 'borrower'
        ? t(`payments:borrowerStatus.${status}`)
        : viewer === 'owner'
          ? t(`payments:ownerStatus.${status}`)
          : t(`status.${status}`)}
    </Badge>
  );
}
