import { sql } from 'drizzle-orm';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { openDatabase } from '@server/db/client';
import { user } from '@server/db/schema';
import { createUser } from '@server/seed/factories';
import { insertBooks, insertOwners } from './catalog-seed';
import { fmt, inChunks } from './seed-chunks';
import { fillSkew, SKEW_BORROWER, SKEW_OWNER, type SkewIds } from './growth-skew';

// The growth bench's data, resumable: each run counts what the database holds and adds only
// the missing rows, in chunks of 100,000 rows that each commit on their own (progress printed),
// so an interrupted seed goes on where it stopped. Everything is generated inside PostgreSQL
// (INSERT ... SELECT generate_series) into the schema the migrations built.
//
// A size of B books holds max(500, B / 10) members (every one owns books), B orders of one
// book each (borrower and book picked by fixed strides), one email per order, and one admin.

export const GROWTH_ADMIN = { email: 'growth-admin@example.com', password: 'growth-admin-1' };

export interface GrowthSize {
  books: number;
  orders: number;
}

const usersFor = (size: GrowthSize) => Math.max(500, Math.round(size.books / 10));

type Conn = NodePgDatabase;

async function rows<T>(db: Conn, query: ReturnType<typeof sql>): Promise<T[]> {
  return (await db.execute(query)).rows as T[];
}

async function countOf(db: Conn, query: ReturnType<typeof sql>): Promise<number> {
  const [row] = await rows<{ n: string }>(db, query);
  return Number(row.n);
}

/**
 * Secondary indexes are dropped while a table grows by more than half its size and built again
 * at the end (building a trigram GIN index once is far faster than growing it row by row). Their
 * definitions wait in `bench_growth_indexes` meanwhile, so a seed interrupted between the drop
 * and the rebuild builds them on its next run.
 */
/**
 * Indexes the tables' own triggers read while rows go in: the Statistics tab's trigger sums each
 * new order's items by order (migration 0044), which without this index reads every item once per
 * order, and a chunk of 100,000 orders took quarter of an hour instead of a minute.
 */
const KEPT_WHILE_GROWING = ['order_items_order_idx'];

async function withoutIndexes(db: Conn, tables: string[], grow: () => Promise<void>) {
  const list = sql.raw(tables.map((t) => `'${t}'`).join(','));
  await db.execute(sql`
    insert into bench_growth_indexes (name, definition)
    select indexname, indexdef from pg_indexes i
    where schemaname = current_schema() and tablename in (${list})
      and not exists (select 1 from pg_constraint c where c.conname = i.indexname)
      and indexname not in (${sql.raw(KEPT_WHILE_GROWING.map((n) => `'${n}'`).join(','))})
    on conflict do nothing`);
  for (const { name } of await rows<{ name: string }>(db, sql`select name from bench_growth_indexes`)) {
    await db.execute(sql.raw(`drop index if exists "${name}"`));
  }
  await grow();
  await rebuildIndexes(db);
}

async function rebuildIndexes(db: Conn) {
  const pending = await rows<{ name: string; definition: string }>(
    db,
    sql`select name, definition from bench_growth_indexes order by name`,
  );
  for (const { name, definition } of pending) {
    const t = Date.now();
    await db.execute(sql`set maintenance_work_mem = '256MB'`);
    await db.execute(
      sql.raw(definition.replace(/^CREATE (UNIQUE )?INDEX /, 'CREATE $1INDEX IF NOT EXISTS ')),
    );
    await db.execute(sql`delete from bench_growth_indexes where name = ${name}`);
    console.log(`    index ${name} built in ${((Date.now() - t) / 1000).toFixed(1)} s`);
  }
}

