import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney, toMinor } from '@domain/money';
import {
  emailNotifications,
  orderEvents,
  orders,
  paymentNotices,
  payments,
  paymentTasks,
  timers,
} from '@server/db/schema';
import { resetClock, setClock } from '@server/lib/clock';
import { createBook } from '@server/seed/factories';
import { createTestContext, type Member, type TestContext } from '@tests/support/harness';
import { advanceTestOrder, placeTestOrder } from '@tests/support/order-factories';
import { type SampleLayout, sampleStatement } from '@tests/support/statements';
import type { FinanceApi } from '@server/modules/finance/routes';
import type { PaymentsApi } from './routes';

// D42's statement adapter (PAYMENT_PROVIDER=statement): each payable order asks for a unique
// amount, its total minus a code of 1-999 rupiah (D43); an admin uploads the bank's statement and
// each credit line of exactly that amount pays the order through the same steps as a gateway
// payment, with the system as actor. Late, doubled, ambiguous and unknown money becomes a payment
// task (D44); a statement uploaded again changes nothing; a file that does not read is refused
// whole, naming its line.

const START = new Date('2026-12-02T02:00:00Z');
const TODAY = '2026-12-02';

let ctx: TestContext;
let admin: Member;
beforeAll(async () => {
  ctx = await createTestContext({ PAYMENT_PROVIDER: 'statement' });
  admin = await ctx.admin({ name: 'Statement Admin' });
});
afterEach(() => resetClock());
afterAll(() => ctx.close());

const orderRow = async (id: string) => (await ctx.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const statementPayments = (orderId: string) =>
  ctx.db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.provider, 'statement')));
const tasksOf = (orderId: string) =>
  ctx.db.select().from(paymentTasks).where(eq(paymentTasks.orderId, orderId));
const emailsOf = (orderId: string, type: string) =>
  ctx.db
    .select()
    .from(emailNotifications)
    .where(and(eq(emailNotifications.orderId, orderId), eq(emailNotifications.emailType, type)));
const statementLines = () =>
  ctx.db.select().from(paymentNotices).where(eq(paymentNotices.provider, 'statement'));
const allTasks = () => ctx.db.select().from(paymentTasks);

function upload(cookie: string | undefined, csv: string | null) {
  const form = csv === null ? {} : { statement: new File([csv], 'statement.csv', { type: 'text/csv' }) };
  return ctx.answer(ctx.client<FinanceApi>(cookie).admin['payment-statements'].$post({ form }));
}
const codeOf = (res: { body: unknown }) => (res.body as { error: { code: string } }).error.code;

/** A pickup order of one book at `weeklyPrice`, payable at once, with its unique amount. */
async function payableOrder(weeklyPrice = '15000.00') {
  setClock(START);
  const owner = await ctx.member({ name: 'Statement Owner' });
  const borrower = await ctx.member({ name: 'Statement Borrower' });
  const book = await createBook(ctx.db, { ownerId: owner.user.id, weeklyPrice });
  const placed = await placeTestOrder(ctx, { books: [book], borrower, deliveryMethod: 'pickup' });
  const orderId = placed.order.id;
  const [payment] = await statementPayments(orderId);
  expect(payment?.status).toBe('pending');
  return { orderId, borrower, owner, amount: toMinor(payment!.amount) / 100, payment: payment! };
}

describe('unique amounts (D43)', () => {
  it('an order entering Waiting for Payment asks for its total minus a code of 1-999, on its page and in its payment email', async () => {
    const { orderId, borrower, amount, payment } = await payableOrder();
    const order = await orderRow(orderId);
    const total = toMinor(order.total!) / 100;
    const code = total - amount;
    expect(code).toBeGreaterThanOrEqual(1);
    expect(code).toBeLessThanOrEqual(999);
    // The platform's share bears the code: it is the payment's fee (D43).
    expect(toMinor(payment.fee!)).toBe(code * 100);

    const money = await ctx.answer(
      ctx.client<PaymentsApi>(borrower.cookie).orders[':id'].money.$get({ param: { id: orderId } }),
    );
    expect(money.status).toBe(200);
    expect(money.body.payment?.transfer).toEqual({ amount: payment.amount, code: payment.fee });

    const [email] = await emailsOf(orderId, 'order_shipping_cost_set');
    expect(email?.textBody).toContain(`Please transfer exactly ${formatMoney(amount)}`);
    expect(email?.textBody).toContain(`your total minus ${formatMoney(code)}`);
  });

  it('two orders with equal totals ask for different amounts; the database refuses a second open payment of one amount', async () => {
    const first = await payableOrder('21000.00');
    const second = await payableOrder('21000.00');
    expect((await orderRow(first.orderId)).total).toBe((await orderRow(second.orderId)).total);
    expect(first.amount).not.toBe(second.amount);
    await expect(
      ctx.db.update(payments).set({ amount: first.payment.amount }).where(eq(payments.id, second.payment.id)),
    ).rejects.toThrow();
  });
});

