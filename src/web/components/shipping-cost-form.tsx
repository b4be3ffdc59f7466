import '@web/lib/words/admin';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@domain/money';
import { PRICE_MIN_RUPIAH, SHIPPING_COST_MAX } from '@domain/schemas/amount';
import type { AdminOrderRow } from '@domain/admin-types';
import { Button } from '@web/components/ui/button';
import { isRupiahAtLeast, PriceInput } from '@web/components/ui/price-input';

/** Whole rupiah, at least Rp 1.000 (D32), within the bound that keeps the total in its column. */
function isValidShippingCost(value: string): boolean {
  return isRupiahAtLeast(value, PRICE_MIN_RUPIAH) && !isRupiahAtLeast(value, SHIPPING_COST_MAX + 1);
}

/**
 * Draft orders: Set Shipping Cost (disabled when empty). Self pickup is free, so a pickup order
 * is confirmed with 0 (the server enforces both). On the admin dashboard and the order page.
 */
export function ShippingCostForm({
  order,
  pending,
  onSubmit,
}: {
  order: Pick<AdminOrderRow, 'id' | 'number' | 'deliveryMethod'>;
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
  const disabled = !isValidShippingCost(trimmed);
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
        <PriceInput
          id={id}
          value={value}
          onChange={(text) => {
            setValue(text);
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
