import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig, startupWarnings } from './config';
import { createTransport } from './outbox/outbox';

// Production defaults. A production server never seeds the demo (whose admin
// password is published) unless asked, never silently writes its emails to disk, and never
// logs a link that confirms or resets an account.

const dataDir = mkdtempSync(join(tmpdir(), 'rakbuku-config-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const production = {
  NODE_ENV: 'production',
  AUTH_SECRET: 'x'.repeat(32),
  DATA_DIR: dataDir,
  SMTP_URL: 'smtp://127.0.0.1:2525',
};

describe('production configuration', () => {
  it('does not seed the demo, even on the embedded database, unless SEED_DEMO=true', () => {
    expect(loadConfig(production).seedDemo).toBe(false);
    expect(loadConfig({ ...production, SEED_DEMO: 'false' }).seedDemo).toBe(false);
    expect(loadConfig({ ...production, SEED_DEMO: 'true' }).seedDemo).toBe(true);
    // Development keeps D20: the embedded database gets the demo.
    expect(loadConfig({ DATA_DIR: dataDir }).seedDemo).toBe(true);
  });

  it('refuses to start without a mail transport', () => {
    const { SMTP_URL: _, ...noMail } = production;
    expect(() => loadConfig(noMail)).toThrow(/mail transport is required in production/);
    // Development falls back to .eml files (D15).
    expect(loadConfig({ DATA_DIR: dataDir }).mail.transport).toBe('file');
  });

  it('runs with MAIL_TRANSPORT=none or file only when chosen, and says so at every start', () => {
    const { SMTP_URL: _, ...noMail } = production;
    const none = loadConfig({ ...noMail, MAIL_TRANSPORT: 'none' });
    expect(none.mail.transport).toBe('none');
    expect(startupWarnings(none)).toEqual([expect.stringContaining('NO EMAIL IS SENT')]);
    const file = loadConfig({ ...noMail, MAIL_TRANSPORT: 'file' });
    expect(startupWarnings(file)).toEqual([expect.stringContaining('nobody receives them')]);
    expect(startupWarnings(loadConfig({ ...production, SEED_DEMO: 'true' }))).toEqual([
      expect.stringContaining('demo accounts'),
    ]);
    expect(startupWarnings(loadConfig(production))).toEqual([]);
  });

  it('the file transport logs no link in production (development keeps them, D15)', async () => {
    const logged = async (env: Record<string, string>) => {
      const lines: string[] = [];
      const sink = new Writable({
        write(chunk, _enc, done) {
          lines.push(String(chunk));
          done();
        },
      });
      const config = loadConfig({ ...env, MAIL_TRANSPORT: 'file', DATA_DIR: dataDir });
      const transport = createTransport(config, pino({ level: 'info' }, sink));
      await transport.send({
        to: 'member@example.com',
        subject: 'Reset your Rakbuku password',
        text: 'Choose a new password: http://localhost:3000/reset-password?token=secret-token',
        html: '<p>reset</p>',
      });
      return lines.join('');
    };
    const prod = await logged({ NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(32) });
    expect(prod).toContain('Reset your Rakbuku password');
    expect(prod).not.toContain('secret-token');
    expect(await logged({ NODE_ENV: 'development' })).toContain('secret-token');
  });
});

describe('object storage and proxies (D31)', () => {
  const s3 = {
    S3_ENDPOINT: 'http://127.0.0.1:9000',
    S3_BUCKET: 'rakbuku-images',
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: 'key-id',
    S3_SECRET_ACCESS_KEY: 'secret-key',
  };

  it('takes all five S3 variables or none; half a configuration stops the start and names what is missing', () => {
    expect(loadConfig(production).s3).toBeNull();
    expect(loadConfig({ ...production, ...s3, S3_FORCE_PATH_STYLE: 'true' }).s3).toEqual({
      endpoint: 'http://127.0.0.1:9000',
      bucket: 'rakbuku-images',
      region: 'us-east-1',
      accessKeyId: 'key-id',
      secretAccessKey: 'secret-key',
      forcePathStyle: true,
    });
    expect(loadConfig({ ...production, ...s3 }).s3?.forcePathStyle).toBe(false);
    const { S3_SECRET_ACCESS_KEY: _, S3_REGION: __, ...half } = s3;
    expect(() => loadConfig({ ...production, ...half })).toThrow(
      'Object storage is half configured: set S3_REGION, S3_SECRET_ACCESS_KEY too, or none of the S3_ variables.',
    );
    expect(() => loadConfig({ ...production, S3_BUCKET: 'only-a-bucket' })).toThrow(/half configured/);
    expect(() => loadConfig({ ...production, ...s3, S3_ENDPOINT: 'not a url' })).toThrow(/S3_ENDPOINT/);
    expect(() => loadConfig({ ...production, ...s3, S3_FORCE_PATH_STYLE: 'maybe' })).toThrow(
      /S3_FORCE_PATH_STYLE/,
    );
  });

  it('trusts no proxy unless TRUSTED_PROXIES says how many', () => {
    expect(loadConfig(production).trustedProxies).toBe(0);
    expect(loadConfig({ ...production, TRUSTED_PROXIES: '2' }).trustedProxies).toBe(2);
    expect(() => loadConfig({ ...production, TRUSTED_PROXIES: '-1' })).toThrow(/TRUSTED_PROXIES/);
    expect(() => loadConfig({ ...production, TRUSTED_PROXIES: 'yes' })).toThrow(/TRUSTED_PROXIES/);
  });
});

describe('Web Push keys (D45)', () => {
  it('takes both VAPID keys or neither, each in its form; without them one pair is generated into DATA_DIR and kept', () => {
    const dir = mkdtempSync(join(tmpdir(), 'rakbuku-vapid-'));
    try {
      const first = loadConfig({ DATA_DIR: dir }).vapid;
      expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65);
      expect(Buffer.from(first.privateKey, 'base64url')).toHaveLength(32);
      // The next start reads the same pair: browsers' subscriptions stay valid.
      expect(loadConfig({ DATA_DIR: dir }).vapid).toEqual(first);
      expect(() => loadConfig({ DATA_DIR: dir, VAPID_PUBLIC_KEY: first.publicKey })).toThrow(/set together/);
      expect(() =>
        loadConfig({ DATA_DIR: dir, VAPID_PUBLIC_KEY: 'short', VAPID_PRIVATE_KEY: first.privateKey }),
      ).toThrow(/VAPID_PUBLIC_KEY/);
      expect(() => loadConfig({ DATA_DIR: dir, VAPID_SUBJECT: 'http://example.com' })).toThrow(
        /VAPID_SUBJECT/,
      );
      const set = {
        VAPID_PUBLIC_KEY: first.publicKey,
        VAPID_PRIVATE_KEY: first.privateKey,
        VAPID_SUBJECT: 'mailto:ops@example.com',
      };
      expect(loadConfig({ DATA_DIR: dataDir, ...set }).vapid).toEqual({
        publicKey: first.publicKey,
        privateKey: first.privateKey,
        subject: 'mailto:ops@example.com',
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
