import '@web/lib/words/account';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { LogIn } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { type SignInForm, signInSchema } from '@domain/schemas/account';
import { Button } from '@web/components/ui/button';
import { ErrorBanner, SuccessBanner } from '@web/components/ui/feedback';
import { PageTitle } from '@web/components/ui/page-title';
import { ApiError, errorMessage } from '@web/lib/api';
import { intentSearch, readSignInIntent } from '@web/lib/session';
import { bookDetailQuery } from '@web/features/catalog/api';
import { resendConfirmation, signIn, useFinishSignIn } from '@web/features/account/api';
import { AuthCard } from '@web/features/account/components/auth-card';
import { EmailField, PasswordField } from '@web/features/account/components/form-fields';

export default function SignInPage() {
  const { t } = useTranslation('account');
  const location = useLocation();
  const finishSignIn = useFinishSignIn();
  // Where to go after signing in, and the book a guest pressed Add on: both in the URL.
  const intent = readSignInIntent(location.search);
  const book = useQuery({ ...bookDetailQuery(intent.add ?? ''), enabled: !!intent.add });
  const [error, setError] = useState<string | null>(null);
  const [unconfirmedEmail, setUnconfirmedEmail] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(
    (location.state as { passwordReset?: boolean } | null)?.passwordReset ? t('signIn.passwordReset') : null,
  );
  const [resending, setResending] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<SignInForm>({
    resolver: zodResolver(signInSchema),
    defaultValues: { email: '', password: '', rememberMe: false },
  });

  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    setNotice(null);
    setUnconfirmedEmail(null);
    try {
      await signIn({ email: values.email, password: values.password, rememberMe: !!values.rememberMe });
      await finishSignIn(intent);
    } catch (err) {
      if (err instanceof ApiError && err.code === 'EMAIL_NOT_VERIFIED') {
        setUnconfirmedEmail(values.email);
        return;
      }
      setError(errorMessage(err, t('signIn.fallbackError')));
    }
  });

  async function resend() {
    if (!unconfirmedEmail) return;
    setResending(true);
    try {
      await resendConfirmation(unconfirmedEmail);
      setNotice(t('signIn.resent', { email: unconfirmedEmail }));
      setUnconfirmedEmail(null);
    } catch (err) {
      setError(errorMessage(err, t('signIn.fallbackError')));
    } finally {
      setResending(false);
    }
  }

  return (
    <AuthCard
      icon={<LogIn className="size-6" aria-hidden />}
      title={t('signIn.title')}
      subtitle={book.data ? t('signIn.toBorrow', { title: book.data.title }) : t('signIn.subtitle')}
      footer={
        <>
          {t('signIn.noAccount')}{' '}
          <Link
            to={`/signup${intentSearch(intent)}`}
            className="font-semibold text-brand-700 hover:underline"
          >
            {t('signIn.signUpLink')}
          </Link>
        </>
      }
    >
      <PageTitle title={t('signIn.submit')} />
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <SuccessBanner>{notice}</SuccessBanner>
        <ErrorBanner>{error}</ErrorBanner>
        {unconfirmedEmail && (
          <ErrorBanner>
            <p>{t('signIn.unconfirmed')}</p>
            <Button variant="outline" size="sm" className="mt-2" onClick={resend} loading={resending}>
              {t('signIn.resend')}
            </Button>
          </ErrorBanner>
        )}
        <EmailField error={errors.email?.message} registration={register('email')} />
        <PasswordField
          id="password"
          label={t('fields.password')}
          autoComplete="current-password"
          error={errors.password?.message}
          registration={register('password')}
        />
        <div className="flex items-center justify-between gap-3">
          <label className="flex items-center gap-2 text-sm text-stone-700">
            <input
              type="checkbox"
              className="size-4 rounded border-stone-300 accent-brand-700"
              {...register('rememberMe')}
            />
            {t('signIn.rememberMe')}
          </label>
          <Link to="/forgot-password" className="text-sm font-medium text-brand-700 hover:underline">
            {t('signIn.forgotPassword')}
          </Link>
        </div>
        <Button type="submit" size="lg" className="w-full" loading={isSubmitting}>
          {t('signIn.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}
