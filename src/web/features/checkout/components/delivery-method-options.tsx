import '@web/lib/words/checkout';
import { Store, Truck } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeliveryMethod } from '@domain/constants';
import { Badge } from '@web/components/ui/badge';
import { cn } from '@web/components/ui/cn';

/** Delivery or self pickup as two radio cards; pickup only when the owners share a location. */
export function DeliveryMethodOptions({
  value,
  pickupOffered,
  pickupKnown,
  onChange,
}: {
  value: DeliveryMethod;
  pickupOffered: boolean;
  /** False while the shared locations load: say nothing about pickup until they are known. */
  pickupKnown: boolean;
  onChange: (method: DeliveryMethod) => void;
}) {
  const { t } = useTranslation('checkout');
  return (
    <fieldset>
      <legend className="text-lg font-semibold text-stone-900">{t('method.title')}</legend>
      <div className="mt-3 grid gap-3 sm:grid-cols-2">
        <RadioCard
          name="delivery-method"
          checked={value === 'delivery'}
          onSelect={() => onChange('delivery')}
          icon={<Truck className="size-5" aria-hidden />}
          title={t('method.delivery')}
          hint={t('method.deliveryHint')}
        />
        {pickupOffered && (
          <RadioCard
            name="delivery-method"
            checked={value === 'pickup'}
            onSelect={() => onChange('pickup')}
            icon={<Store className="size-5" aria-hidden />}
            title={t('method.pickup')}
            badge={<Badge tone="green">{t('method.free')}</Badge>}
            hint={t('method.pickupHint')}
          />
        )}
      </div>
      {pickupKnown && !pickupOffered && (
        <p className="mt-2 text-sm text-stone-500">{t('method.pickupUnavailable')}</p>
      )}
    </fieldset>
  );
}

export function RadioCard({
  name,
  checked,
  onSelect,
  icon,
  title,
  badge,
  hint,
}: {
  name: string;
  checked: boolean;
  onSelect: () => void;
  icon?: ReactNode;
  title: ReactNode;
  badge?: ReactNode;
  hint?: ReactNode;
}) {
  return (
    <label
      className={cn(
        'relative flex cursor-pointer gap-3 rounded-xl border bg-white p-4 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600',
        checked ? 'border-brand-600 ring-1 ring-brand-600' : 'border-stone-200 hover:border-stone-300',
      )}
    >
      {/* The real radio covers the card (invisible), so a press anywhere on it selects it. */}
      <input
        type="radio"
        name={name}
        checked={checked}
        onChange={onSelect}
        className="absolute inset-0 size-full cursor-pointer opacity-0"
      />
      <span
        aria-hidden
        className={cn(
          'mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full border',
          checked ? 'border-brand-700 bg-brand-700' : 'border-stone-300 bg-white',
        )}
      >
        {checked && <span className="size-2 rounded-full bg-white" />}
      </span>
      <span className="min-w-0 flex-1">
        <span className="flex items-center gap-2 font-medium text-stone-900">
          {icon && <span className="text-stone-500">{icon}</span>}
          {title}
          {badge}
        </span>
        {hint && <span className="mt-1 block text-sm text-stone-500">{hint}</span>}
      </span>
    </label>
  );
}
