import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '@server/db/client';

// A catalog of `count` books over 500 owners, the same on every run (seeded random numbers):
// titles from word lists (so a word like "garden" matches a realistic share), every category,
// condition and language, prices from Rp 5.000 to Rp 60.000, and about 12% of the books not
// borrowable (unavailable, borrowed or deleted) so the `listed` indexes have something to skip.

const ADJECTIVES =
  'Silent,Golden,Hidden,Last,Secret,Little,Wild,Broken,Distant,Bright,Lost,Quiet,Burning,Hollow,Endless,Forgotten,Painted,Northern,Gentle,Midnight'.split(
    ',',
  );
const NOUNS =
  'Garden,River,Island,Mountain,Temple,Ocean,Forest,Kingdom,Village,Harbor,Library,Journey,Monsoon,Rice Field,Lantern,Volcano,Market,Bridge,Storm,Letter,Dragon,Reef,Festival,Compass,Orchard,Tide,Mirror,Shadow,Song,Window'.split(
    ',',
  );
const FIRST =
  'Made,Ketut,Nyoman,Wayan,Ayu,Sophie,Dewi,Putu,Komang,Sarah,James,Maria,Andrea,Eka,Leila,Ahmad,Ratih,Pidi,Tara,Yuval'.split(
    ',',
  );
const LAST =
  'Wirawan,Sari,Putra,Dharma,Lestari,Martin,Hirata,Kurniawan,Chudori,Tohari,Kumala,Fuadi,Baiq,Westover,Harari,Clear,Miller,Herbert,Coelho,Austen'.split(
    ',',
  );

const list = (words: string[]) =>
  sql.raw(`array[${words.map((w) => `'${w.replace(/'/g, "''")}'`).join(',')}]`);

export async function seedCatalog(db: Db, count: number): Promise<void> {
  // Generated inside the database (one statement, no rows over the wire): PGlite would
  // otherwise spend minutes parsing 100,000 rows of parameters. setseed makes every run equal.
  await db.transaction(async (tx) => {
    // Building the secondary indexes once at the end is much faster than growing them row by
    // row (the trigram GIN indexes above all); their definitions are read back, not repeated.
    type IndexRow = { name: string; definition: string };
    const result: unknown = await tx.execute(
      sql`select indexname as name, indexdef as definition from pg_indexes
          where schemaname = current_schema() and tablename = 'books' and indexname <> 'books_pkey'`,
    );
    // node-postgres answers { rows }, PGlite's drizzle driver too; be safe with both shapes.
    const indexes = (
      result && typeof result === 'object' && 'rows' in result ? result.rows : result
    ) as IndexRow[];
    for (const index of indexes) await tx.execute(sql.raw(`drop index "${index.name}"`));
    await tx.execute(sql`select setseed(0.42)`);
    await insertOwners(tx, { from: 1, count: 500, every: '0 seconds' });
    await insertBooks(tx, { from: 0, count, every: '5 minutes' });
    // The catalog-version trigger is deferred; its queued events must run before CREATE INDEX.
    await tx.execute(sql`set constraints all immediate`);
    for (const index of indexes) await tx.execute(sql.raw(index.definition));
  });
  // Fresh statistics and a visibility map, as autovacuum would leave a real database.
  await db.execute(sql`vacuum analyze books`);
  await db.execute(sql`vacuum analyze "user"`);
  // Checkouts and edits keep changing books: vacuum and analyze it after 1-2% of its rows
  // changed (the default waits for 20%), so its index-only scans stay index-only.
  await db.execute(
    sql`alter table books set (autovacuum_vacuum_scale_factor = 0.01, autovacuum_analyze_scale_factor = 0.02)`,
  );
}

/**
 * Inserts books number `from` to `from + count - 1` of the generated catalog, owned by the users
 * whose email starts with `bench-owner-`, one created every `every` (an SQL interval) from
 * 2024-01-01. One statement, generated inside the database.
 */
export async function insertBooks(
  tx: { execute: (query: SQL) => Promise<unknown> },
  { from, count, every }: { from: number; count: number; every: string },
): Promise<void> {
  await tx.execute(sql`
      with owners as (select count(*) n from "user" where email like 'bench-owner-%'),
      r as (
        select g, random() r_title, random() r_state, random() r_summary, random() r_monthly,
               floor(random() * ${ADJECTIVES.length})::int + 1 a1, floor(random() * ${NOUNS.length})::int + 1 n1,
               floor(random() * ${NOUNS.length})::int + 1 n2, floor(random() * 9)::int + 1 vol,
               floor(random() * ${FIRST.length})::int + 1 f, floor(random() * ${LAST.length})::int + 1 l,
               random() r_owner, floor(random() * 56)::int w,
               floor(random() * 3)::int + 1 cat, floor(random() * 3)::int + 1 cond, floor(random() * 2)::int + 1 lang
        from generate_series(${from}::int, ${from + count - 1}::int) g
      )
      insert into books (owner_id, title, author, category, language, condition, status, deleted_at,
                         summary, weekly_price, monthly_price, cover_key, created_at)
      -- The owner by email (unique, indexed): indexing a large text array is linear in its length.
      select (select id from "user" where email = 'bench-owner-' || (1 + floor(r_owner * owners.n))::int || '@example.com'),
             case when r_title < 0.5 then 'The ' || (${list(ADJECTIVES)})[a1] || ' ' || (${list(NOUNS)})[n1]
                  when r_title < 0.8 then (${list(NOUNS)})[n1] || ' of the ' || (${list(ADJECTIVES)})[a1] || ' ' || (${list(NOUNS)})[n2]
                  else (${list(ADJECTIVES)})[a1] || ' ' || (${list(NOUNS)})[n1] || ' ' || vol end,
             (${list(FIRST)})[f] || ' ' || (${list(LAST)})[l],
             (array['Children', 'Teen', 'Adult'])[cat]::category,
             (array['English', 'Indonesian'])[lang]::language,
             (array['Brand New', 'Good', 'Fair'])[cond]::book_condition,
             (case when r_state < 0.05 then 'Unavailable' when r_state < 0.09 then 'Borrowed' else 'Available' end)::book_status,
             case when r_state > 0.97 then timestamptz '2024-01-01' end,
             case when r_summary < 0.5 then 'A story of the ' || lower((${list(NOUNS)})[n2]) || ' and the people who love it.' end,
             5000 + w * 1000,
             case when r_monthly < 0.3 then (5000 + w * 1000) * 3 end,
             gen_random_uuid()::text,
             timestamptz '2024-01-01' + g * ${every}::interval + floor(r_monthly * 1000) * interval '1 millisecond'
      from r, owners`);
}

/**
 * Inserts users `bench-owner-<from>@example.com` to `bench-owner-<from + count - 1>@...`, one
 * joining every `every` (an SQL interval) from 2023-06-01.
 */
export async function insertOwners(
  tx: { execute: (query: SQL) => Promise<unknown> },
  { from, count, every }: { from: number; count: number; every: string },
): Promise<void> {
  await tx.execute(sql`
    insert into "user" (id, name, email, email_verified, location, created_at)
    select gen_random_uuid()::text,
           (${list(FIRST)})[1 + floor(random() * ${FIRST.length})::int] || ' ' ||
             (${list(LAST)})[1 + floor(random() * ${LAST.length})::int],
           'bench-owner-' || g || '@example.com', true, 'Ubud', timestamptz '2023-06-01' + g * ${every}::interval
    from generate_series(${from}::int, ${from + count - 1}::int) g`);
}
