import '@web/lib/words/account';
import { zodResolver } from '@hookform/resolvers/zod';
import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { intentSearch, readSignInIntent } from '@web/lib/session';
import { type SignUpForm, signUpFormSchema } from '@domain/schemas/account';
import { Button } from '@web/components/ui/button';
import { ErrorBanner } from '@web/components/ui/feedback';
import { signUp } from '@web/features/account/api';
import { AuthCard } from '@web/features/account/components/auth-card';
import { CheckEmail } from '@web/features/account/components/check-email';
import { EmailField, NewPasswordFields, TextField } from '@web/features/account/components/form-fields';
import { showServerErrors } from '@web/lib/server-errors';
import { PageTitle } from '@web/components/ui/page-title';

// Sign-up asks only what an account needs; phone, location and address are asked when they are
// needed (the profile, before listing a book; the checkout's delivery form).
const FIELDS = ['name', 'email', 'password', 'confirmPassword'] as const;

export default function SignUpPage() {
  const { t } = useTranslation('account');
  // A guest who pressed Add and chose to sign up: the intent travels through the emailed link.
  const intent = readSignInIntent(useLocation().search);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError: setFieldError,
    formState: { errors, isSubmitting },
  } = useForm<SignUpForm>({
    resolver: zodResolver(signUpFormSchema),
    defaultValues: { name: '', email: '', password: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async ({ confirmPassword: _confirm, ...values }) => {
    setError(null);
    try {
      await signUp(values, intent);
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
          <Link
            to={`/signin${intentSearch(intent)}`}
            className="font-semibold text-brand-700 hover:underline"
          >
            {t('signUp.signInLink')}
          </Link>
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <PageTitle title={t('signUp.title')} />
        <ErrorBanner>{error}</ErrorBanner>
        <TextField
          id="name"
          autoComplete="name"
          label={t('fields.name')}
          placeholder={t('placeholders.name')}
          error={fieldError('name')}
          registration={register('name')}
        />
        <EmailField error={fieldError('email')} registration={register('email')} />
        <NewPasswordFields
          wording="signUp"
          password={{ registration: register('password'), error: fieldError('password') }}
          confirm={{ registration: register('confirmPassword'), error: fieldError('confirmPassword') }}
        />
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
