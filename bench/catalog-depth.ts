import { sql } from 'drizzle-orm';
import { openDatabase } from '@server/db/client';
import { bookQuerySchema } from '@domain/schemas/book-query';
import { SORT_KEYS, type SortKey } from '@domain/constants';
import { encodeCursor } from '@server/modules/books/catalog-cursor';
import type { RowKey } from '@server/modules/books/catalog-delta';
import { listBooksUncached } from '@server/modules/books/service';
import { seedCatalog } from './catalog-seed';

// The catalog at any depth on a large PostgreSQL catalog: page 1, a page deep in the listing
// (by cursor), the last page, a search of a common word and of a rare one, in every sort,
// each answered straight from the database (no cache), with the count's time included. Run against a scratch database:
//
//   DEPTH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/scalecat_bench DEPTH_BOOKS=1000000 \
//     npx tsx bench/catalog-depth.ts
//
// It seeds the books once (bench/catalog-seed.ts) when the database has none, then prints the
// median of 5 runs of each listing.

const databaseUrl = process.env.DEPTH_DATABASE_URL;
if (!databaseUrl) throw new Error('DEPTH_DATABASE_URL names a scratch PostgreSQL database');
const BOOKS = Number(process.env.DEPTH_BOOKS ?? 1_000_000);

// Seeding a million books and building their indexes takes minutes, not seconds.
const database = await openDatabase({
  databaseUrl,
  timeouts: { statementMs: 3_600_000, queryMs: 3_600_000 },
});
await database.migrate();
const { db } = database;
const counted = (await db.execute(sql`select count(*)::int as n from books`)) as unknown as {
  rows: { n: number }[];
};
const [{ n }] = counted.rows;
if (n === 0) {
  const t = Date.now();
  await seedCatalog(db, BOOKS);
  console.log(`seeded ${BOOKS.toLocaleString('en')} books in ${((Date.now() - t) / 1000).toFixed(0)} s`);
}

async function timed(query: Record<string, string>) {
  const parsed = bookQuerySchema.parse(query);
  const times: number[] = [];
  let page = await listBooksUncached(db, parsed);
  for (let i = 0; i < 5; i++) {
    const t = performance.now();
    page = await listBooksUncached(db, parsed);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return { page, ms: times[2] };
}

const MID_US = BigInt(Date.UTC(2024, 0, 1)) * 1000n + BigInt(BOOKS / 2) * 300_000_000n;
const ZERO_ID = '00000000-0000-0000-0000-000000000000';
const LAST_ID = 'ffffffff-ffff-ffff-ffff-ffffffffffff';
/** A cursor in the middle of each listing (catalog-seed.ts: a book every five minutes, Rp 5.000-60.000). */
const middle = {
  id: '80000000-0000-0000-0000-000000000000',
  created: MID_US,
  price: 3_200_000n,
  title: 'Lantern of the Quiet Storm',
};
/** A cursor past each listing's end: the page before it is the last page. */
const end: Record<SortKey, RowKey> = {
  newest: { id: ZERO_ID, created: -1n, price: 0n, title: '' },
  oldest: { id: LAST_ID, created: 9_000_000_000_000_000n, price: 0n, title: '' },
  'price-low': { id: ZERO_ID, created: -1n, price: 1_000_000_000n, title: '' },
  'price-high': { id: ZERO_ID, created: -1n, price: -1n, title: '' },
  'title-az': { id: LAST_ID, created: 0n, price: 0n, title: '\u{10FFFF}' },
  'title-za': { id: ZERO_ID, created: 0n, price: 0n, title: '' },
};

const rows: string[] = [];
for (const sort of SORT_KEYS) {
  const first = await timed({ sort });
  const page50 = await timed({ sort, page: '50' });
  const deep = await timed({ sort, cursor: encodeCursor(sort, 'after', middle) });
  const last = await timed({ sort, cursor: encodeCursor(sort, 'before', end[sort]) });
  rows.push(
    `| ${sort} | ${first.ms.toFixed(1)} | ${page50.ms.toFixed(1)} | ${deep.ms.toFixed(1)} (${deep.page.items.length} rows) | ${last.ms.toFixed(1)} (${last.page.items.length} rows) | ${first.page.total}${first.page.totalCapped ? '+' : ''} |`,
  );
}
console.log('\n| sort | page 1 ms | page 50 (offset) ms | middle by cursor ms | last page ms | count |');
console.log('|---|---|---|---|---|---|');
console.log(rows.join('\n'));

console.log('\n| search | ms | count |\n|---|---|---|');
for (const q of ['garden', 'the', 'lantern', 'hirata', 'zzqx']) {
  const { page, ms } = await timed({ q });
  console.log(`| ${q} | ${ms.toFixed(1)} | ${page.total}${page.totalCapped ? '+' : ''} |`);
}

await database.close();
