import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '@server/db/client';
import { createBook, createUser } from '@server/seed/factories';
import { EMAIL_LEASE_MS } from '@server/outbox/outbox';
import { openTestDatabase } from '@tests/support/database';
import { type Mailbox, startSmtpServer } from '@tests/support/smtp';
import { call, type ServerProcess, signInOver, startServer } from '@tests/support/server-process';

// SIGKILL in the middle of a burst of checkouts and uploads, then a restart: the database and
// the cover folder must hold only whole things, and the order emails the burst queued are each
// sent once (a kill may repeat at most the one message in flight, D14). Runs on PGlite (the
// embedded database, files in DATA_DIR) and, when TEST_DATABASE_URL is set, on PostgreSQL, with
// the file transport (.eml files) and with SMTP (a real SMTP server in this process).

const BORROWERS = 12;
const UPLOADERS = 3;
const BOOKS = 40;
const PASSWORD = 'crash-pass-1';

interface Setup {
  dataDir: string;
  databaseUrl: string;
  open(): Promise<Database>;
  drop(): Promise<void>;
  bookIds: string[];
  borrowers: string[];
  uploaders: string[];
}

async function prepare(kind: 'pglite' | 'postgres'): Promise<Setup> {
  const dataDir = mkdtempSync(join(tmpdir(), `rakbuku-crash-${kind}-`));
  let database: Database;
  let databaseUrl = '';
  let drop = async () => {};
  if (kind === 'postgres') {
    const test = await openTestDatabase();
    database = test;
    databaseUrl = test.url!;
    drop = () => test.close();
  } else {
    database = await openDatabase({ databaseUrl: null, dataDir });
  }
  await database.migrate();
  const owner = await createUser(database.db, { password: PASSWORD });
  const bookIds: string[] = [];
  for (let i = 0; i < BOOKS; i++) bookIds.push((await createBook(database.db, { ownerId: owner.id })).id);
  const borrowers: string[] = [];
  for (let i = 0; i < BORROWERS; i++)
    borrowers.push((await createUser(database.db, { password: PASSWORD })).email);
  const uploaders: string[] = [];
  for (let i = 0; i < UPLOADERS; i++)
    uploaders.push((await createUser(database.db, { password: PASSWORD })).email);
  // PGlite is one process's database: the server opens it next.
  if (kind === 'pglite') await database.close();
  const open = async () =>
    kind === 'pglite'
      ? openDatabase({ databaseUrl: null, dataDir })
      : openDatabase({ databaseUrl, poolSize: 2 });
  return { dataDir, databaseUrl, open, drop, bookIds, borrowers, uploaders };
}

let cover: Buffer;
async function coverPng(): Promise<Buffer> {
  cover ??= await sharp({ create: { width: 600, height: 900, channels: 3, background: '#0f766e' } })
    .png()
    .toBuffer();
  return cover;
}

async function upload(url: string, cookie: string, n: number) {
  const form = new FormData();
  form.set('title', `Crash upload ${n}`);
  form.set('author', 'Crash Author');
  form.set('weeklyPrice', '25000');
  form.set('cover', new Blob([new Uint8Array(await coverPng())], { type: 'image/png' }), 'cover.png');
  return fetch(`${url}/api/books`, { method: 'POST', headers: { origin: url, cookie }, body: form });
}

interface BurstResult {
  answered: number;
  cutOff: number;
  serverErrors: string[];
}

/** Borrowers add random books and check out, uploaders upload, until the server is killed. */
async function burstAndKill(server: ServerProcess, setup: Setup): Promise<BurstResult> {
  const result: BurstResult = { answered: 0, cutOff: 0, serverErrors: [] };
  const borrowerCookies = await Promise.all(setup.borrowers.map((e) => signInOver(server.url, e, PASSWORD)));
  const uploaderCookies = await Promise.all(setup.uploaders.map((e) => signInOver(server.url, e, PASSWORD)));
  let n = 0;
  const loop = async (step: () => Promise<Response>) => {
    for (;;) {
      try {
        const res = await step();
        if (res.status >= 500) result.serverErrors.push(`${res.status} ${await res.text()}`);
        else await res.arrayBuffer();
        result.answered++;
      } catch {
        result.cutOff++; // the connection died with the server
        return;
      }
    }
  };
  const checkoutLoop = (cookie: string) => async () => {
    const bookId = setup.bookIds[Math.floor(Math.random() * setup.bookIds.length)];
    const added = await call(server.url, 'POST', '/api/cart/items', cookie, { bookId });
    await added.arrayBuffer();
    return call(server.url, 'POST', '/api/checkout', cookie, {
      idempotencyKey: `crash-${++n}-${Date.now()}`,
      deliveryMethod: 'delivery',
      deliveryAddress: { fullName: 'Crash Borrower', phone: '+6281234567', address: 'Jl. Raya Ubud No. 1' },
    });
  };
  const workers = [
    ...borrowerCookies.map((cookie) => loop(checkoutLoop(cookie))),
    ...uploaderCookies.map((cookie) => loop(() => upload(server.url, cookie, ++n))),
  ];
  // Kill once the burst is well under way (some answers back, every worker busy).
  // (If every worker stopped already, the server died on its own: the assertions below say so.)
  while (result.answered < 15 && result.cutOff < workers.length) await new Promise((r) => setTimeout(r, 10));
  await new Promise((r) => setTimeout(r, 50 + Math.random() * 250));
  await server.kill('SIGKILL');
  await Promise.all(workers);
  return result;
}

