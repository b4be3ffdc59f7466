import { MapPin, Truck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { OrderSummary } from '../../../../domain/order-types';

/** The shipping address or the pickup location of an order (they are shared by one checkout). */
export function DeliveryDetails({
  order,
}: {
  order: Pick<OrderSummary, 'deliveryAddress' | 'pickupLocation'>;
}) {
  const { t } = useTranslation('orders');
  if (order.pickupLocation) {
    return (
      <div className="flex gap-3">
        <MapPin className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden />
        <div className="text-sm">
          <p className="font-medium text-stone-500">{t('detail.pickupAt')}</p>
          <p className="font-semibold text-stone-900">{order.pickupLocation.name}</p>
          <p className="text-stone-600">{order.pickupLocation.location}</p>
          <p className="text-stone-600">{order.pickupLocation.address}</p>
        </div>
      </div>
    );
  }
  if (order.deliveryAddress) {
    return (
      <div className="flex gap-3">
        <Truck className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden />
        <div className="text-sm">
          <p className="font-medium text-stone-500">{t('detail.shippingTo')}</p>
          <p className="font-semibold text-stone-900">{order.deliveryAddress.fullName}</p>
          <p className="text-stone-600">{order.deliveryAddress.phone}</p>
          <p className="whitespace-pre-line text-stone-600">{order.deliveryAddress.address}</p>
        </div>
      </div>
    );
  }
  return null;
}
