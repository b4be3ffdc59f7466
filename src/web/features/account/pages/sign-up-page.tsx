import { zodResolver } from '@hookform/resolvers/zod';
import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type SignUpForm, signUpFormSchema } from '../../../../domain/schemas/account';
import { Button } from '../../../components/ui/button';
import { ErrorBanner } from '../../../components/ui/feedback';
import { Field, Input } from '../../../components/ui/field';
import { signUp } from '../api';
import { AddressField } from '../components/address-field';
import { AuthCard } from '../components/auth-card';
import { CheckEmail } from '../components/check-email';
import { PasswordInput } from '../components/password-input';
import { showServerErrors } from '../components/server-errors';

const FIELDS = ['name', 'email', 'phone', 'location', 'address', 'password', 'confirmPassword'] as const;

export default function SignUpPage() {
  const { t } = useTranslation('account');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    watch,
    setError: setFieldError,
    formState: { errors, isSubmitting },
  } = useForm<SignUpForm>({
    resolver: zodResolver(signUpFormSchema),
    defaultValues: {
      name: '',
      email: '',
      phone: '',
      location: '',
      address: '',
      password: '',
      confirmPassword: '',
    },
  });
  const addressLength = watch('address')?.length ?? 0;

  const onSubmit = handleSubmit(async ({ confirmPassword: _confirm, ...values }) => {
    setError(null);
    try {
      await signUp(values);
      setSentTo(values.email.trim().toLowerCase());
    } catch (err) {
      setError(showServerErrors(err, setFieldError, FIELDS, t('signUp.fallbackError')));
    }
  });

  if (sentTo) {
    return (
      <CheckEmail text={t('signUp.checkEmailText', { email: sentTo })} hint={t('signUp.checkEmailHint')} />
    );
  }

  const fieldError = (name: (typeof FIELDS)[number]) => errors[name]?.message;
  return (
    <AuthCard
      icon={<UserPlus className="size-6" aria-hidden />}
      title={t('signUp.title')}
      subtitle={t('signUp.subtitle')}
      footer={
        <>
          {t('signUp.haveAccount')}{' '}
          <Link to="/signin" className="font-semibold text-brand-700 hover:underline">
            {t('signUp.signInLink')}
          </Link>
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <ErrorBanner>{error}</ErrorBanner>
        <Field label={t('fields.name')} htmlFor="name" error={fieldError('name')}>
          <Input
            id="name"
            autoComplete="name"
            placeholder={t('placeholders.name')}
            invalid={!!errors.name}
            {...register('name')}
          />
        </Field>
        <Field label={t('fields.email')} htmlFor="email" error={fieldError('email')}>
          <Input
            id="email"
            type="email"
            autoComplete="email"
            placeholder={t('placeholders.email')}
            invalid={!!errors.email}
            {...register('email')}
          />
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label={t('fields.phone')}
            htmlFor="phone"
            error={fieldError('phone')}
            hint={t('hints.phone')}
          >
            <Input
              id="phone"
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              placeholder={t('placeholders.phone')}
              invalid={!!errors.phone}
              {...register('phone')}
            />
          </Field>
          <Field label={t('fields.location')} htmlFor="location" error={fieldError('location')}>
            <Input
              id="location"
              autoComplete="address-level2"
              placeholder={t('placeholders.location')}
              invalid={!!errors.location}
              {...register('location')}
            />
          </Field>
        </div>
        <AddressField
          label={t('fields.address')}
          placeholder={t('placeholders.address')}
          error={fieldError('address')}
          length={addressLength}
          registration={register('address')}
        />
        <Field label={t('fields.password')} htmlFor="password" error={fieldError('password')}>
          <PasswordInput
            id="password"
            autoComplete="new-password"
            invalid={!!errors.password}
            {...register('password')}
          />
        </Field>
        <Field
          label={t('fields.confirmPassword')}
          htmlFor="confirmPassword"
          error={fieldError('confirmPassword')}
        >
          <PasswordInput
            id="confirmPassword"
            autoComplete="new-password"
            invalid={!!errors.confirmPassword}
            {...register('confirmPassword')}
          />
        </Field>
        <Button type="submit" size="lg" className="w-full" loading={isSubmitting}>
          {t('signUp.submit')}
        </Button>
        <p className="text-center text-xs text-stone-500">
          <Trans
            t={t}
            i18nKey="signUp.agree"
            components={{
              terms: <Link to="/terms" className="underline hover:text-stone-800" />,
              privacy: <Link to="/privacy" className="underline hover:text-stone-800" />,
            }}
          />
        </p>
      </form>
    </AuthCard>
  );
}
