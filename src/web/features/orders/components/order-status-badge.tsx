import { useTranslation } from 'react-i18next';
import type { OrderStatus } from '../../../../domain/constants';
import { Badge } from '../../../components/ui/badge';

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

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const { t } = useTranslation('orders');
  return (
    <Badge tone={STATUS_TONE[status]} className="whitespace-nowrap">
      {t(`status.${status}`)}
    </Badge>
  );
}
