import { join } from 'node:path';
import { openDatabase } from '@server/db/client';
import { createDiskStorage } from '@server/lib/storage';
import { storeCover } from '@server/modules/covers/service';
import { renderDemoCover } from '@server/seed/demo-covers';
import { seedOrderHistory } from '@tests/support/order-history';

// Run by the e2e global setup before the server starts (the embedded database's folder is
// locked while a server has it open): migrates DATA_DIR's database and adds the long history.
const dataDir = process.env.DATA_DIR!;
const database = await openDatabase({ databaseUrl: null, dataDir });
try {
  await database.migrate();
  const storage = createDiskStorage(join(dataDir, 'uploads'));
  const coverKey = await storeCover(storage, await renderDemoCover('History', 'Gede Pustaka', 'Adult', 0));
  await seedOrderHistory(database.db, coverKey);
} finally {
  await database.close();
}
