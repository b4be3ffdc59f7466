import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, isNull, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBook, createUser } from '@server/seed/factories';
import { books, emailNotifications, orderItems, orders, timers, waitlistEntries } from '@server/db/schema';
import { insertOrder } from '@tests/support/order-fixture';
import { findTestPostgres, openTestDatabase } from '@tests/support/database';
import { type Mailbox, startSmtpServer } from '@tests/support/smtp';
import { DUE_REMINDER_TYPE, seedDueReminders } from '@tests/support/due-timers';
import { type S3Server, startS3Server } from '@tests/support/s3';
import { call, type ServerProcess, signInOver, startServer } from '@tests/support/server-process';

// Two real servers on one PostgreSQL and one S3-compatible bucket (D31), as behind a load
// balancer: nothing an instance keeps in memory or on its own disk may matter. Needs a PostgreSQL server: TEST_DATABASE_URL (CI sets it), else the local
// one; only a machine with neither skips it, since PGlite is one process's database by design.

const PASSWORD = 'instance-pass-1';
const MEMBERS = 20;
const SEEDED_EMAILS = 120;
const DUE_TIMERS = 50;

const serverUrl = await findTestPostgres();

describe.skipIf(!serverUrl)('two instances on one PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let mailbox: Mailbox;
  let a: ServerProcess;
  let b: ServerProcess;
  let s3: S3Server;
  let dataDirs: string[];

  beforeAll(async () => {
    database = await openTestDatabase(serverUrl!);
    await database.migrate();
    mailbox = await startSmtpServer();
    s3 = await startS3Server('rakbuku-instances');
    // Each instance has its own data folder: they share only the database, the bucket and the
    // auth secret, as any deployment behind a load balancer must.
    dataDirs = [0, 1].map(() => mkdtempSync(join(tmpdir(), 'rakbuku-instances-')));
    const env = (dataDir: string) => ({
      DATABASE_URL: database.url!,
      DATA_DIR: dataDir,
      AUTH_SECRET: 'two-instances-test-secret-0123456789abcdef',
      SMTP_URL: mailbox.url,
      MAIL_TRANSPORT: 'smtp',
      EMAIL_WORKER: 'true',
      ...s3.env,
    });
    [a, b] = await Promise.all(dataDirs.map((dir) => startServer(env(dir))));
  }, 400_000);

  /** An admin presses 'Process emails' on both instances at the same moment, three times. */
  async function processEmailsOnBothInstances() {
    const admin = await createUser(database.db, { password: PASSWORD, role: 'admin' });
    const cookies = [
      await signInOver(a.url, admin.email, PASSWORD),
      await signInOver(b.url, admin.email, PASSWORD),
    ];
    for (let i = 0; i < 3; i++) {
      const runs = await Promise.all([
        call(a.url, 'POST', '/api/admin/emails/process', cookies[0]),
        call(b.url, 'POST', '/api/admin/emails/process', cookies[1]),
      ]);
      for (const run of runs) expect(run.status).toBe(200);
    }
  }

  afterAll(async () => {
    await Promise.all([a?.kill('SIGTERM'), b?.kill('SIGTERM')]);
    await mailbox?.close();
    await database?.close();
    await s3?.close();
    for (const dir of dataDirs ?? []) rmSync(dir, { recursive: true, force: true });
  });

  it('a cover uploaded through one instance is served by the other, from the bucket', async () => {
    const owner = await createUser(database.db, { password: PASSWORD });
    const cookie = await signInOver(a.url, owner.email, PASSWORD);
    const form = new FormData();
    form.append('title', 'Two Shelves');
    form.append('author', 'Wayan Bucket');
    form.append('weeklyPrice', '15000');
    const jpeg = await sharp({ create: { width: 60, height: 90, channels: 3, background: '#b45309' } })
      .jpeg()
      .toBuffer();
    form.append('cover', new File([new Uint8Array(jpeg)], 'cover.jpg', { type: 'image/jpeg' }));
    const uploaded = await fetch(`${a.url}/api/books`, {
      method: 'POST',
      headers: { origin: a.url, cookie },
      body: form,
    });
    expect(uploaded.status).toBe(201);
    const { id } = (await uploaded.json()) as { id: string };
    const [row] = await database.db.select({ coverKey: books.coverKey }).from(books).where(eq(books.id, id));
    const fromA = await fetch(`${a.url}/api/covers/${row.coverKey}/detail.webp`);
    const fromB = await fetch(`${b.url}/api/covers/${row.coverKey}/detail.webp`);
    expect(fromB.status).toBe(200);
    expect(fromB.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await fromB.arrayBuffer())).toEqual(Buffer.from(await fromA.arrayBuffer()));
    // Neither instance wrote it to its own disk.
    for (const dir of dataDirs) expect(existsSync(join(dir, 'uploads', 'covers', row.coverKey))).toBe(false);
  });

  it('a session made on one instance works on the other, and signing out on one ends it on both', async () => {
    const member = await createUser(database.db, { password: PASSWORD, name: 'Komang Both' });
    const cookie = await signInOver(a.url, member.email, PASSWORD);
    const me = await (await call(b.url, 'GET', '/api/me', cookie)).json();
    expect(me.user).toMatchObject({ id: member.id, name: 'Komang Both' });
    // Both instances now hold the session in their caches; the revocation version
    // the sign-out moves makes the other instance refuse it on the very next request.
    expect((await call(a.url, 'GET', '/api/cart', cookie)).status).toBe(200);
    const out = await call(b.url, 'POST', '/api/auth/sign-out', cookie, {});
    expect(out.status).toBe(200);
    expect((await (await call(a.url, 'GET', '/api/me', cookie)).json()).user).toBeNull();
    expect((await call(a.url, 'GET', '/api/cart', cookie)).status).toBe(401);
  });

  it('a password change or a role change on one instance counts on the next request on the other', async () => {
    const member = await createUser(database.db, { password: PASSWORD });
    const admin = await createUser(database.db, { password: PASSWORD, role: 'admin' });
    const [here, there, adminCookie] = await Promise.all([
      signInOver(a.url, member.email, PASSWORD),
      signInOver(b.url, member.email, PASSWORD),
      signInOver(a.url, admin.email, PASSWORD),
    ]);
    expect((await call(b.url, 'GET', '/api/admin/stats', there)).status).toBe(403);
    const promote = await call(a.url, 'PATCH', `/api/admin/users/${member.id}`, adminCookie, {
      role: 'admin',
    });
    expect(promote.status).toBe(200);
    expect((await call(b.url, 'GET', '/api/admin/stats', there)).status).toBe(200);

    const changed = await call(a.url, 'POST', '/api/profile/password', here, {
      currentPassword: PASSWORD,
      newPassword: 'instance-pass-2',
      confirmPassword: 'instance-pass-2',
    });
    expect(changed.status).toBe(200);
    expect((await call(b.url, 'GET', '/api/cart', there)).status).toBe(401);
  });

  it(`${MEMBERS} members checking out the same book across both instances get exactly one order`, async () => {
    const owner = await createUser(database.db, { password: PASSWORD });
    const book = await createBook(database.db, { ownerId: owner.id, title: 'The One Copy' });
    const members = await Promise.all(
      Array.from({ length: MEMBERS }, () => createUser(database.db, { password: PASSWORD })),
    );
    const servers = members.map((_, i) => (i % 2 === 0 ? a : b));
    const cookies = await Promise.all(members.map((m, i) => signInOver(servers[i].url, m.email, PASSWORD)));
    // Everyone gets the book into their cart first (it is not reserved yet)...
    for (const [i, cookie] of cookies.entries()) {
      const added = await call(servers[i].url, 'POST', '/api/cart/items', cookie, { bookId: book.id });
      expect(added.status).toBe(201);
    }
    // ...then all place the order at once, half on each instance.
    const answers = await Promise.all(
      cookies.map((cookie, i) =>
        call(servers[i].url, 'POST', '/api/checkout', cookie, {
          idempotencyKey: `same-book-${i}-${Date.now()}`,
          deliveryMethod: 'delivery',
          deliveryAddress: { fullName: 'Same Book', phone: '+6281234567', address: 'Jl. Raya Ubud No. 1' },
        }),
      ),
    );
    const statuses = answers.map((r) => r.status).sort();
    const bodies = await Promise.all(answers.map((r) => r.text()));
    if (statuses.filter((s) => s === 201).length !== 1) console.error(statuses, bodies);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s !== 201).every((s) => s === 409)).toBe(true);
    const placed = await database.db
      .select({ id: orders.id })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(eq(orderItems.bookId, book.id));
    expect(placed).toHaveLength(1);
  });

  it('two events freeing a waited-for book at once, one on each instance, give one hold and one email (D25)', async () => {
    const [borrower, owner, waiter, admin] = await Promise.all(
      [0, 1, 2, 3].map((i) =>
        createUser(database.db, { password: PASSWORD, role: i === 3 ? 'admin' : 'user' }),
      ),
    );
    const { order, book } = await insertOrder(database.db, {
      borrower,
      ownerId: owner.id,
      status: 'Returning in Progress',
    });
    await database.db
      .update(books)
      .set({ status: 'Borrowed', reservedByOrderId: order.id })
      .where(eq(books.id, book.id));
    const waiterCookie = await signInOver(a.url, waiter.email, PASSWORD);
    const joined = await call(a.url, 'POST', `/api/books/${book.id}/waitlist`, waiterCookie);
    expect(joined.status).toBeLessThan(300);
    const [onA, onB] = [
      await signInOver(a.url, admin.email, PASSWORD),
      await signInOver(b.url, admin.email, PASSWORD),
    ];

    // The return completes on A while an admin makes the book Available on B: both free it.
    const [completed, madeAvailable] = await Promise.all([
      call(a.url, 'POST', `/api/orders/${order.id}/actions`, onA, { type: 'confirm_return_complete' }),
      call(b.url, 'PATCH', `/api/admin/books/${book.id}`, onB, { status: 'Available' }),
    ]);
    expect(completed.status).toBe(200);
    expect(madeAvailable.status).toBe(200);

    const holds = await database.db
      .select()
      .from(waitlistEntries)
      .where(and(eq(waitlistEntries.bookId, book.id), sql`${waitlistEntries.holdUntil} is not null`));
    expect(holds.map((h) => h.userId)).toEqual([waiter.id]);
    const [row] = await database.db.select().from(books).where(eq(books.id, book.id));
    expect(row.heldForId).toBe(waiter.id);
    const holdEmails = await database.db
      .select({ id: emailNotifications.id })
      .from(emailNotifications)
      .where(
        and(
          eq(emailNotifications.recipientEmail, waiter.email),
          eq(emailNotifications.emailType, 'waitlist_hold'),
        ),
      );
    expect(holdEmails).toHaveLength(1);
  });

  it('the outbox sends every email once while both workers (timers and Process emails) run', async () => {
    const before = mailbox.messages.length;
    const rows = Array.from({ length: SEEDED_EMAILS }, (_, i) => ({
      recipientEmail: `reader${i}@example.com`,
      recipientType: 'borrower',
      emailType: 'instance-test',
      subject: `Instance test ${i}`,
      textBody: `Message ${i}`,
      htmlBody: `<p>Message ${i}</p>`,
    }));
    await database.db.insert(emailNotifications).values(rows);

    // An admin presses 'Process emails' on both instances at once, several times.
    await processEmailsOnBothInstances();
    const deadline = Date.now() + 60_000;
    for (;;) {
      const [left] = await database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(emailNotifications)
        .where(and(isNull(emailNotifications.sentAt), eq(emailNotifications.emailType, 'instance-test')));
      if (left.n === 0 || Date.now() > deadline) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    await new Promise((r) => setTimeout(r, 500)); // a double send would arrive right after
    const received = mailbox.messages.slice(before).filter((m) => m.subject.startsWith('Instance test '));
    const subjects = received.map((m) => m.subject);
    expect(new Set(subjects).size).toBe(SEEDED_EMAILS);
    expect(subjects).toHaveLength(SEEDED_EMAILS);
  });

  it(`${DUE_TIMERS} due timers fire once each, and each of their emails is sent once, with both workers running (D24)`, async () => {
    const before = mailbox.messages.length;
    const orderIds = await seedDueReminders(database.db, DUE_TIMERS, 'two-instances-timer');
    // Every pass of either worker fires the due timers first: run both at once, three times.
    await processEmailsOnBothInstances();
    const deadline = Date.now() + 60_000;
    for (;;) {
      const [left] = await database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(emailNotifications)
        .where(and(isNull(emailNotifications.sentAt), eq(emailNotifications.emailType, DUE_REMINDER_TYPE)));
      const [unfired] = await database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(timers)
        // Only timers already due: another test's hold (D25) runs for 48 hours.
        .where(and(isNull(timers.firedAt), isNull(timers.cancelledAt), sql`${timers.dueAt} <= now()`));
      if ((left.n === 0 && unfired.n === 0) || Date.now() > deadline) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    await new Promise((r) => setTimeout(r, 500)); // a double send would arrive right after

    const fired = await database.db.select().from(timers);
    expect(fired.filter((t) => orderIds.includes(t.subjectId)).map((t) => t.attempts)).toEqual(
      Array(DUE_TIMERS).fill(1),
    );
    const queued = await database.db
      .select({ orderId: emailNotifications.orderId, sentAt: emailNotifications.sentAt })
      .from(emailNotifications)
      .where(eq(emailNotifications.emailType, DUE_REMINDER_TYPE));
    expect(queued.map((r) => r.orderId).sort()).toEqual([...orderIds].sort());
    expect(queued.every((r) => r.sentAt !== null)).toBe(true);
    const received = mailbox.messages
      .slice(before)
      .flatMap((m) => m.to)
      .filter((to) => to.startsWith('two-instances-timer-'));
    expect(received).toHaveLength(DUE_TIMERS);
    expect(new Set(received).size).toBe(DUE_TIMERS);
  });
});
