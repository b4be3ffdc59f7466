import '@web/lib/words/account';
import { MailCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '@web/components/ui/button';
import { useRevealOnSuccess } from '@web/components/ui/reveal';
import { AuthCard } from './auth-card';

/** The 'Check your email' state after sign-up and forgot-password. */
export function CheckEmail({ text, hint }: { text: ReactNode; hint?: ReactNode }) {
  const { t } = useTranslation('account');
  // The form this replaced was long on a phone: start at the top, on the heading.
  const heading = useRevealOnSuccess<HTMLHeadingElement>(true, { pageTop: true });
  return (
    <AuthCard
      icon={<MailCheck className="size-6" aria-hidden />}
      title={t('checkEmail.title')}
      headingRef={heading}
    >
      <p className="text-center text-stone-700">{text}</p>
      {hint && <p className="mt-3 text-center text-sm text-stone-500">{hint}</p>}
      <ButtonLink to="/signin" replace variant="outline" className="mt-6 w-full">
        {t('checkEmail.backToSignIn')}
      </ButtonLink>
    </AuthCard>
  );
}
