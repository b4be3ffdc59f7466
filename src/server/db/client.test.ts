import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { findTestPostgres } from '@tests/support/database';
import { openDatabase } from './client';

// The PostgreSQL connections the app opens. JIT stays off: compiling took 100-150 ms per
// statement once a table grew past the planner's jit_above_cost (the load bench's catalog
// changes read), for statements that run in a fraction of a millisecond.

const serverUrl = await findTestPostgres();

describe.skipIf(!serverUrl)('a PostgreSQL connection', () => {
  it('runs without JIT, and keeps the server settings its URL names', async () => {
    const url = new URL(serverUrl!);
    url.searchParams.set('options', '-c application_name=rakbuku-client-test');
    const database = await openDatabase({ databaseUrl: url.toString() });
    try {
      const settings = (await database.db.execute(
        sql`select current_setting('jit') as jit, current_setting('application_name') as name`,
      )) as unknown as { rows: { jit: string; name: string }[] };
      expect(settings.rows[0]).toEqual({ jit: 'off', name: 'rakbuku-client-test' });
    } finally {
      await database.close();
    }
  });
});
