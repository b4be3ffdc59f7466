import type { DbOrTx } from '@server/db/client';
import { renderEmail } from '@server/outbox/layout';
import { enqueueEmail } from '@server/outbox/outbox';

// The account emails (D16): each is queued in the outbox (D14); callers kick the worker.

interface Recipient {
  email: string;
  name: string;
}

export function queueConfirmationEmail(db: DbOrTx, user: Recipient, url: string) {
  return enqueueEmail(db, {
    to: user.email,
    recipientType: 'user',
    emailType: 'email_confirmation',
    ...renderEmail({
      subject: 'Confirm your Rakbuku account',
      title: 'Welcome to Rakbuku!',
      paragraphs: [
        `Hi ${user.name},`,
        'Please confirm your email address to start borrowing and sharing books with the community in Bali.',
      ],
      button: { label: 'Confirm my email', url },
      footnote: 'The link works for 24 hours. If you did not sign up, ignore this email.',
    }),
  });
}

export function queueResetEmail(db: DbOrTx, user: Recipient, url: string) {
  return enqueueEmail(db, {
    to: user.email,
    recipientType: 'user',
    emailType: 'password_reset',
    ...renderEmail({
      subject: 'Reset your Rakbuku password',
      title: 'Reset your password',
      paragraphs: [
        `Hi ${user.name},`,
        'Someone asked to reset the password of your Rakbuku account. If it was you, choose a new password with the link below. The link works for one hour.',
      ],
      button: { label: 'Choose a new password', url },
      footnote: 'If you did not ask for this, ignore this email: your password stays the same.',
    }),
  });
}

/** D11: after a change on the profile or a reset, so a member notices a change they did not make. */
export function queuePasswordChangedEmail(db: DbOrTx, user: Recipient, appUrl: string) {
  return enqueueEmail(db, {
    to: user.email,
    recipientType: 'user',
    emailType: 'password_changed',
    ...renderEmail({
      subject: 'Your Rakbuku password was changed',
      title: 'Your password was changed',
      paragraphs: [
        `Hi ${user.name},`,
        'The password of your Rakbuku account was just changed, and every other device was signed out.',
        'If you did not do this, reset your password now with the link below.',
      ],
      button: { label: 'Reset my password', url: `${appUrl}/forgot-password` },
    }),
  });
}

/**
 * Sign-up answers an existing email exactly like a new one (no account enumeration, D10),
 * so the owner of that address hears about it here instead.
 */
export function queueExistingAccountEmail(db: DbOrTx, user: Recipient, appUrl: string) {
  return enqueueEmail(db, {
    to: user.email,
    recipientType: 'user',
    emailType: 'existing_account',
    ...renderEmail({
      subject: 'You already have a Rakbuku account',
      title: 'You already have an account',
      paragraphs: [
        `Hi ${user.name},`,
        'Someone just tried to sign up for Rakbuku with this email address, which already has an account.',
        'If it was you, sign in instead. If you forgot your password, you can reset it.',
      ],
      button: { label: 'Sign in', url: `${appUrl}/signin` },
      footnote: 'If it was not you, you can ignore this email: nothing changed.',
    }),
  });
}
