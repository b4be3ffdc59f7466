import pg from 'pg';
import { openDatabase, withoutJit } from '@server/db/client';
import type { DbOrTx } from '@server/db/client';
import { getOwnerProfile } from '@server/modules/books/read-service';
import { getThread, unreadCounts } from '@server/modules/conversations/service';
import { getBookWaitlist } from '@server/modules/waitlist/service';

// The reads that grew with one member's history (docs/performance.md, "The heaviest members"),
// before and after, on skewed data in a scratch PostgreSQL database: one conversation of 20,000
// messages, a member in 10,000 order conversations with unread messages, and a book's waitlist
// of 1,001 members with 98 orders each. "Before" runs the statements the reads used to send (kept
// here as SQL); "after" calls the services. Each is run 7 times: the median wall time, the size
// of its answer, and the EXPLAIN ANALYZE execution time of each statement "after" sent.
//   BENCH_SERVER_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/heavy-members.ts

const serverUrl = process.env.BENCH_SERVER_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const NAME = 'heavy_bench';
const MESSAGES = 20_000;
const THREADS = 10_000;
const WAITERS = 1_001;
const ORDERS_EACH = 98;

const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
if ((await admin.query('select 1 from pg_database where datname = $1', [NAME])).rowCount === 0) {
  await admin.query(`create database ${NAME}`);
}
await admin.end();
const url = new URL(serverUrl);
url.pathname = `/${NAME}`;
const database = await openDatabase({ databaseUrl: url.toString() });
await database.migrate();
const db = database.db as DbOrTx;
// JIT off, as the app runs (db/client.ts): its compile time is not the statements'.
const pool = new pg.Pool({ ...withoutJit(url.toString()), max: 2 });
const one = async <T>(text: string, params: unknown[] = []) => (await pool.query(text, params)).rows[0] as T;

