import { createHmac, timingSafeEqual } from 'node:crypto';
import { emailIsEssential, NOTICE_KINDS, type NoticeKind } from '@domain/notice-kinds';

// One-click unsubscribe (RFC 8058, D45): every non-essential email carries List-Unsubscribe with
// a link whose token names the address and the kinds of the email, signed with a key derived from
// AUTH_SECRET. Posting it turns those kinds' email off without a sign-in; a token changed to name
// another address or kind fails its signature.

function keyOf(secret: string): Buffer {
  return createHmac('sha256', secret).update('rakbuku:list-unsubscribe').digest();
}

function signatureOf(secret: string, payload: string): Buffer {
  return createHmac('sha256', keyOf(secret)).update(payload).digest();
}

export function unsubscribeToken(secret: string, email: string, kinds: readonly NoticeKind[]): string {
  const payload = Buffer.from(JSON.stringify({ e: email.toLowerCase(), k: [...kinds].sort() })).toString(
    'base64url',
  );
  return `${payload}.${signatureOf(secret, payload).toString('base64url')}`;
}

/** The address and kinds of a token this server signed, or null. */
export function readUnsubscribeToken(
  secret: string,
  token: string,
): { email: string; kinds: NoticeKind[] } | null {
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return null;
  const given = Buffer.from(signature, 'base64url');
  const expected = signatureOf(secret, payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const data = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
      e?: unknown;
      k?: unknown;
    };
    if (typeof data.e !== 'string' || !Array.isArray(data.k)) return null;
    const kinds = data.k.filter((k): k is NoticeKind => (NOTICE_KINDS as readonly string[]).includes(k));
    if (kinds.length === 0 || kinds.some(emailIsEssential)) return null;
    return { email: data.e, kinds };
  } catch {
    return null;
  }
}

/** The RFC 8058 headers of an email of `kinds` to `to`; none when any of them is essential. */
export function listUnsubscribeHeaders(
  config: { appUrl: string; authSecret: string },
  to: string,
  kinds: readonly NoticeKind[],
): Record<string, string> | undefined {
  if (kinds.length === 0 || kinds.some(emailIsEssential)) return undefined;
  const token = unsubscribeToken(config.authSecret, to, [...new Set(kinds)]);
  return {
    'List-Unsubscribe': `<${config.appUrl}/api/notices/unsubscribe?token=${token}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}
