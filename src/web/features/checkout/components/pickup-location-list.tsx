import { MapPin } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { PickupLocation } from '@domain/api-types';
import { RadioCard } from './delivery-method-options';

/** Only the active locations every owner in the cart shares (the server's list). */
export function PickupLocationList({
  locations,
  value,
  onChange,
}: {
  locations: PickupLocation[];
  value: string | null;
  onChange: (id: string) => void;
}) {
  const { t } = useTranslation('checkout');
  return (
    <fieldset>
      <legend className="text-lg font-semibold text-stone-900">{t('pickup.title')}</legend>
      <p className="mt-1 text-sm text-stone-500">{t('pickup.hint')}</p>
      <div className="mt-3 grid gap-3">
        {locations.map((location) => (
          <RadioCard
            key={location.id}
            name="pickup-location"
            checked={value === location.id}
            onSelect={() => onChange(location.id)}
            icon={<MapPin className="size-4" aria-hidden />}
            title={location.name}
            hint={`${location.location} · ${location.address}`}
          />
        ))}
      </div>
    </fieldset>
  );
}