describe('matching a statement', () => {
  it('a line of exactly one order’s amount pays that order only, as a confirmed payment by the system', async () => {
    const first = await payableOrder('22000.00');
    const second = await payableOrder('22000.00');
    const res = await upload(
      admin.cookie,
      sampleStatement('generic', [{ date: TODAY, description: 'TRF BUDI', amount: first.amount }]),
    );
    expect(res.status).toBe(200);
    expect(res.body.lines).toMatchObject([
      {
        outcome: 'matched',
        amount: `${first.amount}.00`,
        orders: [{ id: first.orderId, status: 'Processed' }],
      },
    ]);
    const paid = await orderRow(first.orderId);
    expect(paid.status).toBe('Processed');
    expect(paid.paymentReceivedAmount).toBe(`${first.amount}.00`);
    expect(paid.paymentBankReference).toBe(`${TODAY} TRF BUDI`);
    expect((await orderRow(second.orderId)).status).toBe('Waiting for Payment');
    // The same event, emails and timer as a gateway payment or an admin's Confirm Payment.
    const events = await ctx.db.select().from(orderEvents).where(eq(orderEvents.orderId, first.orderId));
    // Found by its content: rows sharing a created_at come back in no set order.
    expect(events).toContainEqual(
      expect.objectContaining({ action: 'confirm_payment', actorRole: 'system', toStatus: 'Processed' }),
    );
    expect(await emailsOf(first.orderId, 'order_payment_confirmed')).not.toHaveLength(0);
    const windows = await ctx.db
      .select()
      .from(timers)
      .where(and(eq(timers.subjectId, first.orderId), eq(timers.kind, 'payment_window')));
    expect(windows.every((t) => t.firedAt !== null || t.cancelledAt !== null)).toBe(true);
    expect((await statementPayments(first.orderId))[0]?.status).toBe('paid');
    expect(await tasksOf(first.orderId)).toHaveLength(0);
  });

  it.each(['bca', 'mandiri', 'bni', 'bri'] as SampleLayout[])(
    'reads %s’s export and pays the order its credit names',
    async (layout) => {
      const { orderId, amount } = await payableOrder('23000.00');
      const res = await upload(
        admin.cookie,
        sampleStatement(layout, [{ date: TODAY, description: 'WAYAN SARI', amount }]),
      );
      expect(res.status).toBe(200);
      expect(res.body.layout).toBe(layout);
      // Only the credit: the debit (and BCA's pending line) are not read.
      expect(res.body.lines.map((l) => l.outcome)).toEqual(['matched']);
      expect((await orderRow(orderId)).status).toBe('Processed');
    },
  );

  it('duplicates inside a file: the first pays the order, the second is a second payment; uploading again, or an overlapping statement, changes nothing more', async () => {
    const { orderId, amount } = await payableOrder('24000.00');
    const line = { date: TODAY, description: 'KETUT', amount };
    const csv = sampleStatement('generic', [line, line]);
    const res = await upload(admin.cookie, csv);
    expect(res.body.lines.map((l) => l.outcome)).toEqual(['matched', 'second_payment']);
    expect((await tasksOf(orderId)).map((t) => t.kind)).toEqual(['second_payment']);

    const linesBefore = (await statementLines()).length;
    const tasksBefore = (await allTasks()).length;
    const eventsBefore = (await ctx.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)))
      .length;
    const again = await upload(admin.cookie, csv);
    expect(again.status).toBe(200);
    expect(again.body.lines.map((l) => [l.outcome, l.orders.map((o) => o.id)])).toEqual([
      ['already_imported', [orderId]],
      ['already_imported', [orderId]],
    ]);
    expect(await statementLines()).toHaveLength(linesBefore);
    expect(await allTasks()).toHaveLength(tasksBefore);
    expect(await ctx.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId))).toHaveLength(
      eventsBefore,
    );

    // An overlapping statement: its old lines are known, its new line is read.
    const overlapping = sampleStatement('generic', [
      line,
      line,
      { date: '2026-12-03', description: 'NOBODY', amount: 777 },
    ]);
    const next = await upload(admin.cookie, overlapping);
    expect(next.body.lines.map((l) => l.outcome)).toEqual([
      'already_imported',
      'already_imported',
      'unmatched',
    ]);
    expect(await allTasks()).toHaveLength(tasksBefore + 1);
  });

  it('a line for an order already cancelled becomes a late task; the order stays cancelled', async () => {
    const { orderId, amount } = await payableOrder('25000.00');
    await advanceTestOrder(ctx, { orderId, admin, to: 'Cancelled' });
    expect((await statementPayments(orderId))[0]?.status).toBe('expired');
    const res = await upload(
      admin.cookie,
      sampleStatement('generic', [{ date: TODAY, description: 'LATE', amount }]),
    );
    expect(res.body.lines).toMatchObject([
      { outcome: 'late', orders: [{ id: orderId, status: 'Cancelled' }] },
    ]);
    expect((await orderRow(orderId)).status).toBe('Cancelled');
    const [task] = await tasksOf(orderId);
    expect(task).toMatchObject({ kind: 'late', amount: `${amount}.00`, resolvedAt: null });
    // It is listed on the Payment tasks tab, where Revive and Refund resolve it (D44).
    const list = await ctx.answer(
      ctx.client<FinanceApi>(admin.cookie).admin['payment-tasks'].$get({ query: {} }),
    );
    expect(list.body.items.find((t) => t.id === task!.id)?.actions).toEqual(['refund', 'revive', 'dismiss']);
  });

  it('a line two orders could have asked for (an open one and a cancelled one) pays neither and is an ambiguous task', async () => {
    const lapsed = await payableOrder('26000.00');
    await advanceTestOrder(ctx, { orderId: lapsed.orderId, admin, to: 'Cancelled' });
    const open = await payableOrder('26000.00');
    // The cancelled order's amount was freed; here the open order happens to be asked for it.
    await ctx.db
      .update(payments)
      .set({ amount: lapsed.payment.amount })
      .where(eq(payments.id, open.payment.id));
    const res = await upload(
      admin.cookie,
      sampleStatement('generic', [{ date: TODAY, description: 'WHICH', amount: lapsed.amount }]),
    );
    expect(res.body.lines[0]?.outcome).toBe('ambiguous');
    expect(res.body.lines[0]?.orders.map((o) => o.id).sort()).toEqual([lapsed.orderId, open.orderId].sort());
    expect((await orderRow(open.orderId)).status).toBe('Waiting for Payment');
    expect((await orderRow(lapsed.orderId)).status).toBe('Cancelled');
    const ambiguous = (await allTasks()).filter((t) => t.kind === 'ambiguous');
    expect(ambiguous).toHaveLength(1);
    expect(ambiguous[0]).toMatchObject({ orderId: null, amount: `${lapsed.amount}.00` });
  });
});

