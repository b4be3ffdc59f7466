import '@web/lib/words/checkout';
import { useTranslation } from 'react-i18next';
import { ADDRESS_MAX } from '@domain/constants';
import type { DeliveryAddress } from '@domain/order-types';
import { Field, Input, Textarea } from '@web/components/ui/field';

const FIELDS = [
  { key: 'fullName', id: 'ship-full-name', autoComplete: 'name' },
  { key: 'phone', id: 'ship-phone', autoComplete: 'tel' },
  { key: 'address', id: 'ship-address', autoComplete: 'street-address' },
] as const satisfies readonly { key: keyof DeliveryAddress; id: string; autoComplete: string }[];

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
  return (
    <fieldset className="space-y-4">
      <legend className="text-lg font-semibold text-stone-900">{t('address.title')}</legend>
      <p className="text-sm text-stone-500">{t('address.prefilled')}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        {FIELDS.map(({ key, id, autoComplete }) => {
          const props = {
            id,
            autoComplete,
            value: value[key],
            maxLength: ADDRESS_MAX,
            invalid: showMissing && !value[key].trim(),
            onChange: (e: { target: { value: string } }) => onChange({ ...value, [key]: e.target.value }),
          };
          return (
            <Field
              key={key}
              label={t(`address.${key}`)}
              htmlFor={id}
              className={key === 'address' ? 'sm:col-span-2' : undefined}
            >
              {key === 'address' ? (
                <Textarea rows={3} {...props} />
              ) : (
                <Input type={key === 'phone' ? 'tel' : 'text'} {...props} />
              )}
            </Field>
          );
        })}
      </div>
    </fieldset>
  );
}
