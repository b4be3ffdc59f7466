import sharp from 'sharp';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MAX_WANTED } from '@domain/constants';
import { emailNotifications, wantedBooks, waitlistEntries } from '@server/db/schema';
import { advanceClock, resetClock, setClock } from '@server/lib/clock';
import { createBook } from '@server/seed/factories';
import { createTestContext, type Member, type TestContext, undeclaredInput } from '@tests/support/harness';
import { advanceTestOrder, placeTestOrder } from '@tests/support/order-factories';
import { englishCode, englishField } from '@tests/support/texts';
import type { WantedApi } from './routes';
import type { BooksApi } from '@server/modules/books/routes';
import type { WaitlistApi } from '@server/modules/waitlist/routes';

// Wanted books (D47): the list and its rules, and the notice once per matching book when it is
// listed, comes back to the shop, or leaves a hold nobody took; a checkout ends the entry.

let ctx: TestContext;
let admin: Member;
let photo: Buffer;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.admin();
  photo = await sharp({ create: { width: 60, height: 90, channels: 3, background: '#0f766e' } })
    .jpeg()
    .toBuffer();
});
afterAll(() => ctx.close());
afterEach(() => resetClock());

const want = (member: Member, body: Record<string, unknown>) =>
  ctx.answer(ctx.client<WantedApi>(member.cookie).wanted.$post({ json: body }));
const mine = async (member: Member) =>
  (await ctx.answer(ctx.client<WantedApi>(member.cookie).wanted.$get())).body;

/** The owner lists a book through the API, as the upload form does. */
async function list(owner: Member, fields: Record<string, string>) {
  const data = new FormData();
  for (const [k, v] of Object.entries({ weeklyPrice: '10000', ...fields })) data.append(k, v);
  data.append('cover', new File([new Uint8Array(photo)], 'cover.jpg', { type: 'image/jpeg' }));
  const res = await ctx.answer(
    ctx.client<BooksApi>(owner.cookie).books.$post({ ...undeclaredInput({ form: data }) }),
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string };
}

async function runWorker(times = 3) {
  for (let i = 0; i < times; i++) await ctx.deps.outbox.runOnce();
}

const wantedEmails = (to: string) =>
  ctx.db
    .select()
    .from(emailNotifications)
    .where(
      and(eq(emailNotifications.recipientEmail, to), eq(emailNotifications.emailType, 'wanted_available')),
    );

describe('the wanted list (D47)', () => {
  it('keeps a title with or without its author, or an ISBN as ISBN-13; refuses what it cannot match', async () => {
    const m = await ctx.member();
    const byTitle = await want(m, { title: '  Bumi Manusia ', author: 'Pramoedya Ananta Toer' });
    expect(byTitle.status).toBe(201);
    expect(byTitle.body).toMatchObject({
      title: 'Bumi Manusia',
      author: 'Pramoedya Ananta Toer',
      isbn: null,
    });
    const byIsbn = await want(m, { isbn: '0-306-40615-2' });
    expect(byIsbn.status).toBe(201);
    expect(byIsbn.body).toMatchObject({ isbn: '9780306406157', title: null });

    const nothing = await want(m, { title: '  ', author: 'Someone' });
    expect(nothing.status).toBe(422);
    expect(nothing.body.error.message).toBe(englishField('wantedTitleOrIsbn'));
    const badIsbn = await want(m, { isbn: '12345' });
    expect(badIsbn.status).toBe(422);
    expect(badIsbn.body.error.message).toBe(englishField('isbnInvalid'));
    // The same title (any case or accents) and author, or the same ISBN, is there already.
    expect((await want(m, { title: 'BUMI MANUSIA', author: 'pramoedya ananta toer' })).body.error.code).toBe(
      'WANTED_ALREADY',
    );
    expect((await want(m, { isbn: '978-0-306-40615-7' })).status).toBe(409);
    expect((await mine(m)).items.map((w: { title: string | null }) => w.title)).toEqual([
      null,
      'Bumi Manusia',
    ]);
  });

  it(`keeps at most ${MAX_WANTED}; removing one makes room; another member's entry is not found`, async () => {
    const m = await ctx.member();
    await ctx.db
      .insert(wantedBooks)
      .values(Array.from({ length: MAX_WANTED }, (_, i) => ({ userId: m.user.id, title: `Title ${i}` })));
    const over = await want(m, { title: 'One too many' });
    expect(over.status).toBe(422);
    expect(over.body.error).toMatchObject({
      code: 'WANTED_LIMIT',
      message: englishCode('WANTED_LIMIT', { max: 50 }),
    });
    const first = (await mine(m)).items[0].id;
    const other = await ctx.member();
    const foreign = await ctx.answer(
      ctx.client<WantedApi>(other.cookie).wanted[':id'].$delete({ param: { id: first } }),
    );
    expect(foreign.status).toBe(404);
    expect((await mine(m)).items).toHaveLength(MAX_WANTED);
    const removed = await ctx.answer(
      ctx.client<WantedApi>(m.cookie).wanted[':id'].$delete({ param: { id: first } }),
    );
    expect(removed.status).toBe(200);
    expect(removed.body.items).toHaveLength(MAX_WANTED - 1);
    expect((await want(m, { title: 'Now it fits' })).status).toBe(201);
  });
});

