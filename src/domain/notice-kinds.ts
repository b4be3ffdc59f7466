import { z } from 'zod';

// Members choose their channels (D45): every notice belongs to one kind, and a member turns each
// kind's email and push on or off. Account security and payment emails cannot be turned off.
// Push exists only for the kinds where hours count (a payment due, a hold, a loan's due date, a
// message, an order to hand over): the choices offer push only where a push can come.

export const NOTICE_KINDS = [
  'account',
  'payment',
  'handover',
  'loans',
  'waitlist',
  'messages',
  'orders',
  // Wanted books (D47): a book on the member's list can be borrowed now.
  'wanted',
] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

const NOTICE_CHANNELS = ['email', 'push'] as const;
export type NoticeChannel = (typeof NOTICE_CHANNELS)[number];

/** Kinds whose email always goes: account security and payments. */
const ESSENTIAL_EMAIL_KINDS: readonly NoticeKind[] = ['account', 'payment'];

/** Kinds with push notices: the ones where hours count. */
const PUSH_KINDS: readonly NoticeKind[] = ['payment', 'handover', 'loans', 'waitlist', 'messages'];

export function emailIsEssential(kind: NoticeKind): boolean {
  return ESSENTIAL_EMAIL_KINDS.includes(kind);
}

export function pushIsOffered(kind: NoticeKind): boolean {
  return PUSH_KINDS.includes(kind);
}

type Recipient = 'user' | 'borrower' | 'owner' | 'admin';

/**
 * The kind of an outbox email, from its type and its reader; null for what no member chooses:
 * the admins' working notices (claims to check, overdue loans to follow) always go.
 */
export function noticeKindOf(emailType: string, recipient: Recipient): NoticeKind | null {
  if (recipient === 'admin') return null;
  if (['email_confirmation', 'password_reset', 'password_changed', 'existing_account'].includes(emailType)) {
    return 'account';
  }
  if (emailType === 'message') return 'messages';
  if (emailType === 'wanted_available') return 'wanted';
  if (emailType.startsWith('waitlist_')) return 'waitlist';
  if (emailType === 'loan_extended') return recipient === 'borrower' ? 'payment' : 'loans';
  if (emailType.startsWith('loan_')) return 'loans';
  if (emailType.startsWith('order_')) {
    const notice = emailType.slice('order_'.length);
    if (recipient === 'owner')
      return notice === 'placed' || notice === 'payment_confirmed' ? 'handover' : 'orders';
    if (
      [
        'shipping_cost_set',
        'payment_confirmed',
        'payment_claim_rejected',
        'cancelled_refund_owed',
        'payment_refunded',
        'order_revived',
      ].includes(notice)
    ) {
      return 'payment';
    }
    return 'orders';
  }
  return null;
}

/** One kind's choices: email on or off, push on or off (null: this kind has no push notices). */
const noticeChoiceSchema = z.object({
  kind: z.enum(NOTICE_KINDS),
  email: z.boolean(),
  emailLocked: z.boolean(),
  push: z.boolean().nullable(),
});

/** GET /api/profile/notices: every kind's choices and how many devices receive push. */
export const noticeChoicesSchema = z.object({
  choices: z.array(noticeChoiceSchema),
  devices: z.number().int(),
});
export type NoticeChoices = z.infer<typeof noticeChoicesSchema>;

/** PUT /api/profile/notices: one switch. */
export const noticeChoiceChangeSchema = z.object({
  kind: z.enum(NOTICE_KINDS),
  channel: z.enum(NOTICE_CHANNELS),
  enabled: z.boolean(),
});

/** A browser's push subscription (PushSubscription.toJSON()), as the web sends it. */
export const pushSubscriptionSchema = z.object({
  endpoint: z.string().url().max(2048),
  keys: z.object({
    p256dh: z
      .string()
      .regex(/^[A-Za-z0-9_-]+={0,2}$/)
      .min(80)
      .max(100),
    auth: z
      .string()
      .regex(/^[A-Za-z0-9_-]+={0,2}$/)
      .min(16)
      .max(32),
  }),
});

export const pushKeySchema = z.object({ publicKey: z.string() });

export const unsubscribedSchema = z.object({ kinds: z.array(z.enum(NOTICE_KINDS)) });
