import '@web/lib/words/checkout';
import { MapPin, Star } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { PickupLocation } from '@domain/api-types';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { ErrorBanner } from '@web/components/ui/feedback';
import { useSetFavouritePickup } from '@web/features/checkout/api';
import { errorMessage } from '@web/lib/api';
import { RadioCard } from './delivery-method-options';

/**
 * Only the active locations every owner in the cart shares (the server's list). The member's
 * favourite among them carries a badge, and the chosen one can become the favourite.
 */
export function PickupLocationList({
  locations,
  favouriteId,
  value,
  onChange,
}: {
  locations: PickupLocation[];
  favouriteId: string | null;
  value: string | null;
  onChange: (id: string) => void;
}) {
  const { t } = useTranslation('checkout');
  const setFavourite = useSetFavouritePickup();
  const chosenIsFavourite = value !== null && value === favouriteId;
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
            badge={location.id === favouriteId && <Badge tone="amber">{t('pickup.favourite')}</Badge>}
            hint={`${location.location} · ${location.address}`}
          />
        ))}
      </div>
      {value !== null && (
        <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-2">
          {chosenIsFavourite && (
            <p className="flex-1 basis-64 text-sm text-stone-600">{t('pickup.isFavourite')}</p>
          )}
          <Button
            variant={chosenIsFavourite ? 'ghost' : 'outline'}
            size="sm"
            loading={setFavourite.isPending}
            onClick={() => setFavourite.mutate(chosenIsFavourite ? null : value)}
          >
            {!chosenIsFavourite && <Star className="size-4" aria-hidden />}
            {chosenIsFavourite ? t('pickup.forgetFavourite') : t('pickup.makeFavourite')}
          </Button>
        </div>
      )}
      {setFavourite.isError && (
        <ErrorBanner className="mt-3">
          {errorMessage(setFavourite.error, t('pickup.favouriteFailed'))}
        </ErrorBanner>
      )}
    </fieldset>
  );
}
