import '@web/lib/words/account';
import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type ForgotPasswordForm, forgotPasswordSchema } from '@domain/schemas/account';
import { Button } from '@web/components/ui/button';
import { ErrorBanner } from '@web/components/ui/feedback';
import { errorMessage } from '@web/lib/api';
import { requestPasswordReset } from '@web/features/account/api';
import { AuthCard } from '@web/features/account/components/auth-card';
import { CheckEmail } from '@web/features/account/components/check-email';
import { EmailField } from '@web/features/account/components/form-fields';
import { PageTitle } from '@web/components/ui/page-title';

export default function ForgotPasswordPage() {
  const { t } = useTranslation('account');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ForgotPasswordForm>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit(async ({ email }) => {
    setError(null);
    try {
      // The same answer whether or not the email has an account (D10).
      await requestPasswordReset(email);
      setSentTo(email);
    } catch (err) {
      setError(errorMessage(err, t('forgot.fallbackError')));
    }
  });

  if (sentTo) return <CheckEmail text={t('forgot.checkEmailText', { email: sentTo })} />;

  return (
    <AuthCard
      icon={<KeyRound className="size-6" aria-hidden />}
      title={t('forgot.title')}
      subtitle={t('forgot.subtitle')}
      footer={
        <Link to="/signin" className="font-semibold text-brand-700 hover:underline">
          {t('forgot.backToSignIn')}
        </Link>
      }
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <PageTitle title={t('forgot.title')} />
        <ErrorBanner>{error}</ErrorBanner>
        <EmailField error={errors.email?.message} registration={register('email')} />
        <Button type="submit" size="lg" className="w-full" loading={isSubmitting}>
          {t('forgot.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}