// ---------------------------------------------------------------- seed (once)
const HEAVY = 'heavy-member';
const PARTNER = 'heavy-partner';
const OWNER = 'heavy-owner';
if (!(await one<{ n: number } | undefined>(`select 1 as n from "user" where id = $1`, [HEAVY]))) {
  console.log('seeding…');
  await pool.query(`insert into "user" (id, name, email, email_verified, created_at, updated_at)
    select id, id, id || '@example.com', true, now(), now()
    from (values ('${HEAVY}'), ('${PARTNER}'), ('${OWNER}')) v(id)
    union all select 'waiter-' || i, 'Waiter ' || i, 'waiter-' || i || '@example.com', true, now(), now()
    from generate_series(1, ${WAITERS}) i`);
  // One conversation of 20,000 messages, every other one from each side.
  await pool.query(`insert into threads (id, book_title, member_id, member_name, owner_id, owner_name, last_message_at)
    values ('00000000-0000-4000-8000-000000000001', 'Long', '${HEAVY}', 'H', '${PARTNER}', 'P', now())`);
  await pool.query(`insert into messages (thread_id, author_id, author_name, body, created_at)
    select '00000000-0000-4000-8000-000000000001', case when i % 2 = 0 then '${HEAVY}' else '${PARTNER}' end,
      'x', 'Message number ' || i || ' about the book and when to pick it up', now() - (${MESSAGES} - i) * interval '1 minute'
    from generate_series(1, ${MESSAGES}) i`);
  // The heavy member borrowed 10,000 times, each order with its conversation and an unread answer.
  await pool.query(`insert into orders (id, user_id, user_name, user_email, owner_id, owner_name, status, borrow_duration, subtotal, created_at)
    select ('00000000-0000-4000-9000-' || lpad(i::text, 12, '0'))::uuid, '${HEAVY}', 'H', 'h@example.com', '${PARTNER}', 'P',
      'Completed', 1 + (i % 2), 10000, now() - i * interval '1 hour'
    from generate_series(1, ${THREADS}) i`);
  await pool.query(`insert into threads (order_id, member_id, member_name, owner_id, owner_name, last_message_at)
    select id, user_id, 'H', owner_id, 'P', created_at from orders where user_id = '${HEAVY}'`);
  await pool.query(`insert into messages (thread_id, author_id, author_name, body, created_at)
    select t.id, '${PARTNER}', 'P', 'Your book is on its way', t.last_message_at
    from threads t where t.order_id is not null and t.member_id = '${HEAVY}'`);
  // A book borrowed now, and 1,001 members waiting, each with 98 orders of their own.
  await pool.query(`insert into books (id, owner_id, title, author, weekly_price, status, cover_key)
    values ('00000000-0000-4000-a000-000000000001', '${OWNER}', 'Wanted', 'A', 10000, 'Borrowed', 'none')`);
  await pool.query(`insert into orders (user_id, user_name, user_email, owner_id, owner_name, status, borrow_duration, subtotal, created_at)
    select 'waiter-' || w, 'W', 'w@example.com', '${OWNER}', 'O',
      (case when o % 10 = 0 then 'Cancelled' else 'Completed' end)::order_status, (array[1, 2, 4])[1 + (w + o) % 3], 10000,
      now() - o * interval '1 day'
    from generate_series(1, ${WAITERS}) w, generate_series(1, ${ORDERS_EACH}) o`);
  await pool.query(`insert into waitlist_entries (book_id, user_id, created_at)
    select '00000000-0000-4000-a000-000000000001', 'waiter-' || w, now() from generate_series(1, ${WAITERS}) w order by w`);
  await pool.query('analyze');
}
// An owner of 50,000 listed books.
const SHELF_OWNER = 'heavy-shelf-owner';
if (!(await one<{ n: number } | undefined>(`select 1 as n from "user" where id = $1`, [SHELF_OWNER]))) {
  await pool.query(`insert into "user" (id, name, email, email_verified, created_at, updated_at)
    values ('${SHELF_OWNER}', 'S', 's@example.com', true, now(), now())`);
  await pool.query(`insert into books (owner_id, title, author, weekly_price, cover_key)
    select '${SHELF_OWNER}', 'Copy ' || i, 'A', 10000, 'none' from generate_series(1, 50000) i`);
  await pool.query('analyze books');
}

// ---------------------------------------------------------------- what the reads used to send
const THREAD = '00000000-0000-4000-8000-000000000001';
const BOOK = '00000000-0000-4000-a000-000000000001';
const LAST_WAITER = `waiter-${WAITERS}`;

async function beforeThread() {
  const rows = (
    await pool.query('select * from messages where thread_id = $1 order by created_at asc, id asc', [THREAD])
  ).rows as Array<{
    id: string;
    body: string;
    author_name: string;
    from_admin: boolean;
    author_id: string;
    created_at: Date;
  }>;
  return {
    id: THREAD,
    messages: rows.map((m) => ({
      id: m.id,
      body: m.body,
      authorName: m.author_name,
      fromAdmin: m.from_admin,
      mine: m.author_id === HEAVY,
      createdAt: m.created_at.toISOString(),
    })),
  };
}

async function beforeUnread() {
  const rows = (
    await pool.query(
      `select t.id, t.order_id as "orderId", count(*)::int as unread from threads t
       join messages m on m.thread_id = t.id
       left join thread_reads r on r.thread_id = t.id and r.user_id = $1
       where (t.member_id = $1 or t.owner_id = $1) and (m.author_id is null or m.author_id <> $1)
         and m.created_at > coalesce(r.read_at, '-infinity'::timestamptz)
       group by t.id, t.order_id`,
      [HEAVY],
    )
  ).rows as Array<{ orderId: string | null; unread: number }>;
  return {
    total: rows.reduce((s, r) => s + r.unread, 0),
    orders: rows.filter((r) => r.orderId).map((r) => ({ orderId: r.orderId, unread: r.unread })),
  };
}

