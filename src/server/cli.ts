import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { user } from './db/schema';
import { createDiskStorage } from './lib/storage';
import { copyStorage, progressBar } from './lib/storage-copy';
import { openStorage } from './runtime';
import { seedDemo } from './seed/demo';

// npm run cli -- <command>: migrate | seed | make-admin <email> | storage:copy
const USAGE = 'usage: npm run cli -- migrate | seed | make-admin <email> | storage:copy';
const [command, arg] = process.argv.slice(2);
const config = loadConfig();
if (command === 'storage:copy') {
  // Images only: the database is not opened.
  await copyToBucket().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exitCode = 1;
  });
} else {
  await runDatabaseCommand();
}

async function runDatabaseCommand() {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await database.migrate();
    if (command === 'migrate') {
      console.log('Migrations applied.');
    } else if (command === 'seed') {
      const seeded = await seedDemo({ db: database.db, storage: openStorage(config) });
      console.log(seeded ? 'Demo data created.' : 'Demo data already present.');
    } else if (command === 'make-admin') {
      if (!arg) throw new Error('usage: npm run cli -- make-admin <email>');
      const rows = await database.db
        .update(user)
        .set({ role: 'admin' })
        .where(eq(user.email, arg.toLowerCase()))
        .returning({ id: user.id });
      if (rows.length === 0) throw new Error(`No account with the email ${arg}.`);
      console.log(`${arg} is now an admin.`);
    } else {
      throw new Error(USAGE);
    }
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exitCode = 1;
  } finally {
    await database.close();
  }
}

/** D31: every image under DATA_DIR/uploads into the configured bucket; safe to run again. */
async function copyToBucket() {
  if (!config.s3)
    throw new Error('storage:copy needs the S3_ variables: it copies DATA_DIR/uploads into that bucket.');
  const from = createDiskStorage(join(config.dataDir, 'uploads'));
  const to = openStorage(config);
  await to.check();
  console.log(`Copying ${from.location} to ${to.location}...`);
  // A live bar on a terminal; in a log (no terminal) one line per tenth.
  let lastTenth = -1;
  const summary = await copyStorage(from, to, (p) => {
    if (process.stdout.isTTY) process.stdout.write(`\r${progressBar(p)}`);
    else if (Math.floor((p.done / p.total) * 10) !== lastTenth || p.done === p.total) {
      lastTenth = Math.floor((p.done / p.total) * 10);
      console.log(progressBar(p));
    }
  });
  if (process.stdout.isTTY && summary.total > 0) process.stdout.write('\n');
  console.log(
    `${summary.total} images: ${summary.copied} copied (${(summary.bytes / 1024 / 1024).toFixed(1)} MB), ${summary.skipped} already in the bucket, ${summary.failed.length} failed.`,
  );
  for (const failure of summary.failed) console.error(`  failed: ${failure.key}: ${failure.error}`);
  if (summary.failed.length > 0) {
    console.error('Run storage:copy again to retry the failed images; copied ones are skipped.');
    process.exitCode = 1;
  }
}
