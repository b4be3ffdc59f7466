import type { UiLanguage } from '@domain/ui-language';
import type { Auth } from './auth/auth';
import type { Config } from './config';
import type { Db } from './db/client';
import type { Versions } from './db/versions';
import type { Storage } from './lib/storage';
import type { Logger } from './lib/logger';
import type { Outbox } from './outbox/outbox';

export interface AppDeps {
  db: Db;
  config: Config;
  log: Logger;
  auth: Auth;
  outbox: Outbox;
  storage: Storage;
}

/** The signed-in member as every handler sees it. */
export interface SessionUser {
  id: string;
  name: string;
  email: string;
  role: 'user' | 'admin';
  emailVerified: boolean;
  /** The member's saved language. */
  language: UiLanguage;
}

export interface AppEnv {
  Variables: {
    deps: AppDeps;
    user: SessionUser | null;
    sessionId: string | null;
    requestId: string;
    /** The client's address for rate limits and logs (app.ts clientAddress). */
    clientIp: string;
    /** The catalog and session versions, read once per request (db/versions.ts). */
    versions: () => Promise<Versions>;
  };
}
