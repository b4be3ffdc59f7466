import { type SQL, sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { createUser } from '@server/seed/factories';
import type { DbOrTx } from '@server/db/client';
import { fmt, inChunks } from './seed-chunks';

// The growth bench's skewed data (docs/performance.md, "Skewed growth"), on top of the even data
// of growth-seed.ts and as resumable: every part counts what the database holds and adds only
// what is missing, so a database seeded before the skew existed is extended, not rebuilt. The
// rows are generated inside PostgreSQL (INSERT ... SELECT generate_series), in chunks that
// commit on their own.
//
// At a size of B books (B orders): one heavy owner of min(50,000, B / 2) books, one heavy
// borrower of B / 10 orders, the members spread over 20 areas (a book's area follows its owner,
// migration 0015), one conversation of 20,000 messages, B / 5 messages over B / 50 conversations
// about the heavy owner's books, B / 5 reviews, a waitlist of 1,000 members on one book and B / 10
// payouts, half of them the heavy owner's.

type Conn = NodePgDatabase;

export const SKEW_OWNER = {
  email: 'bench-skew-owner@example.com',
  password: 'bench-skew-owner-1',
  name: 'Ratna Skewowner',
};
export const SKEW_BORROWER = {
  email: 'bench-skew-borrower@example.com',
  password: 'bench-skew-borrower-1',
  name: 'Bayu Skewborrower',
};
/** The conversation of 20,000 messages, between the heavy borrower and the heavy owner. */
export const SKEW_LONG_THREAD = '00000000-0000-4000-8000-00000000b001';
const LONG_THREAD_MESSAGES = 20_000;
const WAITERS = 1_000;
const SKEW_AREAS = [
  'Ubud',
  'Canggu',
  'Seminyak',
  'Sanur',
  'Denpasar',
  'Kuta',
  'Jimbaran',
  'Nusa Dua',
  'Uluwatu',
  'Amed',
  'Lovina',
  'Munduk',
  'Sidemen',
  'Tabanan',
  'Gianyar',
  'Klungkung',
  'Karangasem',
  'Singaraja',
  'Negara',
  'Bangli',
];

function skewFor(books: number) {
  return {
    ownerBooks: Math.min(50_000, Math.round(books / 2)),
    borrowerOrders: Math.round(books / 10),
    threads: Math.round(books / 50),
    messages: Math.round(books / 5),
    reviews: Math.round(books / 5),
    payouts: Math.round(books / 10),
  };
}

async function count(db: Conn, query: SQL): Promise<number> {
  const { rows } = await db.execute(query);
  return Number((rows[0] as { n: string }).n);
}

/** The member `who`, created with a password (the bench signs in as them) when missing. */
async function member(db: Conn, who: typeof SKEW_OWNER, location: string): Promise<string> {
  const { rows } = await db.execute(sql`select id from "user" where email = ${who.email}`);
  if (rows[0]) return (rows[0] as { id: string }).id;
  const made = await createUser(db as unknown as DbOrTx, { ...who, location });
  return made.id;
}

export interface SkewIds {
  ownerId: string;
  borrowerId: string;
  /** A listed book of the heavy owner. */
  ownerBookId: string;
  /** The borrowed book 1,000 members wait for. */
  waitlistBookId: string;
  /** An area, condition and language that filter the catalog together. */
  area: string;
}

/**
 * Adds the skewed rows a database of `books` books lacks. `numbered()` makes the temp tables
 * bench_books and bench_users (growth-seed.ts) the orders are picked from, and answers their sizes.
 */
export async function fillSkew(
  db: Conn,
  books: number,
  numbered: () => Promise<{ nb: number; nu: number }>,
  insertOrders: (args: {
    from: number;
    count: number;
    nb: number;
    nu: number;
    borrowerId: string;
  }) => Promise<void>,
): Promise<SkewIds> {
  const want = skewFor(books);
  const ownerId = await member(db, SKEW_OWNER, 'Ubud');
  const borrowerId = await member(db, SKEW_BORROWER, 'Canggu');

  // Members over 20 areas, by a hash of their email (the same on every run); the books follow.
  const t = Date.now();
  await db.execute(sql`
    update "user" u set location = (${sql.raw(`array[${SKEW_AREAS.map((a) => `'${a}'`).join(',')}]`)})[1 + abs(hashtext(u.email)) % 20]
    where u.email like 'bench-owner-%'
      and u.location is distinct from (${sql.raw(`array[${SKEW_AREAS.map((a) => `'${a}'`).join(',')}]`)})[1 + abs(hashtext(u.email)) % 20]`);
  console.log(`    areas: members spread over 20 (${((Date.now() - t) / 1000).toFixed(1)} s)`);

  // The heavy owner's books: copies of the even catalog's titles, prices and states, listed.
  const haveBooks = await count(db, sql`select count(*) n from books where owner_id = ${ownerId}`);
  await inChunks("heavy owner's books", haveBooks, want.ownerBooks, (from, n) =>
    db
      .execute(sql`
      insert into books (owner_id, title, author, category, language, condition, summary, weekly_price,
                         monthly_price, cover_key, created_at)
      select ${ownerId}, title, author, category, language, condition, summary, weekly_price, monthly_price,
             gen_random_uuid()::text, created_at + interval '30 seconds'
      from books where owner_id is distinct from ${ownerId}
      order by created_at, id offset ${from} limit ${n}`)
      .then(() => undefined),
  );

  // The heavy borrower's orders, by the even orders' rules (a third of the books are the heavy owner's).
  const haveOrders = await count(db, sql`select count(*) n from orders where user_id = ${borrowerId}`);
  if (haveOrders < want.borrowerOrders) {
    const { nb, nu } = await numbered();
    await inChunks("heavy borrower's orders", haveOrders, want.borrowerOrders, (from, n) =>
      insertOrders({ from, count: n, nb, nu, borrowerId }),
    );
  }

  // The conversation of 20,000 messages, about one of the heavy owner's books.
  const ownerBookId = await one(
    db,
    sql`select id from books where owner_id = ${ownerId} and listed order by created_at, id limit 1`,
  );
  await db.execute(sql`
    insert into threads (id, book_id, book_title, member_id, member_name, owner_id, owner_name, last_message_at, created_at)
    select ${SKEW_LONG_THREAD}::uuid, b.id, b.title, ${borrowerId}, ${SKEW_BORROWER.name}, ${ownerId}, ${SKEW_OWNER.name},
           timestamptz '2025-01-01', timestamptz '2024-06-01'
    from books b where b.id = ${ownerBookId}
    on conflict do nothing`);
  const haveLong = await count(
    db,
    sql`select count(*) n from messages where thread_id = ${SKEW_LONG_THREAD}`,
  );
  await inChunks('the long conversation', haveLong, LONG_THREAD_MESSAGES, (from, n) =>
    db
      .execute(sql`
      insert into messages (thread_id, author_id, author_name, body, created_at)
      select ${SKEW_LONG_THREAD}::uuid, case when g % 2 = 0 then ${borrowerId} else ${ownerId} end,
             case when g % 2 = 0 then ${SKEW_BORROWER.name} else ${SKEW_OWNER.name} end,
             'Message number ' || g || ' about the book and when to pick it up',
             timestamptz '2025-01-01' - (${LONG_THREAD_MESSAGES} - g) * interval '10 minutes'
      from generate_series(${from + 1}::int, ${from + n}::int) g`)
      .then(() => undefined),
  );

  // Conversations about the heavy owner's books, each asked by a member (by stride), ten
  // messages each, the member's and the owner's in turn: the owner is in all of them.
  const haveThreads = await count(
    db,
    sql`select count(*) n from threads where owner_id = ${ownerId} and id <> ${SKEW_LONG_THREAD}`,
  );
  if (haveThreads < want.threads) {
    await db.execute(sql`
      with b as (
        select row_number() over (order by created_at, id) rn, id, title from books
        where owner_id = ${ownerId} and id <> ${ownerBookId}
      ), m as (
        select row_number() over (order by created_at, id) rn, id, name from "user" where email like 'bench-owner-%'
      ), n as (select count(*) nu from m)
      insert into threads (book_id, book_title, member_id, member_name, owner_id, owner_name, last_message_at, created_at)
      select b.id, b.title, m.id, m.name, ${ownerId}, ${SKEW_OWNER.name},
             timestamptz '2025-01-01' + g * interval '1 minute' + 9 * interval '1 hour',
             timestamptz '2025-01-01' + g * interval '1 minute'
      from n cross join generate_series(${haveThreads + 1}::int, ${want.threads}::int) g
      join b on b.rn = g
      join m on m.rn = 1 + (g::bigint * 104729) % n.nu
      on conflict do nothing`);
    console.log(`    conversations about the heavy owner's books: ${fmt(want.threads)}`);
  }
  const haveMessages = await count(
    db,
    sql`select count(*) n from messages m join threads t on t.id = m.thread_id
        where t.owner_id = ${ownerId} and t.id <> ${SKEW_LONG_THREAD}`,
  );
  if (haveMessages < want.messages) {
    // Message k of thread j (numbered by creation): every thread gets its ten in one chunk.
    await db.execute(sql`drop table if exists bench_skew_threads`);
    await db.execute(sql`
      create temp table bench_skew_threads as
      select row_number() over (order by created_at, id) rn, id, member_id, member_name, created_at
      from threads where owner_id = ${ownerId} and id <> ${SKEW_LONG_THREAD}`);
    await db.execute(sql`create unique index on bench_skew_threads (rn)`);
    await inChunks('messages over the conversations', haveMessages, want.messages, (from, n) =>
      db
        .execute(sql`
        insert into messages (thread_id, author_id, author_name, body, created_at)
        select t.id, case when g % 2 = 0 then t.member_id else ${ownerId} end,
               case when g % 2 = 0 then t.member_name else ${SKEW_OWNER.name} end,
               case when g % 2 = 0 then 'Is this one still free next week?' else 'Yes, it is on the shelf.' end,
               t.created_at + (g % 10) * interval '1 hour'
        from generate_series(${from}::int, ${from + n - 1}::int) g
        join bench_skew_threads t on t.rn = 1 + g / 10`)
        .then(() => undefined),
    );
  }

  // Reviews: both sides of the oldest Completed orders without one, published.
  const haveReviews = await count(db, sql`select count(*) n from reviews`);
  await inChunks('reviews', haveReviews, want.reviews, (_from, n) =>
    db
      .execute(sql`
      with o as (
        select id, user_id, user_name, owner_id, owner_name, completed_at from orders o
        where status = 'Completed' and not exists (select 1 from reviews r where r.order_id = o.id)
        order by created_at, id limit ${Math.ceil(n / 2)}
      )
      insert into reviews (order_id, side, author_id, author_name, subject_id, subject_name, rating, body,
                           created_at, published_at)
      select o.id, s.side,
             case when s.side = 'borrower' then o.user_id else o.owner_id end,
             case when s.side = 'borrower' then o.user_name else o.owner_name end,
             case when s.side = 'borrower' then o.owner_id else o.user_id end,
             case when s.side = 'borrower' then o.owner_name else o.user_name end,
             1 + abs(hashtext(o.id::text || s.side)) % 5,
             case when s.side = 'borrower' then 'Lovely book, easy pickup.' end,
             o.completed_at + interval '1 day', o.completed_at + interval '2 days'
      from o cross join (values ('borrower'), ('owner')) s(side)`)
      .then(() => undefined),
  );

  // A borrowed book of the heavy owner's with 1,000 members waiting (members by stride).
  let waitlistBookId = await oneOrNull(
    db,
    sql`select book_id id from waitlist_entries group by book_id order by count(*) desc limit 1`,
  );
  if (!waitlistBookId) {
    waitlistBookId = await one(
      db,
      sql`select id from books where owner_id = ${ownerId} and listed order by created_at desc, id limit 1`,
    );
    await db.execute(sql`update books set status = 'Borrowed' where id = ${waitlistBookId}`);
  }
  const haveWaiters = await count(
    db,
    sql`select count(*) n from waitlist_entries where book_id = ${waitlistBookId}`,
  );
  if (haveWaiters < WAITERS) {
    await db.execute(sql`
      insert into waitlist_entries (book_id, user_id, created_at)
      select ${waitlistBookId}::uuid, u.id, timestamptz '2025-01-01' + u.rn * interval '1 minute'
      from (select row_number() over (order by created_at, id) rn, id from "user" where email like 'bench-owner-%') u
      where u.rn <= ${WAITERS}
      order by u.rn
      on conflict do nothing`);
    console.log(`    waitlist: ${fmt(WAITERS)} members on one book`);
  }

  // Payouts: every other one to the heavy owner, the rest to members by stride.
  const havePayouts = await count(db, sql`select count(*) n from payouts`);
  await inChunks('payouts', havePayouts, want.payouts, (from, n) =>
    db
      .execute(sql`
      with m as (
        select row_number() over (order by created_at, id) rn, id, name from "user" where email like 'bench-owner-%'
      ), n as (select count(*) nu from m)
      insert into payouts (owner_id, owner_name, amount, paid_on, reference, recorded_by_name, created_at)
      select case when g % 2 = 0 then ${ownerId} else m.id end,
             case when g % 2 = 0 then ${SKEW_OWNER.name} else m.name end,
             1000, (date '2024-02-01' + g % 900), 'TRF-' || g, 'Growth Admin',
             timestamptz '2024-02-01' + g * interval '15 minutes'
      from n cross join generate_series(${from}::int, ${from + n - 1}::int) g
      join m on m.rn = 1 + (g::bigint * 7919) % n.nu`)
      .then(() => undefined),
  );

  const area = (await one(db, sql`select location id from "user" where id = ${ownerId}`)) ?? 'Ubud';
  return { ownerId, borrowerId, ownerBookId, waitlistBookId, area };
}

async function oneOrNull(db: Conn, query: SQL): Promise<string | null> {
  const { rows } = await db.execute(query);
  return rows[0] ? (rows[0] as { id: string }).id : null;
}

async function one(db: Conn, query: SQL): Promise<string> {
  const id = await oneOrNull(db, query);
  if (!id) throw new Error('growth skew: a row the seed needs is missing');
  return id;
}
