import { join } from 'node:path';
import { EMAIL_WORKER_INTERVAL_MS } from '@domain/constants';
import { type App, createApp } from './app';
import type { AppDeps } from './app-env';
import { createAuth, promoteConfiguredAdmin } from './auth/auth';
import type { Config } from './config';
import { type Database, openDatabase } from './db/client';
import { foldBacklog } from './db/counters';
import { setOperatorTimeZone } from './lib/clock';
import { createLogger, type Logger, logPretty } from './lib/logger';
import { createDiskStorage, createS3Storage, type Storage } from './lib/storage';
import {
  type BalanceRecount,
  startBalanceRecount,
  syncOwnerBalances,
} from './modules/payments/balances-service';
import { closePaymentProvider } from './modules/payments/provider-service';
import { createOutbox, createTransport, type Transport } from './outbox/outbox';
import { createPushSender } from './outbox/push';
import { listUnsubscribeHeaders } from './outbox/unsubscribe';
import { onLifecycleEvent } from './lib/lifecycle-events';
import { fireDueTimers } from './timers/fire';
import { registerTimerKinds } from './timers/registry';
import { LIFECYCLE_LISTENERS, TIMER_KINDS } from './wiring';

export interface Runtime {
  app: App;
  deps: AppDeps;
  database: Database;
  /**
   * The owners' balances recount after a fee change, running in the background (null when none
   * was due): a start never waits for it (payments/balances-service.ts).
   */
  balanceRecount: BalanceRecount | null;
  close(): Promise<void>;
}

/** The configured image store: the bucket when S3_ variables are set, else DATA_DIR/uploads. */
export function openStorage(config: Config): Storage {
  return config.s3 ? createS3Storage(config.s3) : createDiskStorage(join(config.dataDir, 'uploads'));
}

/** Everything main.ts and the tests need: database (migrated), outbox, auth, storage, app. */
export async function createRuntime(
  config: Config,
  overrides: { log?: Logger; transport?: Transport; storage?: Storage; database?: Database } = {},
): Promise<Runtime> {
  const log =
    overrides.log ?? createLogger(config.logLevel, { pretty: logPretty(config.env, process.stdout.isTTY) });
  setOperatorTimeZone(config.timeZone);
  registerTimerKinds(TIMER_KINDS);
  onLifecycleEvent(...LIFECYCLE_LISTENERS);
  const database =
    overrides.database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      poolSize: config.databasePoolSize,
    }));
  await database.migrate();
  await foldBacklog(database.db);
  const recountDue = await syncOwnerBalances(database.db, config.serviceFeePercent);
  const balanceRecount = recountDue ? startBalanceRecount(database.db, log) : null;
  await promoteConfiguredAdmin(database.db, config.adminEmail);
  const transport = overrides.transport ?? createTransport(config, log);
  const outbox = createOutbox({
    db: database.db,
    transport,
    log,
    intervalMs: EMAIL_WORKER_INTERVAL_MS,
    // Each pass of the worker first fires the due timers, whose emails it then sends, after
    // folding the counters' logged deltas (a read then folds only what came since).
    beforeSend: async () => {
      await foldBacklog(database.db).catch((err) => log.error({ err }, 'counter fold failed'));
      return fireDueTimers({ db: database.db, config, log });
    },
    // Pushes to the devices members allowed, and one-click unsubscribe on chosen emails.
    push: createPushSender({ db: database.db, config, log }),
    unsubscribeHeaders: (to, kinds) => listUnsubscribeHeaders(config, to, kinds),
  });
  const storage = overrides.storage ?? openStorage(config);
  const auth = createAuth({ db: database.db, config, outbox });
  const deps: AppDeps = { db: database.db, config, log, auth, outbox, storage };
  const app = createApp(deps);
  if (config.emailWorker) outbox.start();
  return {
    app,
    deps,
    database,
    balanceRecount,
    async close() {
      await balanceRecount?.stop();
      await outbox.stop();
      await closePaymentProvider(config);
      await database.close();
    },
  };
}
