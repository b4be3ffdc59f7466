import { eq, inArray } from 'drizzle-orm';
import webpush from 'web-push';
import type { UiLanguage } from '@domain/ui-language';
import type { Config } from '@server/config';
import type { Db } from '@server/db/client';
import { pushSubscriptions, user } from '@server/db/schema';
import { emailWords } from '@server/lib/i18n';
import type { Logger } from '@server/lib/logger';
import type { PushContent } from './push-content';

export type { PushContent } from './push-content';

// Push notices (D45): Web Push with VAPID to every device a member allowed. A push row in the
// outbox (channel 'push') is claimed, batched and marked like an email row; this file
// sends it. The payload is encrypted for each device (aes128gcm, RFC 8291) by web-push's
// generateRequestDetails and posted with fetch, so the request is ours (timeout, any scheme the
// endpoint check allowed). An endpoint answering 404 or 410 is gone and its subscription removed.

/** The words a device shows: what the service worker (src/web/push-sw.ts) reads. */
interface PushPayload {
  title: string;
  body: string;
  url: string;
  /** The outbox row: a repeat after a crash replaces the notification it already showed. */
  tag: string;
}

const PUSH_TIMEOUT_MS = 30_000;
/** A push that waits longer than a day at the push service is no longer news. */
const PUSH_TTL_SECONDS = 24 * 3600;
/** Push services cap a payload near 4 KB: the body is cut well below. */
const BODY_MAX = 600;

export interface PushSender {
  /** Sends to every device of the member at `to`; throws when none took it and some may later. */
  send(message: { id: string; to: string; content: PushContent }): Promise<void>;
}

export function createPushSender(deps: { db: Db; config: Config; log: Logger }): PushSender {
  const { db, config, log } = deps;
  return {
    async send({ id, to, content }) {
      const devices = await db
        .select({
          id: pushSubscriptions.id,
          endpoint: pushSubscriptions.endpoint,
          p256dh: pushSubscriptions.p256dh,
          auth: pushSubscriptions.auth,
        })
        .from(pushSubscriptions)
        .innerJoin(user, eq(user.id, pushSubscriptions.userId))
        .where(eq(user.email, to.toLowerCase()));
      const payload: PushPayload = {
        title: content.title,
        body: content.body.length > BODY_MAX ? `${content.body.slice(0, BODY_MAX - 1)}…` : content.body,
        url: content.url,
        tag: id,
      };
      const gone: string[] = [];
      const errors: string[] = [];
      let delivered = 0;
      for (const device of devices) {
        try {
          const request = webpush.generateRequestDetails(
            { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
            JSON.stringify(payload),
            {
              vapidDetails: config.vapid,
              TTL: PUSH_TTL_SECONDS,
              urgency: 'high',
              contentEncoding: 'aes128gcm',
            },
          );
          const res = await fetch(request.endpoint, {
            method: request.method,
            headers: request.headers as Record<string, string>,
            body: request.body ? new Uint8Array(request.body) : undefined,
            signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
          });
          await res.body?.cancel();
          if (res.status === 404 || res.status === 410) gone.push(device.id);
          else if (res.ok) delivered++;
          else errors.push(`push service answered ${res.status}`);
        } catch (err) {
          errors.push(err instanceof Error ? err.message : String(err));
        }
      }
      if (gone.length > 0) {
        await db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, gone));
        log.info({ pushId: id, removed: gone.length }, 'push subscriptions gone (404/410) removed');
      }
      // One device reached is the notice delivered: a retry would show it again on that one.
      if (errors.length > 0 && delivered === 0) throw new Error(errors[0].slice(0, 500));
      if (errors.length > 0) log.warn({ pushId: id, errors }, 'push reached some devices only');
    },
  };
}

/** Several pushes of one member at one moment (D37): one notification naming them all, opening the first. */
export function combinePushes(pushes: PushContent[]): PushContent {
  if (pushes.length === 1) return pushes[0];
  const first = pushes[0];
  const t = emailWords(first.language);
  return {
    language: first.language,
    title: t('push.digestTitle', { first: first.title, count: pushes.length - 1 }),
    body: pushes.map((p) => p.title).join(' · '),
    url: first.url,
  };
}

/** The digest key of a push row: the same member's pushes in one language share a notification. */
export function pushDigestKey(to: string, content: PushContent): string {
  return `push:${content.language}:${to.trim().toLowerCase()}`;
}

/** "“Title”" or "“Title” and 2 more": how a push names its books. */
export function bookWords(lang: UiLanguage, titles: readonly string[]): string {
  const t = emailWords(lang);
  if (titles.length <= 1) return t('push.book', { title: titles[0] ?? '' });
  return t('push.books', { title: titles[0], count: titles.length - 1 });
}
