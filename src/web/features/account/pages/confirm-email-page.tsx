import '@web/lib/words/account';
import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { toast } from '@web/lib/toast';
import { Button, ButtonLink } from '@web/components/ui/button';
import { ErrorBanner } from '@web/components/ui/feedback';
import { ApiError, errorMessage } from '@web/lib/api';
import { readSignInIntent } from '@web/lib/session';
import { confirmEmail, useFinishSignIn } from '@web/features/account/api';
import { AuthCard } from '@web/features/account/components/auth-card';
import { PageTitle } from '@web/components/ui/page-title';

/** The email inside the link's token (a JWT), shown so a member sees which account they confirm. */
function emailInToken(token: string): string | null {
  try {
    const payload = JSON.parse(atob(token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/')));
    return typeof payload.email === 'string' ? payload.email : null;
  } catch {
    return null;
  }
}

/**
 * Where the confirmation link lands. Opening the link changes nothing: only this button (a POST
 * from our own page) confirms the email and signs in, so a foreign page or an <img> pointing at
 * the link cannot sign a visitor in to someone else's account (login CSRF).
 */
export default function ConfirmEmailPage() {
  const { t } = useTranslation('account');
  const finishSignIn = useFinishSignIn();
  const [params] = useSearchParams();
  const intent = readSignInIntent(`?${params}`);
  const token = params.get('token') ?? '';
  const email = token ? emailInToken(token) : null;
  const [linkInvalid, setLinkInvalid] = useState(!token);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function confirm() {
    setError(null);
    setBusy(true);
    try {
      await confirmEmail(token);
      // Signed in now: finish what the guest came for (the book they pressed Add on), as the
      // sign-in screen does, or welcome them on the home page.
      await finishSignIn(intent.next ? intent : { next: '/', add: null });
      if (!intent.next) toast.success(t('profile.welcome'));
    } catch (err) {
      if (err instanceof ApiError && err.code === 'INVALID_CONFIRMATION_LINK') setLinkInvalid(true);
      else setError(errorMessage(err, t('confirm.fallbackError')));
      setBusy(false);
    }
  }

  return (
    <AuthCard
      icon={<MailCheck className="size-6" aria-hidden />}
      title={t('confirm.title')}
      subtitle={linkInvalid ? undefined : t('confirm.subtitle')}
    >
      <PageTitle title={t('confirm.title')} />
      {linkInvalid ? (
        <div className="space-y-4">
          <ErrorBanner>{t('profile.confirmLinkInvalid')}</ErrorBanner>
          <ButtonLink to="/signin" replace className="w-full">
            {t('confirm.toSignIn')}
          </ButtonLink>
        </div>
      ) : (
        <div className="space-y-4">
          <ErrorBanner>{error}</ErrorBanner>
          {email && <p className="break-all text-center font-semibold text-stone-900">{email}</p>}
          <Button type="button" size="lg" className="w-full" loading={busy} onClick={confirm}>
            {t('confirm.submit')}
          </Button>
          <p className="text-center text-sm text-stone-600">{t('confirm.notYou')}</p>
        </div>
      )}
    </AuthCard>
  );
}
