import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import webpush from 'web-push';
import { z } from 'zod';
import { SERVICE_FEE_MAX_PERCENT } from '@domain/constants';
import { DEFAULT_TIME_ZONE, isTimeZone } from '@domain/date-words';
import { DEFAULT_POOL_SIZE } from './db/pool-size';
import type { S3Settings } from './lib/storage';

// The only reader of process.env. Everything else receives a Config.

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  APP_URL: z.url().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(DEFAULT_POOL_SIZE),
  AUTH_SECRET: z.string().min(32).optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Rakbuku <hello@rakbuku.local>'),
  MAIL_TRANSPORT: z.enum(['smtp', 'file', 'none']).optional(),
  ADMIN_EMAIL: z.email().optional(),
  SEED_DEMO: bool.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().default('./dist/web'),
  PAYMENT_BANK_NAME: z.string().default('Bank Central Asia (BCA)'),
  PAYMENT_ACCOUNT_NAME: z.string().default('PT Rakbuku Bali'),
  PAYMENT_ACCOUNT_NUMBER: z.string().default('123 456 7890'),
  RATE_LIMIT_ENABLED: bool.default(true),
  EMAIL_WORKER: bool.default(true),
  // D21, D24: due dates end at midnight in the operator's time zone; unpaid orders lapse.
  OPERATOR_TIME_ZONE: z
    .string()
    .default(DEFAULT_TIME_ZONE)
    .refine(isTimeZone, 'OPERATOR_TIME_ZONE must be an IANA time zone such as Asia/Makassar'),
  PAYMENT_WINDOW_HOURS: z.coerce.number().int().min(1).max(720).default(48),
  // D34: the platform's share of the items total; the terms cap it at 20%.
  SERVICE_FEE_PERCENT: z.coerce.number().int().min(0).max(SERVICE_FEE_MAX_PERCENT).default(10),
  // D31: images in an S3-compatible bucket. All five or none; path style for MinIO and most
  // self-hosted stores.
  S3_ENDPOINT: z.url().optional(),
  S3_BUCKET: z.string().min(3).max(63).optional(),
  S3_REGION: z.string().min(1).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: bool.default(false),
  // How many reverse proxies stand in front; 0 ignores X-Forwarded-For entirely.
  TRUSTED_PROXIES: z.coerce.number().int().min(0).max(10).default(0),
  // How payments are taken and confirmed. Default: fake in development and tests, manual
  // in production. statement matches transfers of a unique amount from an uploaded bank
  // statement (no gateway). The xendit adapter needs its secret key and callback token.
  PAYMENT_PROVIDER: z.enum(['manual', 'statement', 'fake', 'xendit']).optional(),
  XENDIT_SECRET_KEY: z.string().min(1).optional(),
  XENDIT_CALLBACK_TOKEN: z.string().min(16).optional(),
  XENDIT_API_URL: z.url().optional(),
  // D45: Web Push's VAPID keys (web-push's generateVAPIDKeys, base64url): both or neither;
  // without them a pair is generated once into DATA_DIR (several instances must share one pair).
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, 'VAPID_PUBLIC_KEY must be an uncompressed P-256 public key in base64url')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'VAPID_PRIVATE_KEY must be a P-256 private key in base64url')
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)/, 'VAPID_SUBJECT must be a mailto: address or an https:// URL')
    .optional(),
  // Tests only: start this process's clock this many ms ahead (refused in production).
  CLOCK_OFFSET_MS: z.coerce.number().int().default(0),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  appUrl: string;
  dataDir: string;
  /** Null means the embedded database (PGlite) in dataDir; 'memory://' an in-memory one (tests). */
  databaseUrl: string | null;
  /** Connections this instance keeps to PostgreSQL (not PGlite's, which has one). */
  databasePoolSize: number;
  authSecret: string;
  /** Web Push: the VAPID key pair and the contact the push services see. */
  vapid: { publicKey: string; privateKey: string; subject: string };
  mail: { transport: 'smtp' | 'file' | 'none'; smtpUrl: string | null; from: string };
  adminEmail: string | null;
  seedDemo: boolean;
  logLevel: string;
  webDistDir: string;
  payment: { bankName: string; accountName: string; accountNumber: string };
  rateLimitEnabled: boolean;
  /** Run the outbox worker's 60-second timer in this process. */
  emailWorker: boolean;
  /** IANA zone for due dates and day counts, default Asia/Makassar. */
  timeZone: string;
  /** Hours an order may wait for payment before the system cancels it. */
  paymentWindowHours: number;
  /** Service fee in whole percent of the items total, 0..20. */
  serviceFeePercent: number;
  /** Tests only: the clock offset this process starts with (0 in production). */
  clockOffsetMs: number;
  /** The bucket images live in, or null for the data folder's uploads/. */
  s3: S3Settings | null;
  /** Reverse proxies in front: the client address is the Nth X-Forwarded-For entry from the right (0: the socket's). */
  trustedProxies: number;
  /** The payment adapter and, for xendit and fake, the gateway's settings. */
  paymentProvider: PaymentProviderSettings;
}

