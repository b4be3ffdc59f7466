import '@web/lib/words/account';
import type { InputHTMLAttributes, ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Field, Input } from '@web/components/ui/field';
import { AddressField } from './address-field';
import { PasswordInput } from './password-input';

// The account forms' fields: label, control and error wired the same way everywhere.

type ControlProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | keyof UseFormRegisterReturn>;

export function TextField({
  id,
  label,
  error,
  hint,
  registration,
  ...control
}: ControlProps & {
  id: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  registration: UseFormRegisterReturn;
}) {
  return (
    <Field label={label} htmlFor={id} error={error} hint={hint}>
      <Input id={id} invalid={!!error} {...control} {...registration} />
    </Field>
  );
}

export function EmailField({ error, registration }: { error?: string; registration: UseFormRegisterReturn }) {
  const { t } = useTranslation('account');
  return (
    <TextField
      id="email"
      type="email"
      autoComplete="email"
      label={t('fields.email')}
      placeholder={t('placeholders.email')}
      error={error}
      registration={registration}
    />
  );
}

export function PasswordField({
  id,
  label,
  error,
  autoComplete,
  registration,
}: {
  id: string;
  label: string;
  error?: string;
  autoComplete: 'new-password' | 'current-password';
  registration: UseFormRegisterReturn;
}) {
  return (
    <Field label={label} htmlFor={id} error={error}>
      <PasswordInput id={id} autoComplete={autoComplete} invalid={!!error} {...registration} />
    </Field>
  );
}

interface Registered {
  registration: UseFormRegisterReturn;
  error?: string;
}

/** Phone, location and address (with the live counter): the same on sign-up and the profile. */
export function ContactFields({
  phone,
  location,
  address,
}: {
  phone: Registered;
  location: Registered;
  address: Registered & { length: number };
}) {
  const { t } = useTranslation('account');
  return (
    <>
      <p className="text-sm text-stone-600" data-testid="contact-fields-note">
        {t('profile.contactNote')}
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id="phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          label={t('fields.phone')}
          hint={t('hints.phone')}
          {...phone}
        />
        <TextField
          id="location"
          autoComplete="address-level2"
          label={t('fields.location')}
          hint={t('hints.location')}
          {...location}
        />
      </div>
      <AddressField
        label={t('fields.address')}
        error={address.error}
        length={address.length}
        registration={address.registration}
      />
    </>
  );
}

/** A new password and its confirmation: sign-up ('Password'), reset and profile ('New password'). */
export function NewPasswordFields({
  password,
  confirm,
  passwordId = 'password',
  wording,
  className,
}: {
  password: Registered;
  confirm: Registered;
  passwordId?: string;
  wording: 'signUp' | 'change';
  className?: string;
}) {
  const { t } = useTranslation('account');
  return (
    <div className={className ?? 'space-y-4'}>
      <PasswordField
        id={passwordId}
        label={wording === 'signUp' ? t('fields.password') : t('fields.newPassword')}
        autoComplete="new-password"
        {...password}
      />
      <PasswordField
        id="confirmPassword"
        label={wording === 'signUp' ? t('fields.confirmPassword') : t('fields.confirmNewPassword')}
        autoComplete="new-password"
        {...confirm}
      />
    </div>
  );
}
