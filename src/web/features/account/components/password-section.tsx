import '@web/lib/words/account';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type ChangePasswordForm, changePasswordSchema } from '@domain/schemas/account';
import { Button } from '@web/components/ui/button';
import { ErrorBanner, SuccessBanner } from '@web/components/ui/feedback';
import { useRevealOnSuccess } from '@web/components/ui/reveal';
import { errorMessage } from '@web/lib/api';
import { broadcastAuthChange } from '@web/lib/session';
import { changePassword, requestPasswordReset } from '@web/features/account/api';
import { NewPasswordFields, PasswordField } from './form-fields';
import { SectionCard } from './section-card';
import { showServerErrors } from '@web/lib/server-errors';

const FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'] as const;
const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

/**
 * 'Change Password' expands current / new / confirm; the server checks the current one,
 * changes it and signs out the other devices. 'Send reset link instead' emails the reset link.
 */
export function PasswordSection({ email }: { email: string }) {
  const { t } = useTranslation('account');
  const [open, setOpen] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sendingLink, setSendingLink] = useState(false);
  // The form collapses on success: its outcome comes into view, the section's heading focused.
  const heading = useRevealOnSuccess<HTMLHeadingElement>(notice);
  const {
    register,
    handleSubmit,
    reset,
    setError: setFieldError,
    formState: { errors, isSubmitting },
  } = useForm<ChangePasswordForm>({ resolver: zodResolver(changePasswordSchema), defaultValues: EMPTY });

  function close() {
    reset(EMPTY);
    setOpen(false);
    setError(null);
  }

  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    setNotice(null);
    try {
      await changePassword(values);
      close();
      setNotice(t('password.changed'));
      broadcastAuthChange();
    } catch (err) {
      setError(showServerErrors(err, setFieldError, FIELDS, t('password.failed')));
    }
  });

  async function sendResetLink() {
    setError(null);
    setNotice(null);
    setSendingLink(true);
    try {
      await requestPasswordReset(email);
      close();
      setNotice(t('password.resetSent', { email }));
    } catch (err) {
      setError(errorMessage(err, t('password.failed')));
    } finally {
      setSendingLink(false);
    }
  }

  return (
    <SectionCard title={t('password.title')} description={t('password.subtitle')} headingRef={heading}>
      <div className="space-y-4">
        <SuccessBanner>{notice}</SuccessBanner>
        <ErrorBanner>{error}</ErrorBanner>
        {open ? (
          <form onSubmit={onSubmit} noValidate className="space-y-4">
            <PasswordField
              id="currentPassword"
              label={t('fields.currentPassword')}
              autoComplete="current-password"
              error={errors.currentPassword?.message}
              registration={register('currentPassword')}
            />
            <NewPasswordFields
              wording="change"
              passwordId="newPassword"
              className="grid gap-4 sm:grid-cols-2"
              password={{ registration: register('newPassword'), error: errors.newPassword?.message }}
              confirm={{ registration: register('confirmPassword'), error: errors.confirmPassword?.message }}
            />
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center sm:justify-between">
              <Button variant="ghost" onClick={sendResetLink} loading={sendingLink}>
                {t('password.resetInstead')}
              </Button>
              <div className="flex flex-col-reverse gap-2 sm:flex-row">
                <Button variant="outline" onClick={close}>
                  {t('password.cancel')}
                </Button>
                <Button type="submit" loading={isSubmitting}>
                  {t('password.submit')}
                </Button>
              </div>
            </div>
          </form>
        ) : (
          <div className="flex flex-col gap-2 sm:flex-row">
            <Button
              variant="outline"
              onClick={() => {
                setNotice(null);
                setOpen(true);
              }}
            >
              {t('password.change')}
            </Button>
            <Button variant="ghost" onClick={sendResetLink} loading={sendingLink}>
              {t('password.resetInstead')}
            </Button>
          </div>
        )}
      </div>
    </SectionCard>
  );
}