type PaymentProviderSettings =
  | { kind: 'manual' | 'statement' }
  | {
      kind: 'xendit' | 'fake';
      /** apiUrl null: the fake gateway starts in-process when first used. */
      xendit: { secretKey: string; callbackToken: string; apiUrl: string | null };
    };

/** D42: the chosen adapter with its secrets, checked at start; `fake` never runs in production. */
function paymentProviderSettings(e: z.infer<typeof envSchema>): PaymentProviderSettings {
  const production = e.NODE_ENV === 'production';
  const kind = e.PAYMENT_PROVIDER ?? (production ? 'manual' : 'fake');
  if (kind === 'manual' || kind === 'statement') return { kind };
  if (kind === 'fake') {
    if (production) throw new Error('PAYMENT_PROVIDER=fake is a test gateway; it cannot run in production.');
    // A test gateway's secrets: random per process unless a test names them.
    return {
      kind,
      xendit: {
        secretKey: e.XENDIT_SECRET_KEY ?? `xnd_development_${randomBytes(16).toString('hex')}`,
        callbackToken: e.XENDIT_CALLBACK_TOKEN ?? randomBytes(24).toString('hex'),
        apiUrl: e.XENDIT_API_URL ?? null,
      },
    };
  }
  const missing = (['XENDIT_SECRET_KEY', 'XENDIT_CALLBACK_TOKEN'] as const).filter((name) => !e[name]);
  if (missing.length > 0) throw new Error(`PAYMENT_PROVIDER=xendit needs ${missing.join(' and ')}.`);
  return {
    kind,
    xendit: {
      secretKey: e.XENDIT_SECRET_KEY!,
      callbackToken: e.XENDIT_CALLBACK_TOKEN!,
      apiUrl: (e.XENDIT_API_URL ?? 'https://api.xendit.co').replace(/\/$/, ''),
    },
  };
}

const S3_REQUIRED = [
  'S3_ENDPOINT',
  'S3_BUCKET',
  'S3_REGION',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
] as const;