/** Rows of a raw query, the same on PGlite and node-postgres (both answer `{ rows }`). */
async function rowsOf<T>(db: Database['db'], query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

async function invariants(db: Database['db']) {
  const rows = (query: ReturnType<typeof sql>) => rowsOf<{ id: string }>(db, query);
  return {
    ordersWithoutItems: await rows(sql`
      select o.id from orders o where not exists (select 1 from order_items i where i.order_id = o.id)`),
    ordersWithoutEvent: await rows(sql`
      select o.id from orders o where not exists (select 1 from order_events e where e.order_id = o.id)`),
    checkoutsWithoutOrders: await rows(sql`
      select c.id from checkouts c where not exists (select 1 from orders o where o.checkout_id = c.id)`),
    reservedWithoutOpenOrder: await rows(sql`
      select b.id from books b left join orders o on o.id = b.reserved_by_order_id
      where b.reserved_by_order_id is not null and (o.id is null or o.status in ('Completed', 'Cancelled'))`),
    openOrderBooksNotReserved: await rows(sql`
      select i.id from order_items i join orders o on o.id = i.order_id join books b on b.id = i.book_id
      where o.status not in ('Completed', 'Cancelled') and b.reserved_by_order_id is distinct from o.id`),
    bookInTwoOpenOrders: await rows(sql`
      select i.book_id from order_items i join orders o on o.id = i.order_id
      where o.status not in ('Completed', 'Cancelled') group by i.book_id having count(*) > 1`),
    orderedBookStillInOwnCart: await rows(sql`
      select c.id from cart_items c join books b on b.id = c.book_id join orders o on o.id = b.reserved_by_order_id
      where o.user_id = c.user_id`),
    orderTotalsWrong: await rows(sql`
      select o.id from orders o
      where o.subtotal <> (select sum(i.item_total) from order_items i where i.order_id = o.id)`),
  };
}

function coverProblems(dataDir: string, referenced: Set<string>, uploadedKeys: string[]) {
  const dir = join(dataDir, 'uploads', 'covers');
  const onDisk = existsSync(dir) ? readdirSync(dir) : [];
  const orphans = onDisk.filter((key) => !referenced.has(key));
  const broken = uploadedKeys.filter((key) =>
    ['card', 'detail'].some((v) => {
      const file = join(dir, key, `${v}.webp`);
      // A whole WebP starts with RIFF....WEBP.
      return !existsSync(file) || readFileSync(file).subarray(8, 12).toString() !== 'WEBP';
    }),
  );
  return { orphans, broken, onDisk: onDisk.length };
}

const kinds: ('pglite' | 'postgres')[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
const transports = ['file', 'smtp'] as const;
const cases = kinds.flatMap((kind) => transports.map((transport) => [kind, transport] as const));

/** Message-IDs of everything delivered: the outbox makes each `<row id@rakbuku.outbox>`. */
function deliveredIds(transport: 'file' | 'smtp', dataDir: string, mailbox: Mailbox | null): string[] {
  const raws =
    transport === 'smtp'
      ? mailbox!.messages.map((m) => m.raw)
      : (existsSync(join(dataDir, 'mail')) ? readdirSync(join(dataDir, 'mail')) : []).map((f) =>
          readFileSync(join(dataDir, 'mail', f), 'utf8'),
        );
  return raws.map((raw) => /^Message-ID: <([^@>]+)@rakbuku\.outbox>/im.exec(raw)?.[1] ?? 'no message id');
}

/** Resolves once the number of delivered messages has not moved for `quietMs`. */
async function deliveriesSettled(count: () => number, quietMs = 1500, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  let last = -1;
  let since = Date.now();
  while (Date.now() < deadline) {
    const n = count();
    if (n !== last) {
      last = n;
      since = Date.now();
    } else if (Date.now() - since >= quietMs) return;
    await new Promise((r) => setTimeout(r, 100));
  }
}
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup().catch(() => {});
});

