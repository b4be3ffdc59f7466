import '@web/lib/words/account';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ADDRESS_MAX } from '@domain/constants';
import { Textarea } from '@web/components/ui/field';
import { fieldErrorText } from '@web/lib/error-text';

/** The address textarea with the live 'N/250' counter (spec: sign up and profile). */
export function AddressField({
  label,
  placeholder,
  error,
  length,
  registration,
}: {
  label: string;
  placeholder?: string;
  error?: string;
  length: number;
  registration: UseFormRegisterReturn;
}) {
  const { t } = useTranslation('account');
  return (
    <div className="space-y-1.5">
      <div className="flex items-baseline justify-between">
        <label htmlFor="address" className="block text-sm font-medium text-stone-700">
          {label}
        </label>
        <span
          className={length > ADDRESS_MAX ? 'text-xs font-medium text-red-600' : 'text-xs text-stone-500'}
          aria-live="polite"
          data-testid="address-counter"
        >
          {t('hints.addressCounter', { count: length, max: ADDRESS_MAX })}
        </span>
      </div>
      <Textarea
        id="address"
        rows={3}
        autoComplete="street-address"
        placeholder={placeholder}
        invalid={!!error}
        aria-describedby={error ? 'address-error' : undefined}
        {...registration}
      />
      {error && (
        <p id="address-error" className="text-sm text-red-600" role="alert">
          {fieldErrorText(error)}
        </p>
      )}
    </div>
  );
}
