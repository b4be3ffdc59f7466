import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emailNotifications, orderEvents } from '@server/db/schema';
import { advanceClock, now, setClock } from '@server/lib/clock';
import { createBook } from '@server/seed/factories';
import { setUpTestContext, type Member, type TestContext, uncheckedInput } from '@tests/support/harness';
import { advanceTestOrder, placeTestOrder } from '@tests/support/order-factories';
import { englishCode, englishField } from '@tests/support/texts';
import type { ReviewsApi } from './routes';
// After the harness: the API's schemas need zod's OpenAPI extension loaded first.

// D27 through the API: who may rate and when, once per side, blind until both wrote or 14 days
// passed (clock set, worker run), the admin's Hide, and a member's card (average, on-time share).

let ctx: TestContext;
let admin: Member;
const DAY = 24 * 3_600_000;
const START = new Date('2026-12-02T02:00:00Z');

setUpTestContext((made, madeAdmin) => {
  ctx = made;
  admin = madeAdmin;
});

async function completedOrder(options: { owner?: Member; borrower?: Member; lateByDays?: number } = {}) {
  const owner = options.owner ?? (await ctx.member({ name: 'Made Owner' }));
  const borrower = options.borrower ?? (await ctx.member({ name: 'Sari Borrower' }));
  const book = await createBook(ctx.db, { ownerId: owner.user.id });
  const { order } = await placeTestOrder(ctx, { borrower, books: [book] });
  await advanceTestOrder(ctx, { orderId: order.id, admin, to: 'Delivered' });
  // 1 week loan: moving the clock past the due date makes the return late.
  if (options.lateByDays) advanceClock((7 + options.lateByDays) * DAY);
  await advanceTestOrder(ctx, { orderId: order.id, admin, to: 'Completed' });
  // The database stamps an event with its own time; the return happened at the clock's time,
  // which the on-time share (D21) compares with the due date the clock set.
  await ctx.db
    .update(orderEvents)
    .set({ createdAt: now() })
    .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.toStatus, 'Returning in Progress')));
  return { owner, borrower, id: order.id };
}

const rate = (cookie: string, orderId: string, body: unknown) =>
  ctx.answer(
    ctx
      .client<ReviewsApi>(cookie)
      .orders[':id'].reviews.$post({ param: { id: orderId }, json: uncheckedInput(body) }),
  );
const view = (cookie: string, orderId: string) =>
  ctx.answer(ctx.client<ReviewsApi>(cookie).orders[':id'].reviews.$get({ param: { id: orderId } }));
/** Two passes: a pass a kick started before the clock moved is joined, not repeated. */
const runWorker = async () => {
  await ctx.deps.outbox.runOnce();
  await ctx.deps.outbox.runOnce();
};
const card = (memberId: string) =>
  ctx.answer(ctx.client<ReviewsApi>().members[':id'].reputation.$get({ param: { id: memberId } }));