/** All five S3 variables or none: half a bucket configuration would silently keep images on disk. */
function s3Settings(e: z.infer<typeof envSchema>): S3Settings | null {
  const missing = S3_REQUIRED.filter((name) => !e[name]);
  if (missing.length === S3_REQUIRED.length) return null;
  if (missing.length > 0) {
    throw new Error(
      `Object storage is half configured: set ${missing.join(', ')} too, or none of the S3_ variables.`,
    );
  }
  return {
    endpoint: e.S3_ENDPOINT!,
    bucket: e.S3_BUCKET!,
    region: e.S3_REGION!,
    accessKeyId: e.S3_ACCESS_KEY_ID!,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
    forcePathStyle: e.S3_FORCE_PATH_STYLE,
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new Error(`Invalid configuration:\n${z.prettifyError(parsed.error)}`);
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  const port = e.PORT;
  const databaseUrl = e.DATABASE_URL || null;
  if (e.NODE_ENV === 'production' && !e.AUTH_SECRET) {
    throw new Error('AUTH_SECRET is required in production (32+ characters).');
  }
  if (e.NODE_ENV === 'production' && e.CLOCK_OFFSET_MS !== 0) {
    throw new Error('CLOCK_OFFSET_MS is for tests; it cannot be set in production.');
  }
  const production = e.NODE_ENV === 'production';
  // Production never falls back to the file transport: members would wait for emails that only
  // exist on the server's disk. Without SMTP_URL the operator must choose (file or none) out loud.
  if (production && !e.SMTP_URL && !e.MAIL_TRANSPORT) {
    throw new Error(
      'A mail transport is required in production: set SMTP_URL (or MAIL_TRANSPORT=none to run without email, or MAIL_TRANSPORT=file for .eml files).',
    );
  }
  const transport = e.MAIL_TRANSPORT ?? (e.SMTP_URL ? 'smtp' : 'file');
  if (transport === 'smtp' && !e.SMTP_URL) throw new Error('MAIL_TRANSPORT=smtp needs SMTP_URL.');
  return {
    env: e.NODE_ENV,
    port,
    appUrl: (e.APP_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    dataDir,
    databaseUrl,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    authSecret: e.AUTH_SECRET ?? readOrCreateSecret(dataDir),
    vapid: vapidSettings(e, dataDir),
    mail: { transport, smtpUrl: e.SMTP_URL ?? null, from: e.MAIL_FROM },
    adminEmail: e.ADMIN_EMAIL?.toLowerCase() ?? null,
    // D20: the embedded database gets demo data by default; a server database only when asked.
    // Production only when asked explicitly (the demo admin's password is published).
    seedDemo: production ? e.SEED_DEMO === true : (e.SEED_DEMO ?? !databaseUrl),
    logLevel: e.LOG_LEVEL,
    webDistDir: resolve(e.WEB_DIST_DIR),
    payment: {
      bankName: e.PAYMENT_BANK_NAME,
      accountName: e.PAYMENT_ACCOUNT_NAME,
      accountNumber: e.PAYMENT_ACCOUNT_NUMBER,
    },
    rateLimitEnabled: e.RATE_LIMIT_ENABLED,
    emailWorker: e.EMAIL_WORKER,
    timeZone: e.OPERATOR_TIME_ZONE,
    paymentWindowHours: e.PAYMENT_WINDOW_HOURS,
    serviceFeePercent: e.SERVICE_FEE_PERCENT,
    clockOffsetMs: e.CLOCK_OFFSET_MS,
    s3: s3Settings(e),
    trustedProxies: e.TRUSTED_PROXIES,
    paymentProvider: paymentProviderSettings(e),
  };
}

/** The configured VAPID pair, or one generated once into DATA_DIR (like the session secret). */
function vapidSettings(e: z.infer<typeof envSchema>, dataDir: string): Config['vapid'] {
  const subject = e.VAPID_SUBJECT ?? `mailto:${e.ADMIN_EMAIL ?? 'hello@rakbuku.local'}`;
  if (!!e.VAPID_PUBLIC_KEY !== !!e.VAPID_PRIVATE_KEY) {
    throw new Error('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together, or neither.');
  }
  if (e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY) {
    return { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY, subject };
  }
  const file = join(dataDir, 'vapid-keys.json');
  if (existsSync(file)) {
    const saved = JSON.parse(readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string };
    return { ...saved, subject };
  }
  mkdirSync(dataDir, { recursive: true });
  const pair = webpush.generateVAPIDKeys();
  writeFileSync(file, JSON.stringify(pair), { mode: 0o600 });
  return { ...pair, subject };
}

/** A development secret generated once into DATA_DIR, so sessions survive restarts. */
function readOrCreateSecret(dataDir: string): string {
  const file = join(dataDir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** What the operator must see at every start (logged as errors by main.ts). */
export function startupWarnings(config: Config): string[] {
  const warnings: string[] = [];
  if (config.env === 'production' && config.mail.transport === 'none') {
    warnings.push(
      'MAIL_TRANSPORT=none: NO EMAIL IS SENT. Members cannot confirm their accounts or reset passwords, and order notices stay in the outbox. Set SMTP_URL.',
    );
  }
  if (config.env === 'production' && config.mail.transport === 'file') {
    warnings.push(
      `MAIL_TRANSPORT=file: emails are only written to ${config.dataDir}/mail, nobody receives them. Set SMTP_URL.`,
    );
  }
  if (config.env === 'production' && config.seedDemo) {
    warnings.push('SEED_DEMO=true: the demo accounts and their published passwords exist on this server.');
  }
  return warnings;
}
