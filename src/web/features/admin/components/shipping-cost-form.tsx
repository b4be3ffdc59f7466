import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, hasAtMostTwoDecimals, toMinor } from '../../../../domain/money';
import type { AdminOrderRow } from '../../../../domain/admin-types';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/field';

/** A positive amount with at most two decimals (spec section 5: greater than 0). */
function isValidShippingCost(value: string): boolean {
  return hasAtMostTwoDecimals(value) && toMinor(value) > 0;
}

/**
 * Draft orders: Set Shipping Cost (numeric, min 0, step 0.01, disabled when empty or <= 0).
 * Self pickup is free, so a pickup order is confirmed with 0 (the server enforces both).
 */
export function ShippingCostForm({
  order,
  pending,
  onSubmit,
}: {
  order: AdminOrderRow;
  pending: boolean;
  onSubmit: (shippingCost: string) => void;
}) {
  const { t } = useTranslation('admin');
  const [value, setValue] = useState('');
  const [touched, setTouched] = useState(false);
  const id = `shipping-${order.id}`;

  if (order.deliveryMethod === 'pickup') {
    return (
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <Button onClick={() => onSubmit('0')} loading={pending}>
          {t('orders.confirmPickup')}
        </Button>
        <p className="text-sm text-stone-500">{t('orders.pickupHint', { amount: formatMoney('0') })}</p>
      </div>
    );
  }

  const trimmed = value.trim();
  const numeric = Number(trimmed);
  const disabled = trimmed === '' || !Number.isFinite(numeric) || numeric <= 0;
  const invalid = touched && trimmed !== '' && !isValidShippingCost(trimmed);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (!isValidShippingCost(trimmed)) return;
    onSubmit(trimmed);
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-1.5" noValidate>
      <label htmlFor={id} className="text-sm font-medium text-stone-700">
        {t('orders.shippingCostLabel', { number: order.number })}
      </label>
      <div className="flex gap-2">
        <Input
          id={id}
          type="number"
          inputMode="decimal"
          min={0}
          step={0.01}
          value={value}
          onChange={(e) => {
            setValue(e.target.value);
            setTouched(true);
          }}
          placeholder={t('orders.shippingCostPlaceholder')}
          invalid={invalid}
          aria-describedby={invalid ? `${id}-error` : undefined}
          className="max-w-48"
        />
        <Button type="submit" disabled={disabled} loading={pending}>
          {t('orders.setShippingCost')}
        </Button>
      </div>
      {invalid && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-600">
          {t('orders.invalidShippingCost')}
        </p>
      )}
    </form>
  );
}
