import '@web/lib/words/account';
import { zodResolver } from '@hookform/resolvers/zod';
import { LockKeyhole } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { type ResetPasswordForm, resetPasswordFormSchema } from '@domain/schemas/account';
import { Button, ButtonLink } from '@web/components/ui/button';
import { ErrorBanner } from '@web/components/ui/feedback';
import { ApiError, errorMessage } from '@web/lib/api';
import { broadcastAuthChange } from '@web/lib/session';
import { resetPassword } from '@web/features/account/api';
import { AuthCard } from '@web/features/account/components/auth-card';
import { NewPasswordFields } from '@web/features/account/components/form-fields';
import { PageTitle } from '@web/components/ui/page-title';

export default function ResetPasswordPage() {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token');
  // Better Auth sends an expired or unknown link here with ?error=INVALID_TOKEN.
  const [linkInvalid, setLinkInvalid] = useState(!token || params.has('error'));
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ResetPasswordForm>({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async ({ password }) => {
    setError(null);
    try {
      await resetPassword({ token: token ?? '', newPassword: password });
      // Every session of the member ended: other tabs find out now.
      broadcastAuthChange();
      navigate('/signin', { replace: true, state: { passwordReset: true } });
    } catch (err) {
      if (err instanceof ApiError && err.code === 'INVALID_TOKEN') setLinkInvalid(true);
      else setError(errorMessage(err, t('reset.fallbackError')));
    }
  });

  return (
    <AuthCard
      icon={<LockKeyhole className="size-6" aria-hidden />}
      title={t('reset.title')}
      subtitle={linkInvalid ? undefined : t('reset.subtitle')}
    >
      <PageTitle title={t('reset.title')} />
      {linkInvalid ? (
        <div className="space-y-4">
          <ErrorBanner>{t('reset.invalidLink')}</ErrorBanner>
          <ButtonLink to="/forgot-password" replace className="w-full">
            {t('reset.requestNew')}
          </ButtonLink>
        </div>
      ) : (
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <ErrorBanner>{error}</ErrorBanner>
          <NewPasswordFields
            wording="change"
            password={{ registration: register('password'), error: errors.password?.message }}
            confirm={{ registration: register('confirmPassword'), error: errors.confirmPassword?.message }}
          />
          <Button type="submit" size="lg" className="w-full" loading={isSubmitting}>
            {t('reset.submit')}
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
