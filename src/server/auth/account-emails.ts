import type { DbOrTx } from '@server/db/client';
import { emailWords, languageOf } from '@server/lib/i18n';
import { renderEmail } from '@server/outbox/layout';
import { enqueueEmail } from '@server/outbox/outbox';

// The account emails (D16): each is queued in the outbox; callers kick the worker. Each
// is worded in the account's saved language (D29), read when it is queued: the language the
// member had when it happened (the one they signed up in, for the confirmation).

interface Recipient {
  email: string;
  name: string;
  /** user.language; Better Auth passes the whole user row, additional fields included. */
  language?: string | null;
}

type AccountEmail = 'confirm' | 'reset' | 'passwordChanged' | 'existing';

/** One account email: a greeting, the email's sentences, a button and maybe a footnote. */
function accountEmail(
  user: Recipient,
  emailType: string,
  kind: AccountEmail,
  sentences: string[],
  url: string,
  footnote: boolean,
) {
  const lang = languageOf(user.language);
  const t = emailWords(lang);
  return {
    to: user.email,
    recipientType: 'user' as const,
    emailType,
    ...renderEmail(lang, {
      subject: t(`account.${kind}.subject`),
      title: t(`account.${kind}.title`),
      paragraphs: [t('hi', { name: user.name }), ...sentences.map((s) => t(`account.${kind}.${s}`))],
      button: { label: t(`account.${kind}.button`), url },
      footnote: footnote ? t(`account.${kind}.footnote`) : undefined,
    }),
  };
}

export function queueConfirmationEmail(db: DbOrTx, user: Recipient, url: string) {
  return enqueueEmail(db, accountEmail(user, 'email_confirmation', 'confirm', ['body'], url, true));
}

export function queueResetEmail(db: DbOrTx, user: Recipient, url: string) {
  return enqueueEmail(db, accountEmail(user, 'password_reset', 'reset', ['body'], url, true));
}

/** D11: after a change on the profile or a reset, so a member notices a change they did not make. */
export function queuePasswordChangedEmail(db: DbOrTx, user: Recipient, appUrl: string) {
  return enqueueEmail(
    db,
    accountEmail(
      user,
      'password_changed',
      'passwordChanged',
      ['body', 'notYou'],
      `${appUrl}/forgot-password`,
      false,
    ),
  );
}

/**
 * Sign-up answers an existing email exactly like a new one (no account enumeration, D10),
 * so the owner of that address hears about it here instead.
 */
export function queueExistingAccountEmail(db: DbOrTx, user: Recipient, appUrl: string) {
  return enqueueEmail(
    db,
    accountEmail(user, 'existing_account', 'existing', ['body', 'signIn'], `${appUrl}/signin`, true),
  );
}