describe('rating a loan (D27)', () => {
  it('is refused before Completed, to a stranger and to an admin who is not party; once per side', async () => {
    const owner = await ctx.member();
    const book = await createBook(ctx.db, { ownerId: owner.user.id });
    const { order, borrower } = await placeTestOrder(ctx, { books: [book] });
    await advanceTestOrder(ctx, { orderId: order.id, admin, to: 'Delivered' });
    const early = await rate(borrower.cookie, order.id, { rating: 5 });
    expect(early.status).toBe(409);
    expect(early.body.error.message).toBe(englishCode('REVIEW_NOT_COMPLETED'));

    const { id, borrower: b2 } = await completedOrder();
    const stranger = await ctx.member();
    const refused = await rate(stranger.cookie, id, { rating: 1, body: 'Never met them' });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe(englishCode('REVIEW_NOT_PARTY'));
    expect((await rate(admin.cookie, id, { rating: 1 })).status).toBe(403);
    expect((await view(stranger.cookie, id)).status).toBe(403);

    expect((await rate(b2.cookie, id, { rating: 5, body: 'Lovely books' })).status).toBe(201);
    const again = await rate(b2.cookie, id, { rating: 1 });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(englishCode('REVIEW_ALREADY_WRITTEN'));
    expect((await view(b2.cookie, id)).body.mine).toMatchObject({ rating: 5, body: 'Lovely books' });
  });

  it('checks the stars and the text', async () => {
    const { id, borrower } = await completedOrder();
    for (const rating of [0, 6, 2.5, '5', undefined]) {
      const res = await rate(borrower.cookie, id, { rating });
      expect(res.status).toBe(422);
      expect(res.body.error.message).toBe(englishField('ratingRequired'));
    }
    const long = await rate(borrower.cookie, id, { rating: 4, body: 'x'.repeat(1001) });
    expect(long.status).toBe(422);
    expect(long.body.error.message).toBe('A review can be at most 1,000 characters.');
    // Text is optional; markup is kept as written (the page shows it as text).
    const ok = await rate(borrower.cookie, id, { rating: 4, body: '<script>alert(1)</script> **ok**' });
    expect(ok.status).toBe(201);
    expect(ok.body.mine.body).toBe('<script>alert(1)</script> **ok**');
  });

  it('stays hidden from the other side until both wrote, then both are published', async () => {
    const { id, borrower, owner } = await completedOrder();
    await rate(borrower.cookie, id, { rating: 5, body: 'Great owner' });
    const ownerSees = await view(owner.cookie, id);
    expect(ownerSees.body).toMatchObject({
      side: 'owner',
      canReview: true,
      theirs: null,
      theirsWaiting: true,
    });
    expect(JSON.stringify(ownerSees.body)).not.toContain('Great owner');
    expect((await card(owner.user.id)).body).toMatchObject({ average: null, count: 0 });
    // Admins see both, published or not.
    expect((await view(admin.cookie, id)).body.mine).toMatchObject({
      body: 'Great owner',
      publishedAt: null,
    });

    await rate(owner.cookie, id, { rating: 4, body: 'Careful borrower' });
    const after = await view(borrower.cookie, id);
    expect(after.body.theirs).toMatchObject({ rating: 4, body: 'Careful borrower', side: 'owner' });
    expect(after.body.mine.publishedAt).not.toBeNull();
    expect((await view(owner.cookie, id)).body.theirs).toMatchObject({ rating: 5, body: 'Great owner' });
  });

  it('is published 14 days after the first review when the other side never writes', async () => {
    setClock(START);
    const { id, borrower, owner } = await completedOrder();
    await rate(borrower.cookie, id, { rating: 3 });
    advanceClock(14 * DAY - 60_000);
    await runWorker();
    expect((await view(owner.cookie, id)).body.theirs).toBeNull();
    advanceClock(60_000);
    await runWorker();
    const published = await view(owner.cookie, id);
    expect(published.body.theirs).toMatchObject({ rating: 3 });
    expect((await card(owner.user.id)).body).toMatchObject({ average: 3, count: 1 });
    // The owner may still write theirs; it is published at once.
    await rate(owner.cookie, id, { rating: 5 });
    expect((await card(borrower.user.id)).body).toMatchObject({ average: 5, count: 1 });
  });

  it('the completion email asks both sides to rate the loan, with the order link', async () => {
    const { id, borrower, owner } = await completedOrder();
    const mails = await ctx.db
      .select()
      .from(emailNotifications)
      .where(and(eq(emailNotifications.orderId, id), eq(emailNotifications.emailType, 'order_completed')));
    for (const member of [borrower, owner]) {
      const mail = mails.find((m) => m.recipientEmail === member.user.email)!;
      expect(mail.textBody).toContain('Rate this loan: give ');
      expect(mail.textBody).toContain(`Rate this loan: ${ctx.config.appUrl}/orders/${id}`);
    }
  });
});

describe("a member's card (D27)", () => {
  it('averages published, not hidden reviews; counts loans completed and the share returned on time', async () => {
    setClock(START);
    const owner = await ctx.member({ name: 'Ketut Owner' });
    const borrower = await ctx.member({ name: 'Ayu Borrower' });
    const onTime = await completedOrder({ owner, borrower });
    const late = await completedOrder({ owner, borrower, lateByDays: 3 });
    const third = await completedOrder({ owner, borrower });
    expect((await card(owner.user.id)).body).toEqual({
      average: null,
      count: 0,
      loansCompleted: 0,
      onTimeShare: null,
    });

    for (const [order, rating] of [
      [onTime, 5],
      [late, 4],
      [third, 1],
    ] as const) {
      await rate(borrower.cookie, order.id, { rating });
      await rate(owner.cookie, order.id, { rating: 3 });
    }
    expect((await card(owner.user.id)).body).toMatchObject({ average: 3.3, count: 3 });

    // The admin hides the 1-star review: kept, shown as hidden to admins, out of the average.
    const list = await ctx.answer(ctx.client<ReviewsApi>(admin.cookie).admin.reviews.$get({ query: {} }));
    const abusive = list.body.items.find(
      (r: { orderId: string; side: string }) => r.orderId === third.id && r.side === 'borrower',
    );
    const hidden = await ctx.answer(
      ctx
        .client<ReviewsApi>(admin.cookie)
        .admin.reviews[':id'].hide.$post({ param: { id: abusive?.id ?? '' } }),
    );
    expect(hidden.status).toBe(200);
    expect(hidden.body.hidden).toBe(true);
    expect((await card(owner.user.id)).body).toMatchObject({ average: 4.5, count: 2 });
    expect((await view(owner.cookie, third.id)).body.theirs).toBeNull();
    expect((await view(admin.cookie, third.id)).body.mine).toMatchObject({ hidden: true, rating: 1 });

    // Borrowed three times, one returned 3 days late.
    const borrowerCard = (await card(borrower.user.id)).body;
    expect(borrowerCard).toMatchObject({ average: 3, count: 3, loansCompleted: 3 });
    expect(borrowerCard.onTimeShare).toBeCloseTo(2 / 3);
  });
});
