import { MapPin, Truck } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderSummary } from '@domain/order-types';

function DeliveryBlock({
  icon,
  label,
  name,
  lines,
}: {
  icon: ReactNode;
  label: string;
  name: string;
  lines: string[];
}) {
  return (
    <div className="flex gap-3">
      <span className="mt-0.5 shrink-0 text-brand-700">{icon}</span>
      <div className="text-sm">
        <p className="font-medium text-stone-500">{label}</p>
        <p className="font-semibold text-stone-900">{name}</p>
        {lines.map((line) => (
          <p key={line} className="whitespace-pre-line text-stone-600">
            {line}
          </p>
        ))}
      </div>
    </div>
  );
}

/** The shipping address or the pickup location of an order (they are shared by one checkout). */
export function DeliveryDetails({
  order,
}: {
  order: Pick<OrderSummary, 'deliveryAddress' | 'pickupLocation'>;
}) {
  const { t } = useTranslation('orders');
  const { pickupLocation: pickup, deliveryAddress: address } = order;
  if (pickup) {
    return (
      <DeliveryBlock
        icon={<MapPin className="size-5" aria-hidden />}
        label={t('detail.pickupAt')}
        name={pickup.name}
        lines={[pickup.location, pickup.address]}
      />
    );
  }
  if (address) {
    return (
      <DeliveryBlock
        icon={<Truck className="size-5" aria-hidden />}
        label={t('detail.shippingTo')}
        name={address.fullName}
        lines={[address.phone, address.address]}
      />
    );
  }
  return null;
}
