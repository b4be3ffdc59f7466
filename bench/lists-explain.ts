import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from '@server/db/schema';
import { type DbOrTx, withoutJit } from '@server/db/client';
import { writeCursor } from '@server/lib/keyset';
import * as admin from '@server/modules/admin/service';
import { listMyBooks } from '@server/modules/books/read-service';
import { listOrders } from '@server/modules/orders/service';

// The lists of docs/architecture.md's "Lists at scale", measured on a PostgreSQL database
// seeded at scale (BENCH_DATABASE_URL; see docs/architecture.md for the seed): each list is
// called through its real service, every SELECT it sent is run again under EXPLAIN ANALYZE,
// and the wall time of the call and the sum of the statements' execution times are printed.
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/scalelists_bench npx tsx bench/lists-explain.ts

const url = process.env.BENCH_DATABASE_URL;
if (!url) throw new Error('BENCH_DATABASE_URL names the seeded database');
// JIT off, as the app runs (db/client.ts): its compile time is not the statements'.
const pool = new pg.Pool({ ...withoutJit(url), max: 4 });
let captured: Array<{ sql: string; params: unknown[] }> = [];
const db = drizzle(pool, {
  schema,
  logger: { logQuery: (sql, params) => captured.push({ sql, params }) },
}) as unknown as DbOrTx;

async function explain(sql: string, params: unknown[]): Promise<{ ms: number; plan: string }> {
  const res = await pool.query(`explain (analyze, format json) ${sql}`, params as unknown[]);
  const [root] = res.rows[0]['QUERY PLAN'] as Array<{
    'Execution Time': number;
    Plan: { 'Node Type': string };
  }>;
  return { ms: root['Execution Time'], plan: root.Plan['Node Type'] };
}

async function measure(name: string, run: () => Promise<unknown>) {
  await run(); // warm
  captured = [];
  const started = performance.now();
  await run();
  const wall = performance.now() - started;
  const statements = captured.filter(
    (q) => /^[\s(]*(select|with)/i.test(q.sql) && !/^\s*with moved/i.test(q.sql),
  );
  let total = 0;
  const parts: string[] = [];
  for (const q of statements) {
    const { ms } = await explain(q.sql, q.params);
    total += ms;
    parts.push(ms.toFixed(2));
  }
  console.log(
    `${name.padEnd(44)} wall ${wall.toFixed(1).padStart(7)} ms  explain sum ${total.toFixed(2).padStart(8)} ms  [${parts.join(', ')}]`,
  );
}

const keyAt = async (table: string, where: string, offset: number) => {
  const { rows } = await pool.query(
    `select created_at::text as at, id::text as id from ${table} where ${where} order by created_at desc, id desc offset ${offset} limit 1`,
  );
  return rows[0] as { at: string; id: string };
};

const pageSize = 20;
const [{ owner_id: busyOwner }] = (
  await pool.query('select owner_id from books group by owner_id order by count(*) desc limit 1')
).rows;
const [{ user_id: busyBorrower }] = (
  await pool.query('select user_id from orders group by user_id order by count(*) desc limit 1')
).rows;
const deepOrder = writeCursor('admin-orders', 'after', await keyAt('orders', 'true', 500_000));
const deepBook = writeCursor('admin-books', 'after', await keyAt('books', 'deleted_at is null', 500_000));
const deepUser = writeCursor('admin-users', 'after', await keyAt('"user"', 'true', 25_000));
const deepEmail = writeCursor('admin-emails', 'after', await keyAt('email_notifications', 'true', 500_000));

await measure('admin orders page 1', () => admin.listOrders(db, { pageSize }));
await measure('admin orders page 25,000 (deep cursor)', () =>
  admin.listOrders(db, { pageSize, cursor: deepOrder }),
);
await measure('admin orders last page', () => admin.listOrders(db, { pageSize, cursor: 'last' }));
await measure('admin orders status=Draft', () => admin.listOrders(db, { pageSize, status: 'Draft' }));
await measure('admin orders overdue', () => admin.listOrders(db, { pageSize, status: 'overdue' }));
await measure('admin orders search number prefix', () => admin.listOrders(db, { pageSize, q: '#A1B2' }));
await measure('admin orders search email prefix', () =>
  admin.listOrders(db, { pageSize, q: 'member4242@example' }),
);
await measure('admin orders search name', () => admin.listOrders(db, { pageSize, q: 'Member 4242' }));
await measure('admin books page 1', () => admin.listBooks(db, { pageSize }));
await measure('admin books deep cursor', () => admin.listBooks(db, { pageSize, cursor: deepBook }));
await measure('admin books last page', () => admin.listBooks(db, { pageSize, cursor: 'last' }));
await measure('admin books status=Borrowed', () => admin.listBooks(db, { pageSize, status: 'Borrowed' }));
await measure('admin books search rare title', () => admin.listBooks(db, { pageSize, q: 'Book 123456 ' }));
await measure('admin books search common word', () => admin.listBooks(db, { pageSize, q: 'garden' }));
await measure('admin books search owner email', () =>
  admin.listBooks(db, { pageSize, q: 'member777@example.com' }),
);
await measure('admin users page 1', () => admin.listUsers(db, { pageSize }));
await measure('admin users deep cursor', () => admin.listUsers(db, { pageSize, cursor: deepUser }));
await measure('admin users last page', () => admin.listUsers(db, { pageSize, cursor: 'last' }));
await measure('admin users search email prefix', () => admin.listUsers(db, { pageSize, q: 'member4242' }));
await measure('admin users search name', () => admin.listUsers(db, { pageSize, q: 'Wayan' }));
await measure('admin emails page 1', () => admin.listEmails(db, { pageSize }));
await measure('admin emails deep cursor', () => admin.listEmails(db, { pageSize, cursor: deepEmail }));
await measure('admin emails last page', () => admin.listEmails(db, { pageSize, cursor: 'last' }));
await measure('admin emails pending', () => admin.listEmails(db, { pageSize, state: 'pending' }));
await measure('admin emails search recipient', () => admin.listEmails(db, { pageSize, q: 'member4242@' }));
await measure('admin stats', () => admin.getStats(db));
await measure('My orders page 1 (busiest borrower)', () =>
  listOrders(db, { actorId: busyBorrower, serviceFeePercent: 10, as: 'borrower', pageSize }),
);
await measure('My orders last page', () =>
  listOrders(db, { actorId: busyBorrower, serviceFeePercent: 10, as: 'borrower', pageSize, cursor: 'last' }),
);
await measure('Orders for my books page 1', () =>
  listOrders(db, { actorId: busyOwner, serviceFeePercent: 10, as: 'owner', pageSize }),
);
await measure('Manage books page 1 (busiest owner)', () => listMyBooks(db, busyOwner, { pageSize: 50 }));
await measure('Manage books last page', () => listMyBooks(db, busyOwner, { pageSize: 50, cursor: 'last' }));
await pool.end();
