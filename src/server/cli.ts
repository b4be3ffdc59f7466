import { eq } from 'drizzle-orm';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { user } from './db/schema';
import { seedDemo } from './seed/demo';
import { createDiskStorage } from './lib/storage';
import { join } from 'node:path';

// npm run cli -- <command>: migrate | seed | make-admin <email>
const [command, arg] = process.argv.slice(2);
const config = loadConfig();
// D40: on the embedded database this takes the data folder's lock; with a server running on
// it, the command stops here with a message naming the folder and the server's pid.
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }).catch(
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
try {
  await database.migrate();
  if (command === 'migrate') {
    console.log('Migrations applied.');
  } else if (command === 'seed') {
    const seeded = await seedDemo({
      db: database.db,
      storage: createDiskStorage(join(config.dataDir, 'uploads')),
    });
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
    throw new Error('usage: npm run cli -- migrate | seed | make-admin <email>');
  }
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
} finally {
  await database.close();
}