async function beforeWaitlist() {
  return (
    await pool.query(
      `with queue as (select book_id, user_id, seq, hold_until,
         max(case when user_id = $2 then seq end) over (partition by book_id) as viewer_seq
         from waitlist_entries where book_id = $1)
       select book_id, count(*)::int, array_agg((case when (viewer_seq is null or seq < viewer_seq) then
         coalesce((select borrow_duration from orders where orders.user_id = queue.user_id and status <> 'Cancelled'
           group by borrow_duration order by count(*) desc, borrow_duration desc limit 1), 1) end)::int order by seq)
         filter (where viewer_seq is null or seq < viewer_seq) as ahead
       from queue group by book_id`,
      [BOOK, LAST_WAITER],
    )
  ).rows;
}

// ---------------------------------------------------------------- measuring
const heavy = { id: HEAVY, name: 'H', role: 'user' as const };

async function measure(name: string, run: () => Promise<unknown>) {
  await run();
  const times: number[] = [];
  let answer: unknown;
  for (let i = 0; i < 7; i++) {
    const started = performance.now();
    answer = await run();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const bytes = Buffer.byteLength(JSON.stringify(answer));
  const size = bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KB`;
  console.log(`${name.padEnd(44)} ${times[3].toFixed(1).padStart(8)} ms ${size.padStart(10)}`);
}

async function explain(name: string, text: string, params: unknown[]) {
  const res = await pool.query(`explain (analyze, format json) ${text}`, params);
  const [root] = res.rows[0]['QUERY PLAN'] as Array<{ 'Execution Time': number }>;
  console.log(`  explain ${name.padEnd(34)} ${root['Execution Time'].toFixed(2)} ms`);
}

console.log(
  `${(await one<{ n: string }>('select count(*) as n from messages')).n} messages, ${(await one<{ n: string }>('select count(*) as n from orders')).n} orders`,
);
await measure('conversation of 20,000: before (all)', beforeThread);
await measure('conversation of 20,000: after (latest page)', () => getThread(db, heavy, THREAD));
await measure('unread, member in 10,000 threads: before', beforeUnread);
await measure('unread, member in 10,000 threads: after', () => unreadCounts(db, HEAVY));
await measure('waitlist of 1,001: before (queue read)', beforeWaitlist);
await measure('waitlist of 1,001: after (whole read)', () =>
  getBookWaitlist(db, { bookId: BOOK, viewerId: LAST_WAITER }),
);

await measure("owner's count, 50,000 books: before (exact)", () =>
  one('select count(*)::int from books where owner_id = $1 and listed', [SHELF_OWNER]),
);
await measure("owner's count, 50,000 books: after (shelf)", () => getOwnerProfile(db, SHELF_OWNER));

// The statements "after" sends, planned and run by PostgreSQL.
await explain(
  'latest page of messages',
  `select * from messages where thread_id = $1 order by created_at desc, id desc limit 51`,
  [THREAD],
);
await explain('unread total', 'select total from unread_totals where user_id = $1', [HEAVY]);
await explain(
  'waitlist queue summed',
  `with queue as (select book_id, user_id, seq, max(case when user_id = $2 then seq end) over (partition by book_id) as viewer_seq
     from waitlist_entries where book_id = $1)
   select book_id, count(*), coalesce(sum(case when viewer_seq is null or seq < viewer_seq then
     coalesce((select weeks from member_borrow_weeks b where b.user_id = queue.user_id and b.orders > 0
       order by b.orders desc, b.weeks desc limit 1), 1) end), 0)
   from queue group by book_id`,
  [BOOK, LAST_WAITER],
);
await explain(
  "owner's count, capped",
  `select (select count(*)::int from (select 1 from books where owner_id = $1 and listed limit 10001) c)`,
  [SHELF_OWNER],
);
await pool.end();
await database.close();
