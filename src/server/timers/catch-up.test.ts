import { and, eq, isNotNull, isNull, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailNotifications, timers } from '@server/db/schema';
import { resetClock, setClock } from '@server/lib/clock';
import { createBook } from '@server/seed/factories';
import { createTestContext, type Member, type TestContext, undeclaredInput } from '@tests/support/harness';
import { advanceTestOrder, placeTestOrder } from '@tests/support/order-factories';
// After the harness: the wiring reaches route declarations, which need zod's OpenAPI extension.
import { TIMER_KINDS } from '@server/wiring';
import type { WaitlistApi } from '@server/modules/waitlist/routes';
import type { ConversationsApi } from '@server/modules/conversations/routes';
import type { ReviewsApi } from '@server/modules/reviews/routes';
import type { PaymentsApi } from '@server/modules/payments/routes';
import type { AwayApi } from '@server/modules/away/routes';

// A repeating timer armed its next run from the time it missed: after 15 days of downtime the
// admins got the payment-claim reminder 15 times per order. Every kind in the registry gets a
// subject here, the clock jumps 15 days, the worker runs: each subject's timer kind fires once
// (later reminders of a loan are recorded as skipped, D37) and sends one notice. A kind added
// to the registry without a case here fails the first test.

const DAY = 86_400_000;
const START = new Date('2026-12-02T02:00:00Z');

let ctx: TestContext;
let admin: Member;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.admin({ name: 'Catch-up Admin' });
});
afterAll(async () => {
  resetClock();
  await ctx.close();
});

const emailsTo = (to: string, type: string) =>
  ctx.db
    .select()
    .from(emailNotifications)
    .where(and(eq(emailNotifications.recipientEmail, to), like(emailNotifications.emailType, `${type}%`)));

/** Fired (not skipped) timers of a kind, per subject. */
async function firedPerSubject(prefix: string) {
  const rows = await ctx.db
    .select({ subjectId: timers.subjectId })
    .from(timers)
    .where(and(like(timers.kind, `${prefix}%`), isNotNull(timers.firedAt), isNull(timers.skippedAt)));
  const counts = new Map<string, number>();
  for (const { subjectId } of rows) counts.set(subjectId, (counts.get(subjectId) ?? 0) + 1);
  return counts;
}