/** Creates the database when missing, migrates it and brings it to `size`. */
export async function seedGrowth(
  serverUrl: string,
  name: string,
  size: GrowthSize,
): Promise<{ databaseUrl: string; skew: SkewIds }> {
  const started = Date.now();
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
  if (exists.rowCount === 0) await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();

  const database = await openDatabase({ databaseUrl });
  await database.migrate();
  const [found] = await database.db
    .select({ id: user.id })
    .from(user)
    .where(sql`${user.email} = ${GROWTH_ADMIN.email}`);
  if (!found) await createUser(database.db, { ...GROWTH_ADMIN, role: 'admin', name: 'Growth Admin' });
  await database.close();

  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let skew: SkewIds;
  try {
    skew = await fillTo(drizzle(client), size);
  } finally {
    await client.end();
  }
  console.log(
    `  ${name}: ${fmt(size.books)} books, ${fmt(size.orders)} orders, ${fmt(usersFor(size))} members ready in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  return { databaseUrl, skew };
}

/**
 * The same data in an embedded database (PGlite) in `dataDir`, for the start bench: the same
 * statements through PGlite's one connection (`npm run bench -- growth start pglite`).
 */
export async function seedGrowthPglite(dataDir: string, size: GrowthSize): Promise<void> {
  const started = Date.now();
  const database = await openDatabase({ databaseUrl: null, dataDir });
  try {
    await database.migrate();
    const [found] = await database.db
      .select({ id: user.id })
      .from(user)
      .where(sql`${user.email} = ${GROWTH_ADMIN.email}`);
    if (!found) await createUser(database.db, { ...GROWTH_ADMIN, role: 'admin', name: 'Growth Admin' });
    // PGlite's drizzle database runs the same statements and answers rows the same way.
    await fillTo(database.db as unknown as Conn, size);
  } finally {
    await database.close();
  }
  console.log(
    `  PGlite in ${dataDir}: ${fmt(size.books)} books, ${fmt(size.orders)} orders ready in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}

/** Brings a migrated database (with its admin) to `size`, resumably. */
async function fillTo(db: Conn, size: GrowthSize): Promise<SkewIds> {
  await db.execute(
    sql`create table if not exists bench_growth_indexes (name text primary key, definition text not null)`,
  );
  await rebuildIndexes(db);

  const wantUsers = usersFor(size);
  const haveUsers = await countOf(db, sql`select count(*) n from "user" where email like 'bench-owner-%'`);
  await inChunks('members', haveUsers, wantUsers, (from, count) =>
    // Member number g joins every 10 minutes from 2023-06-01.
    insertOwners(db, { from: from + 1, count, every: '10 minutes' }),
  );

  // The skewed members' rows (growth-skew.ts) are counted apart from the even ones.
  const skewOwnerId = await idOf(db, SKEW_OWNER.email);
  const skewBorrowerId = await idOf(db, SKEW_BORROWER.email);
  const haveBooks = await countOf(
    db,
    sql`select count(*) n from books where owner_id is distinct from ${skewOwnerId}`,
  );
  const addBooks = () =>
    inChunks('books', haveBooks, size.books, async (from, count) => {
      await db.transaction(async (tx) => {
        await tx.execute(sql`select setseed(${(from / size.books) % 1})`);
        // One new book a minute from 2024-01-01.
        await insertBooks(tx, { from, count, every: '1 minute' });
      });
    });
  if (size.books - haveBooks > haveBooks / 2) await withoutIndexes(db, ['books'], addBooks);
  else await addBooks();

  const haveOrders = await countOf(
    db,
    sql`select count(*) n from orders where user_id is distinct from ${skewBorrowerId}`,
  );
  if (haveOrders < size.orders) {
    const { nb, nu } = await numberBooksAndUsers(db);
    const addOrders = () =>
      inChunks('orders (with an item and an email each)', haveOrders, size.orders, (from, count) =>
        insertOrders(db, { from, count, nb, nu }),
      );
    const tables = ['orders', 'order_items', 'email_notifications'];
    if (size.orders - haveOrders > haveOrders / 2) await withoutIndexes(db, tables, addOrders);
    else await addOrders();
  }

  // D47's wanted books: one entry for every ten books, from members by a fixed stride; half by
  // an ISBN no seeded book has, half by a listed book's title (with its author one time in two),
  // so a new listing's matching reads a realistic share of entries.
  const wantWanted = Math.round(size.books / 10);
  const haveWanted = await countOf(db, sql`select count(*) n from wanted_books`);
  await inChunks('wanted books', haveWanted, wantWanted, (from, count) => insertWanted(db, { from, count }));

  // D46's borrowed section reads the books out now: about one book in a hundred is lent out by
  // its latest Delivered order (the seeded orders reserve no book). Idempotent: a book lent
  // already is left alone, and the same books qualify on every run.
  await db.execute(sql`
    update books b set reserved_by_order_id = x.order_id, status = 'Borrowed'
    from (
      select distinct on (oi.book_id) oi.book_id, o.id order_id
      from order_items oi join orders o on o.id = oi.order_id
      where o.status = 'Delivered'
      order by oi.book_id, o.created_at desc
    ) x
    where b.id = x.book_id and b.reserved_by_order_id is null and b.status = 'Available'
      and b.deleted_at is null and (hashtext(b.id::text) & 7) = 0`);

  const skew = await fillSkew(
    db,
    size.books,
    () => numberBooksAndUsers(db),
    (args) => insertOrders(db, args),
  );

  const t = Date.now();
  for (const table of [
    'books',
    '"user"',
    'orders',
    'order_items',
    'email_notifications',
    'wanted_books',
    'threads',
    'messages',
    'thread_reads',
    'reviews',
    'waitlist_entries',
    'payouts',
    'owner_balances',
  ]) {
    await db.execute(sql.raw(`vacuum analyze ${table}`));
  }
  await db.execute(
    sql`alter table books set (autovacuum_vacuum_scale_factor = 0.01, autovacuum_analyze_scale_factor = 0.02)`,
  );
  console.log(`    vacuum analyze: ${((Date.now() - t) / 1000).toFixed(1)} s`);
  return skew;
}

async function idOf(db: Conn, email: string): Promise<string | null> {
  const [row] = await rows<{ id: string }>(db, sql`select id from "user" where email = ${email}`);
  return row?.id ?? null;
}

/** Books and borrowers numbered once (temp tables), so each chunk of orders picks them by a join on the number. */
async function numberBooksAndUsers(db: Conn): Promise<{ nb: number; nu: number }> {
  await db.execute(sql`drop table if exists bench_books, bench_users`);
  await db.execute(sql`
    create temp table bench_books as
    select row_number() over (order by b.created_at, b.id) rn, b.id, b.owner_id, u.name owner_name,
           b.title, b.author, b.category, b.cover_key, b.weekly_price, b.monthly_price
    from books b join "user" u on u.id = b.owner_id where b.deleted_at is null`);
  await db.execute(sql`create unique index on bench_books (rn)`);
  await db.execute(sql`
    create temp table bench_users as
    select row_number() over (order by created_at, id) rn, id, name, email
    from "user" where email like 'bench-owner-%'`);
  await db.execute(sql`create unique index on bench_users (rn)`);
  const nb = await countOf(db, sql`select count(*) n from bench_books`);
  const nu = await countOf(db, sql`select count(*) n from bench_users`);
  return { nb, nu };
}

/**
 * Orders number `from` to `from + count - 1`, one a minute from 2024-01-01: 2% Draft, 3% waiting
 * for payment, 4% on their way, 8% Delivered (due 1, 2 or 4 weeks later, so most are overdue by
 * now), 2% returning, 71% Completed, 10% Cancelled. Each with its one item (the book as it was)
 * and the borrower's confirmation email (one in a thousand still unsent, half of those failed);
 * half the orders waiting for payment are claimed paid.
 */
async function insertOrders(
  db: Conn,
  {
    from,
    count,
    nb,
    nu,
    borrowerId,
  }: { from: number; count: number; nb: number; nu: number; borrowerId?: string },
) {
  // The heavy borrower (growth-skew.ts) places every order of `borrowerId`'s chunks.
  const borrower = borrowerId
    ? sql`(select 1 rn, id, name, email from "user" where id = ${borrowerId}) u on true`
    : sql`bench_users u on u.rn = 1 + (g::bigint * 104729) % ${nu}`;
  await db.execute(sql`
    with src as materialized (
      select g, gen_random_uuid() oid, b.*, u.id user_id, u.name user_name, u.email user_email,
             (array[1, 2, 4])[1 + g % 3] weeks,
             timestamptz '2024-01-01' + g * interval '1 minute' made,
             case when (g * 37) % 100 < 2 then 'Draft' when (g * 37) % 100 < 5 then 'Waiting for Payment'
                  when (g * 37) % 100 < 7 then 'Processed' when (g * 37) % 100 < 9 then 'Delivery in Progress'
                  when (g * 37) % 100 < 17 then 'Delivered' when (g * 37) % 100 < 19 then 'Returning in Progress'
                  when (g * 37) % 100 < 90 then 'Completed' else 'Cancelled' end status
      from generate_series(${from}::int, ${from + count - 1}::int) g
      join bench_books b on b.rn = 1 + (g::bigint * 7919) % ${nb}
      join ${borrower}
    ),
    o as (
      insert into orders (id, user_id, user_name, user_email, owner_id, owner_name, status, delivery_method,
                          delivery_address, borrow_duration, subtotal, shipping_cost, total, service_fee,
                          owner_share, created_at, updated_at, payment_due_at, delivered_at, due_at, completed_at,
                          payment_claimed_at)
      select oid, user_id, user_name, user_email, owner_id, owner_name, status::order_status, 'delivery',
             jsonb_build_object('fullName', user_name, 'phone', '+6281234567', 'address', 'Jl. Raya Ubud No. 1'),
             weeks, weekly_price * weeks, 15000, weekly_price * weeks + 15000, round(weekly_price * weeks / 10),
             weekly_price * weeks - round(weekly_price * weeks / 10), made, made,
             case when status = 'Waiting for Payment' then made + interval '1 day' end,
             case when status in ('Delivered', 'Returning in Progress', 'Completed') then made + interval '2 days' end,
             case when status in ('Delivered', 'Returning in Progress', 'Completed') then made + interval '2 days' + weeks * interval '1 week' end,
             case when status = 'Completed' then made + interval '2 days' + weeks * interval '1 week' + interval '3 days' end,
             -- Half the orders waiting for payment carry the borrower's "I have paid" (D33), for the queue (D50).
             case when status = 'Waiting for Payment' and g % 2 = 0 then made + interval '12 hours' end
      from src
      returning id
    ),
    i as (
      insert into order_items (order_id, book_id, owner_id, owner_name, title, author, category, cover_key,
                               borrow_duration, weekly_price, monthly_price, item_total, created_at)
      select oid, id, owner_id, owner_name, title, author, category, cover_key, weeks, weekly_price,
             monthly_price, weekly_price * weeks, made
      from src
      returning id
    )
    insert into email_notifications (recipient_email, recipient_type, email_type, order_id, subject,
                                     text_body, html_body, sent_at, attempts, next_attempt_at, created_at, failed_at)
    select user_email, 'borrower', 'order_placed', oid, 'Your order #' || upper(right(oid::text, 8)),
           'Thank you for your order of ' || title || '.', '<p>Thank you for your order of ' || title || '.</p>',
           case when g % 1000 <> 0 then made + interval '1 minute' end, case when g % 1000 <> 0 then 1 else 0 end,
           made, made,
           -- Half the unsent ones failed every retry: the admin's queue lists them (D50).
           case when g % 2000 = 0 then made + interval '3 days' end
    from src`);
}

/** Wanted entries number `from` to `from + count - 1` (see fillTo). */
async function insertWanted(db: Conn, { from, count }: { from: number; count: number }) {
  await db.execute(sql`
    with m as (
      select row_number() over (order by created_at, id) rn, id from "user" where email like 'bench-owner-%'
    ), b as (
      select row_number() over (order by created_at, id) rn, title, author from books where deleted_at is null
    ), n as (select (select count(*) from m) nu, (select count(*) from b) nb)
    insert into wanted_books (user_id, isbn, title, author, created_at)
    select m.id,
           case when g % 2 = 0 then '978' || lpad(g::text, 10, '0') end,
           case when g % 2 = 1 then b.title end,
           case when g % 4 = 1 then b.author end,
           timestamptz '2024-06-01' + g * interval '1 minute'
    from n, generate_series(${from}::int, ${from + count - 1}::int) g
    join m on m.rn = 1 + (g::bigint * 104729) % (select nu from n)
    join b on b.rn = 1 + (g::bigint * 7919) % (select nb from n)`);
}
