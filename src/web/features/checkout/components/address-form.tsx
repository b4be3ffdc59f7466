import { useTranslation } from 'react-i18next';
import { ADDRESS_MAX } from '../../../../domain/constants';
import type { DeliveryAddress } from '../../../../domain/order-types';
import { Field, Input, Textarea } from '../../../components/ui/field';

/** fullName, phone, address for delivery; prefilled from the profile by the page. */
export function AddressForm({
  value,
  showMissing,
  onChange,
}: {
  value: DeliveryAddress;
  /** After a refused submit: outline the empty fields. */
  showMissing: boolean;
  onChange: (value: DeliveryAddress) => void;
}) {
  const { t } = useTranslation('checkout');
  const set = (key: keyof DeliveryAddress) => (e: { target: { value: string } }) =>
    onChange({ ...value, [key]: e.target.value });
  const missing = (key: keyof DeliveryAddress) => showMissing && !value[key].trim();
  return (
    <fieldset className="space-y-4">
      <legend className="text-lg font-semibold text-stone-900">{t('address.title')}</legend>
      <p className="text-sm text-stone-500">{t('address.prefilled')}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t('address.fullName')} htmlFor="ship-full-name">
          <Input
            id="ship-full-name"
            autoComplete="name"
            value={value.fullName}
            maxLength={ADDRESS_MAX}
            invalid={missing('fullName')}
            onChange={set('fullName')}
          />
        </Field>
        <Field label={t('address.phone')} htmlFor="ship-phone">
          <Input
            id="ship-phone"
            type="tel"
            autoComplete="tel"
            value={value.phone}
            maxLength={ADDRESS_MAX}
            invalid={missing('phone')}
            onChange={set('phone')}
          />
        </Field>
      </div>
      <Field label={t('address.address')} htmlFor="ship-address">
        <Textarea
          id="ship-address"
          rows={3}
          autoComplete="street-address"
          value={value.address}
          maxLength={ADDRESS_MAX}
          invalid={missing('address')}
          onChange={set('address')}
        />
      </Field>
    </fieldset>
  );
}