describe.each(cases)('SIGKILL during checkouts and uploads (%s, %s email transport)', (kind, transport) => {
  it('restarts with no partial order, no order without items, no stray reservation, no orphan cover, no email twice', {
    timeout: 600_000,
  }, async () => {
    const setup = await prepare(kind);
    const mailbox = transport === 'smtp' ? await startSmtpServer() : null;
    const env = {
      DATA_DIR: setup.dataDir,
      DATABASE_URL: setup.databaseUrl,
      MAIL_TRANSPORT: transport,
      SMTP_URL: mailbox?.url ?? '',
    };
    let server: ServerProcess | null = null;
    cleanups.push(async () => {
      await server?.kill('SIGKILL');
      await mailbox?.close();
      await setup.drop();
      rmSync(setup.dataDir, { recursive: true, force: true });
    });

    const rounds = process.env.CI ? 2 : 1;
    for (let round = 0; round < rounds; round++) {
      server = await startServer(env);
      const burst = await burstAndKill(server, setup);
      expect(burst.serverErrors).toEqual([]);
      // The kill came mid-burst: requests were in flight, others had been answered.
      expect(burst.cutOff).toBeGreaterThan(0);
      expect(burst.answered).toBeGreaterThanOrEqual(15);
    }

    // Restart (recovery, cover sweep), prove it serves, then stop it cleanly and look inside.
    // The restarted process runs past the lease of the rows the killed one had claimed, so its
    // outbox sends whatever is left; it stops once nothing more arrives.
    server = await startServer({ ...env, CLOCK_OFFSET_MS: String(EMAIL_LEASE_MS + 60_000) });
    const cookie = await signInOver(server.url, setup.borrowers[0], PASSWORD);
    expect((await call(server.url, 'GET', '/api/cart', cookie)).status).toBe(200);
    await deliveriesSettled(() => deliveredIds(transport, setup.dataDir, mailbox).length);
    await server.kill('SIGTERM');

    const database = await setup.open();
    try {
      const found = await invariants(database.db);
      expect(found).toEqual({
        ordersWithoutItems: [],
        ordersWithoutEvent: [],
        checkoutsWithoutOrders: [],
        reservedWithoutOpenOrder: [],
        openOrderBooksNotReserved: [],
        bookInTwoOpenOrders: [],
        orderedBookStillInOwnCart: [],
        orderTotalsWrong: [],
      });
      const keys = await rowsOf<{ key: string }>(
        database.db,
        sql`
        select cover_key as key from books union select cover_key as key from order_items`,
      );
      const uploaded = await rowsOf<{ key: string }>(
        database.db,
        sql`
        select b.cover_key as key from books b join "user" u on u.id = b.owner_id
        where u.email in ${sql.raw(`(${setup.uploaders.map((e) => `'${e}'`).join(', ')})`)}`,
      );
      const referenced = new Set(keys.map((r) => r.key));
      const uploadedKeys = uploaded.map((r) => r.key);
      const covers = coverProblems(setup.dataDir, referenced, uploadedKeys);
      expect({ orphans: covers.orphans, broken: covers.broken }).toEqual({ orphans: [], broken: [] });
      // Something was really written before the kill, or the test proves little.
      const [counts] = await rowsOf<{ orders: number }>(
        database.db,
        sql`select (select count(*) from orders)::int as orders`,
      );
      expect(counts.orders + uploadedKeys.length).toBeGreaterThan(0);

      // Every queued email was sent, each exactly once, except at most the one message each
      // killed process had in flight (delivered, not yet marked): that one arrives twice.
      const emails = await rowsOf<{ id: string; sent: boolean }>(
        database.db,
        sql`select id, sent_at is not null as sent from email_notifications`,
      );
      const delivered = new Map<string, number>();
      for (const id of deliveredIds(transport, setup.dataDir, mailbox))
        delivered.set(id, (delivered.get(id) ?? 0) + 1);
      const perRow = emails.map((row) => delivered.get(row.id) ?? 0);
      const repeated = perRow.filter((n) => n > 1).length;
      console.info(
        `crash (${kind}, ${transport}): ${emails.length} emails queued, ${perRow.filter((n) => n === 1).length} sent once, ` +
          `${repeated} sent twice, ${perRow.filter((n) => n === 0).length} never sent; ${rounds} kill(s)`,
      );
      expect(emails.filter((row) => !row.sent)).toEqual([]);
      expect(perRow.filter((n) => n === 0 || n > 2)).toEqual([]);
      expect(repeated).toBeLessThanOrEqual(rounds);
      expect([...delivered.keys()].filter((id) => !emails.some((row) => row.id === id))).toEqual([]);
      expect(emails.length).toBeGreaterThan(0);
    } finally {
      await database.close();
    }
  });
});