describe('repeating timers catch up once after a downtime', () => {
  it('15 days without a worker: every timer kind fires once per subject and sends one notice', async () => {
    setClock(START);
    const owner = await ctx.member({ name: 'Catch-up Owner' });
    const book = () => createBook(ctx.db, { ownerId: owner.user.id, weeklyPrice: '10000' });

    // payment-window: an order waiting for payment.
    const unpaid = await placeTestOrder(ctx, { books: [await book()] });
    await advanceTestOrder(ctx, { orderId: unpaid.order.id, admin, to: 'Waiting for Payment' });
    // payment-claim reminder (D36): an order whose borrower said they paid.
    const claimed = await placeTestOrder(ctx, { books: [await book()] });
    await advanceTestOrder(ctx, { orderId: claimed.order.id, admin, to: 'Waiting for Payment' });
    const claim = await ctx.answer(
      ctx.client<PaymentsApi>(claimed.borrower.cookie).orders[':id']['payment-claim'].$post({
        param: { id: claimed.order.id },
        form: {},
      }),
    );
    expect(claim.status).toBe(200);
    // loan reminders (D22): a loan that starts now, due in a week.
    const loan = await placeTestOrder(ctx, { books: [await book()] });
    await advanceTestOrder(ctx, { orderId: loan.order.id, admin, to: 'Delivered' });
    // waitlist hold (D25): a book back on the shelf held for its waiter.
    const lent = await book();
    const lending = await placeTestOrder(ctx, { books: [lent] });
    await advanceTestOrder(ctx, { orderId: lending.order.id, admin, to: 'Processed' });
    const waiter = await ctx.member({ name: 'Catch-up Waiter' });
    expect(
      (
        await ctx.answer(
          ctx.client<WaitlistApi>(waiter.cookie).books[':id'].waitlist.$post({ param: { id: lent.id } }),
        )
      ).status,
    ).toBe(201);
    await advanceTestOrder(ctx, { orderId: lending.order.id, admin, to: 'Completed' });
    // message email (D26): a message to the owner.
    const said = await ctx.answer(
      ctx.client<ConversationsApi>(loan.borrower.cookie).orders[':id'].conversation.$post({
        param: { id: loan.order.id },
        json: { body: 'Thanks, got it.' },
      }),
    );
    expect(said.status).toBe(201);
    // review publish (D27): one side reviewed a completed order.
    const rated = await ctx.answer(
      ctx
        .client<ReviewsApi>(lending.borrower.cookie)
        .orders[':id'].reviews.$post({ param: { id: lending.order.id }, json: { rating: 5 } }),
    );
    expect(rated.status).toBe(201);
    // shipping-promise reminder (D50): a delivery order nobody priced (every other order here
    // was priced or moved on before its reminder, which then sends nothing).
    await placeTestOrder(ctx, { books: [await book()] });
    // payment notice (D42): a provider's notice is stored and processed by the worker.
    const config = ctx.deps.config.paymentProvider;
    if (!('xendit' in config)) throw new Error('the tests run the fake gateway');
    const noticed = await ctx.answer(
      ctx.client<PaymentsApi>().payments.notices.$post({
        ...undeclaredInput({ json: { event: 'qr.test', data: {} } }),

        header: { 'x-callback-token': config.xendit.callbackToken, 'webhook-id': 'wh-catch-up' },
      }),
    );
    expect(noticed.status).toBe(200);

    // owner away (D48): an owner going away in two days, back three days later (both ends armed).
    const away = await ctx.answer(
      ctx.client<AwayApi>(owner.cookie).profile.away.$put({ json: { from: '2026-12-04', to: '2026-12-06' } }),
    );
    expect(away.status).toBe(200);

    const armed = await ctx.db.select({ kind: timers.kind }).from(timers).where(isNull(timers.firedAt));
    for (const { prefix } of TIMER_KINDS) {
      expect(
        armed.some((t) => t.kind.startsWith(prefix)),
        `a case arms a ${prefix} timer`,
      ).toBe(true);
    }

    setClock(new Date(START.getTime() + 15 * DAY));
    for (let pass = 0; pass < 4; pass++) await ctx.deps.outbox.runOnce();

    for (const { prefix } of TIMER_KINDS) {
      const counts = await firedPerSubject(prefix);
      expect(counts.size, prefix).toBeGreaterThan(0);
      for (const [subject, n] of counts) expect(n, `${prefix} fired for ${subject}`).toBe(1);
    }
    // One notice each, to the one it is for.
    expect(await emailsTo(unpaid.borrower.user.email, 'order_cancelled')).toHaveLength(1);
    expect(await emailsTo(admin.user.email, 'order_payment_claim_waiting')).toHaveLength(1);
    expect(await emailsTo(loan.borrower.user.email, 'loan_reminder')).toHaveLength(1);
    // The hold's offer (sent when it was made) and its lapse, each once.
    expect(await emailsTo(waiter.user.email, 'waitlist_hold_lapsed')).toHaveLength(1);
    expect(await emailsTo(waiter.user.email, 'waitlist_hold')).toHaveLength(2);
    expect(await emailsTo(owner.user.email, 'message')).toHaveLength(1);
    expect(await emailsTo(admin.user.email, 'order_shipping_promise_due')).toHaveLength(1);

    // And the next day's worker sends the claim's next reminder once, on its rhythm.
    setClock(new Date(START.getTime() + 16 * DAY + 60_000));
    for (let pass = 0; pass < 2; pass++) await ctx.deps.outbox.runOnce();
    expect(await emailsTo(admin.user.email, 'order_payment_claim_waiting')).toHaveLength(2);
  });
});
