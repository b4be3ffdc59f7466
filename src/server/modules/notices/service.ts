import { and, count, eq } from 'drizzle-orm';
import {
  emailIsEssential,
  NOTICE_KINDS,
  type NoticeChannel,
  type NoticeChoices,
  type NoticeKind,
  pushIsOffered,
} from '@domain/notice-kinds';
import type { Config } from '@server/config';
import type { DbOrTx } from '@server/db/client';
import { noticeChoices, pushSubscriptions, user } from '@server/db/schema';
import { now } from '@server/lib/clock';
import { AppError } from '@server/lib/errors';
import { readUnsubscribeToken } from '@server/outbox/unsubscribe';

// Members choose their channels (D45): per notice kind, email and push on or off (a kind with no
// choice saved is on for both), and the devices that receive push. The outbox's insert trigger
// (migration 0032) keeps these choices for every notice queued afterwards.

export async function getNoticeChoices(db: DbOrTx, userId: string): Promise<NoticeChoices> {
  const saved = await db.select().from(noticeChoices).where(eq(noticeChoices.userId, userId));
  const isOn = (kind: NoticeKind, channel: NoticeChannel) =>
    saved.find((row) => row.kind === kind && row.channel === channel)?.enabled ?? true;
  const [devices] = await db
    .select({ n: count() })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId));
  return {
    choices: NOTICE_KINDS.map((kind) => ({
      kind,
      email: emailIsEssential(kind) || isOn(kind, 'email'),
      emailLocked: emailIsEssential(kind),
      push: pushIsOffered(kind) ? isOn(kind, 'push') : null,
    })),
    devices: devices?.n ?? 0,
  };
}

async function saveChoice(
  db: DbOrTx,
  userId: string,
  kind: NoticeKind,
  channel: NoticeChannel,
  enabled: boolean,
) {
  const at = now();
  await db
    .insert(noticeChoices)
    .values({ userId, kind, channel, enabled, updatedAt: at })
    .onConflictDoUpdate({
      target: [noticeChoices.userId, noticeChoices.kind, noticeChoices.channel],
      set: { enabled, updatedAt: at },
    });
}

export async function setNoticeChoice(
  db: DbOrTx,
  userId: string,
  change: { kind: NoticeKind; channel: NoticeChannel; enabled: boolean },
): Promise<NoticeChoices> {
  if (change.channel === 'email' && !change.enabled && emailIsEssential(change.kind)) {
    throw new AppError('NOTICE_EMAIL_REQUIRED');
  }
  if (change.channel === 'push' && !pushIsOffered(change.kind)) throw new AppError('PUSH_NOT_OFFERED');
  await saveChoice(db, userId, change.kind, change.channel, change.enabled);
  return getNoticeChoices(db, userId);
}

/** Loopback addresses: a push service stand-in of a test or a developer's machine. */
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The server posts to the endpoint a browser gave, so an endpoint is a request the server makes
 * for the member: only https to a named host; loopback (any scheme) only outside production.
 */
function endpointAllowed(config: Pick<Config, 'env'>, endpoint: string): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (LOOPBACK.has(url.hostname)) return config.env !== 'production' && /^https?:$/.test(url.protocol);
  const ipLiteral = /^[\d.]+$/.test(url.hostname) || url.hostname.startsWith('[');
  return url.protocol === 'https:' && !ipLiteral && url.hostname.includes('.');
}

/**
 * A device's subscription for the signed-in member. An endpoint is one browser profile: saved
 * again by another member (a shared phone), it moves to them, so one device never gets two
 * members' notices.
 */
export async function savePushSubscription(
  db: DbOrTx,
  config: Pick<Config, 'env'>,
  userId: string,
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } },
): Promise<NoticeChoices> {
  if (!endpointAllowed(config, subscription.endpoint)) throw new AppError('PUSH_ENDPOINT_REFUSED');
  const { endpoint, keys } = subscription;
  await db
    .insert(pushSubscriptions)
    .values({ userId, endpoint, p256dh: keys.p256dh, auth: keys.auth })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { userId, p256dh: keys.p256dh, auth: keys.auth },
    });
  return getNoticeChoices(db, userId);
}

/** This device stops receiving the member's pushes (another member's device is left alone). */
export async function removePushSubscription(
  db: DbOrTx,
  userId: string,
  endpoint: string,
): Promise<NoticeChoices> {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
  return getNoticeChoices(db, userId);
}

/**
 * One-click unsubscribe (RFC 8058): the kinds the signed token names stop by email for the
 * member at its address. No sign-in: the signature is the proof. Saying it twice changes nothing.
 */
export async function unsubscribeByToken(
  db: DbOrTx,
  config: Pick<Config, 'authSecret'>,
  token: string,
): Promise<{ kinds: NoticeKind[] }> {
  const read = readUnsubscribeToken(config.authSecret, token);
  if (!read) throw new AppError('UNSUBSCRIBE_LINK_INVALID');
  const [member] = await db.select({ id: user.id }).from(user).where(eq(user.email, read.email));
  // An account deleted since: nothing to turn off, and nothing to tell a stranger either.
  if (!member) return { kinds: read.kinds };
  for (const kind of read.kinds) await saveChoice(db, member.id, kind, 'email', false);
  return { kinds: read.kinds };
}