describe('the notice (D47)', () => {
  it('a listed copy tells each wanter once, by title (case and accents aside) or ISBN; never the owner', async () => {
    const wanter = await ctx.member({ name: 'Wira Wants' });
    const byIsbn = await ctx.member();
    const owner = await ctx.member({ name: 'Ayu Lists' });
    await want(wanter, { title: 'Cien Años de Soledad' });
    await want(byIsbn, { isbn: '9780306406157' });
    await want(owner, { title: 'Cien anos de soledad' });

    const book = await list(owner, {
      title: 'cien años de soledad',
      author: 'Gabriel García Márquez',
      isbn: '9780306406157',
    });
    await runWorker();
    const [mail] = await wantedEmails(wanter.user.email);
    expect(mail.subject).toBe('A book you want can be borrowed: "cien años de soledad"');
    expect(mail.textBody).toContain('Hi Wira Wants');
    expect(mail.textBody).toContain('It matches "Cien Años de Soledad" on your wanted list.');
    expect(mail.textBody).toContain(`/books/${book.id}`);
    expect(await wantedEmails(byIsbn.user.email)).toHaveLength(1);
    expect(await wantedEmails(owner.user.email)).toHaveLength(0);

    // A second copy is news again; the same copy coming back is not.
    await list(owner, { title: 'Cien años de soledad', author: 'Gabriel García Márquez' });
    await runWorker();
    expect(await wantedEmails(wanter.user.email)).toHaveLength(2);
    // A title and author given: another author's book of that title is not it.
    const picky = await ctx.member();
    await want(picky, { title: 'Circe', author: 'Madeline Miller' });
    await list(owner, { title: 'Circe', author: 'Someone Else' });
    await runWorker();
    expect(await wantedEmails(picky.user.email)).toHaveLength(0);
  });

  it('a book back in the shop tells its wanters once; a hold for a waiter tells nobody until it lapses', async () => {
    setClock(new Date('2026-12-02T02:00:00Z'));
    const owner = await ctx.member();
    const book = await createBook(ctx.db, {
      ownerId: owner.user.id,
      title: 'Ronggeng Dukuh Paruk',
      author: 'Ahmad Tohari',
    });
    const loan = await placeTestOrder(ctx, { books: [book] });
    await advanceTestOrder(ctx, { orderId: loan.order.id, admin, to: 'Processed' });
    const wanter = await ctx.member();
    await want(wanter, { title: 'Ronggeng Dukuh Paruk' });
    const waiter = await ctx.member();
    expect(
      (
        await ctx.answer(
          ctx.client<WaitlistApi>(waiter.cookie).books[':id'].waitlist.$post({ param: { id: book.id } }),
        )
      ).status,
    ).toBe(201);

    // Back from the loan: held for the waiter, not the wanter's news yet.
    await advanceTestOrder(ctx, { orderId: loan.order.id, admin, to: 'Completed' });
    await runWorker();
    expect(await wantedEmails(wanter.user.email)).toHaveLength(0);
    expect(
      await ctx.db.select().from(waitlistEntries).where(eq(waitlistEntries.bookId, book.id)),
    ).toHaveLength(1);

    // The hold lapses with nobody else in line: back in the shop, and the wanter hears of it once.
    advanceClock(48 * 60 * 60 * 1000);
    await runWorker();
    expect(await wantedEmails(wanter.user.email)).toHaveLength(1);

    // Lent and back again: the same copy is not news twice.
    const again = await placeTestOrder(ctx, { books: [book] });
    await advanceTestOrder(ctx, { orderId: again.order.id, admin, to: 'Completed' });
    await runWorker();
    expect(await wantedEmails(wanter.user.email)).toHaveLength(1);
  });

  it("a matching book's order, once paid, ends the borrower's wanted entry, and only theirs", async () => {
    const owner = await ctx.member();
    const wanter = await ctx.member();
    const other = await ctx.member();
    await want(wanter, { title: 'Laut Bercerita', author: 'Leila S. Chudori' });
    await want(wanter, { title: 'Something Else' });
    await want(other, { title: 'laut bercerita' });
    const book = await createBook(ctx.db, {
      ownerId: owner.user.id,
      title: 'Laut Bercerita',
      author: 'Leila S. Chudori',
    });
    const placed = await placeTestOrder(ctx, { borrower: wanter, books: [book] });
    // Placed, not yet paid: nothing borrowed yet.
    expect((await mine(wanter)).items).toHaveLength(2);
    await advanceTestOrder(ctx, { orderId: placed.order.id, admin, to: 'Processed' });
    expect((await mine(wanter)).items.map((w: { title: string }) => w.title)).toEqual(['Something Else']);
    expect((await mine(other)).items).toHaveLength(1);
  });
});
