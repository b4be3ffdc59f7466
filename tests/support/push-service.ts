import { createDecipheriv, createECDH, createHmac, createPublicKey, randomBytes, verify } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

// A push service stand-in (D45): a real HTTP endpoint on port 0 that receives what the server
// posts to a browser's subscription, and a browser's side of a subscription: a P-256 key pair and
// an auth secret made with node:crypto exactly as a browser makes them, to decrypt the push
// (aes128gcm, RFC 8291 over RFC 8188) and check its VAPID signature (RFC 8292).

export interface ReceivedPush {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface PushService {
  /** The stand-in's origin: http://127.0.0.1:<port>. */
  origin: string;
  received: ReceivedPush[];
  /** Answer requests for `path` with `status` (404 or 410: gone; 500: down) from now on. */
  answer(path: string, status: number): void;
  close(): Promise<void>;
}

/** `answerAfterMs`: hold each answer that long (a slow push service, so a kill lands mid-way). */
export async function startPushService(options: { answerAfterMs?: number } = {}): Promise<PushService> {
  const received: ReceivedPush[] = [];
  const statuses = new Map<string, number>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = req.url ?? '/';
      const status = statuses.get(path) ?? 201;
      if (status === 201) received.push({ path, headers: req.headers, body: Buffer.concat(chunks) });
      const answer = () => {
        if (!res.destroyed) res.writeHead(status).end();
      };
      if (options.answerAfterMs) setTimeout(answer, options.answerAfterMs);
      else answer();
    });
  });
  // A sender killed mid-request resets its connection: that push is the test's to count.
  server.on('clientError', (_err, socket) => socket.destroy());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    received,
    answer: (path, status) => statuses.set(path, status),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

export interface BrowserSubscription {
  /** What PushSubscription.toJSON() gives a page. */
  json: { endpoint: string; keys: { p256dh: string; auth: string } };
  path: string;
  /** The push's plain text, decrypted with this subscription's private key and auth secret. */
  decrypt(body: Buffer): string;
}

/** A browser's subscription at `service`: a fresh P-256 key pair and a 16-byte auth secret. */
export function browserSubscription(service: PushService, name: string): BrowserSubscription {
  const ecdh = createECDH('prime256v1');
  const uaPublic = ecdh.generateKeys();
  const auth = randomBytes(16);
  const path = `/push/${name}`;
  return {
    json: {
      endpoint: `${service.origin}${path}`,
      keys: { p256dh: uaPublic.toString('base64url'), auth: auth.toString('base64url') },
    },
    path,
    decrypt(body) {
      // RFC 8188 header: salt (16) | record size (4) | key id length (1) | key id (the sender's public key).
      const salt = body.subarray(0, 16);
      const idLength = body[20];
      const asPublic = body.subarray(21, 21 + idLength);
      const record = body.subarray(21 + idLength);
      // RFC 8291 section 3.4: the input keying material from the ECDH secret and the auth secret.
      const ecdhSecret = ecdh.computeSecret(asPublic);
      const prkKey = hmac(auth, ecdhSecret);
      const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic, Buffer.from([1])]);
      const ikm = hmac(prkKey, keyInfo);
      const prk = hmac(salt, ikm);
      const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01', 'binary')).subarray(0, 16);
      const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01', 'binary')).subarray(0, 12);
      const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
      decipher.setAuthTag(record.subarray(record.length - 16));
      const padded = Buffer.concat([
        decipher.update(record.subarray(0, record.length - 16)),
        decipher.final(),
      ]);
      // The last record ends with the delimiter 2 and zero padding.
      let end = padded.length - 1;
      while (end > 0 && padded[end] === 0) end--;
      if (padded[end] !== 2) throw new Error('not the last record of an aes128gcm push');
      return padded.subarray(0, end).toString('utf8');
    },
  };
}

/**
 * Checks the push's VAPID header (RFC 8292): `vapid t=<JWT>, k=<public key>`, the JWT signed with
 * ES256 by that key for the push service's origin. Returns the key it was signed with.
 */
export function vapidSigner(push: ReceivedPush, audience: string): string {
  const match = /^vapid t=([^,]+),\s*k=(.+)$/.exec(push.headers.authorization ?? '');
  if (!match) throw new Error(`no VAPID authorization: ${push.headers.authorization}`);
  const [, jwt, k] = match;
  const [header, claims, signature] = jwt.split('.');
  const point = Buffer.from(k, 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const ok = verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!ok) throw new Error('the VAPID signature does not verify');
  const { aud, exp } = JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as {
    aud: string;
    exp: number;
  };
  if (aud !== audience) throw new Error(`VAPID audience ${aud}, expected ${audience}`);
  if (!(exp > Date.now() / 1000)) throw new Error('VAPID token expired');
  return k;
}