describe('refusals', () => {
  it('a malformed file is refused naming its line, and nothing changes', async () => {
    const { orderId, amount } = await payableOrder('27000.00');
    const linesBefore = (await statementLines()).length;
    const csv = ['date,description,amount', `${TODAY},GOOD,${amount}`, '31/02/2026,BAD,15000'].join('\n');
    const res = await upload(admin.cookie, csv);
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({
      error: { code: 'STATEMENT_BAD_DATE', params: { line: '3', value: '31/02/2026' } },
    });
    expect((res.body as unknown as { error: { message: string } }).error.message).toContain('Line 3');
    expect((await orderRow(orderId)).status).toBe('Waiting for Payment');
    expect(await statementLines()).toHaveLength(linesBefore);

    expect(codeOf(await upload(admin.cookie, 'name,total\nx,1\n'))).toBe('STATEMENT_NOT_RECOGNISED');
    expect(codeOf(await upload(admin.cookie, null))).toBe('STATEMENT_FILE_REQUIRED');
  });

  it('only admins upload: a guest 401, a member 403, and nothing changes', async () => {
    const { orderId, amount, borrower } = await payableOrder('28000.00');
    const csv = sampleStatement('generic', [{ date: TODAY, description: 'MINE', amount }]);
    expect((await upload(undefined, csv)).status).toBe(401);
    const member = await upload(borrower.cookie, csv);
    expect(member.status).toBe(403);
    expect(codeOf(member)).toBe('ADMIN_ONLY');
    expect((await orderRow(orderId)).status).toBe('Waiting for Payment');
  });
});
