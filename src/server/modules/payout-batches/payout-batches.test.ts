import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { payoutBatches, payouts } from '@server/db/schema';
import { createBook } from '@server/seed/factories';
import { createTestContext, type Member, type TestContext, uncheckedInput } from '@tests/support/harness';
import { advanceTestOrder, placeTestOrder } from '@tests/support/order-factories';
import type { PayoutBatchesApi } from './routes';
import type { PaymentsApi } from '@server/modules/payments/routes';
import type { OrdersApi } from '@server/modules/orders/routes';

// Payouts in one batch (D34, D41): prepare, the bank's CSV, Mark batch paid once however often
// it is pressed, and the open batch's lines counted as paid out. The race means most on
// PostgreSQL (TEST_DATABASE_URL=postgres://... npx vitest run this file).

let ctx: TestContext;
let admin: Member;
let admin2: Member;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.admin({ name: 'Batch Admin' });
  admin2 = await ctx.admin({ name: 'Other Admin' });
});
afterAll(() => ctx.close());

// Each test starts with no open batch and nobody owed: an earlier test's batch is discarded and
// what it left payable is paid by hand.
beforeEach(async () => {
  const { open } = await batchState();
  if (open)
    await ctx.answer(
      ctx
        .client<PayoutBatchesApi>(admin.cookie)
        .admin['payout-batches'][':id'].$delete({ param: { id: open.id } }),
    );
  for (const owner of await payableOwners()) {
    const res = await ctx.answer(
      ctx.client<PaymentsApi>(admin.cookie).admin.payouts.$post({
        json: { ownerId: owner.ownerId, amount: owner.payable, paidOn: '2026-01-01', reference: 'CLEAR' },
      }),
    );
    expect(res.status).toBe(201);
  }
});

const batchState = async () =>
  (await ctx.answer(ctx.client<PayoutBatchesApi>(admin.cookie).admin['payout-batches'].$get())).body;
async function payableOwners(): Promise<Array<{ ownerId: string; payable: string }>> {
  return (
    await ctx.answer(
      ctx.client<PaymentsApi>(admin.cookie).admin.payouts.$get({ query: { ownersPageSize: '50' } }),
    )
  ).body.owners.items;
}
const prepare = (cookie = admin.cookie) =>
  ctx.answer(ctx.client<PayoutBatchesApi>(cookie).admin['payout-batches'].$post());
const markPaid = (id: string, paidOn = '2026-11-20', cookie = admin.cookie) =>
  ctx.answer(
    ctx
      .client<PayoutBatchesApi>(cookie)
      .admin['payout-batches'][':id'].paid.$post({ param: { id: id }, json: { paidOn } }),
  );
const earnings = (m: Member) => ctx.answer(ctx.client<PaymentsApi>(m.cookie).earnings.$get({ query: {} }));

/** An owner with one Completed order worth `weekly` a week (share: 90%), and bank details unless told. */
async function payableOwner(name: string, weekly: string, bank: Record<string, string> | null = null) {
  const owner = await ctx.member({ name });
  const book = await createBook(ctx.db, { ownerId: owner.user.id, weeklyPrice: weekly });
  const { order } = await placeTestOrder(ctx, { books: [book] });
  await advanceTestOrder(ctx, { orderId: order.id, admin, to: 'Completed' });
  if (bank) {
    const saved = await ctx.answer(
      ctx.client<PaymentsApi>(owner.cookie).profile['payout-details'].$put({ json: bank }),
    );
    expect(saved.status).toBe(200);
  }
  return { owner, order };
}

const bca = { bankName: 'BCA', accountName: 'Made Wirawan', accountNumber: '123-456-7890' };
const bri = { bankName: 'BRI', accountName: 'Ketut, "Buku" Sari', accountNumber: '0012 01 000123 56 7' };

describe('prepare a batch (D34)', () => {
  it('takes every payable owner with bank details for the whole balance, largest first, and leaves out the others', async () => {
    const made = await payableOwner('Made Wirawan', '20000.00', bca);
    const ketut = await payableOwner('Ketut Sari', '50000.00', bri);
    await payableOwner('Nyoman No Bank', '30000.00');
    const before = await batchState();
    expect(before.ready).toEqual({ owners: 2, total: '63000.00', withoutBankDetails: 1 });

    const res = await prepare();
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      total: '63000.00',
      lineCount: 2,
      paidOn: null,
      createdByName: 'Batch Admin',
    });
    expect(res.body.reference).toMatch(/^RKB-[0-9A-F]{8}$/);
    expect(res.body.lines).toEqual([
      {
        ownerId: ketut.owner.user.id,
        ownerName: 'Ketut Sari',
        ...bri,
        amount: '45000.00',
        reference: `${res.body.reference}-001`,
      },
      {
        ownerId: made.owner.user.id,
        ownerName: 'Made Wirawan',
        ...bca,
        amount: '18000.00',
        reference: `${res.body.reference}-002`,
      },
    ]);
    const after = await batchState();
    expect(after.open.id).toBe(res.body.id);
    // Nothing is paid until the batch is marked paid.
    expect((await earnings(made.owner)).body.totals.payable).toBe('18000.00');
  });

  it('is one open batch at a time: a second prepare is refused with 409, also when two admins press at once', async () => {
    await payableOwner('Race Owner', '10000.00', bca);
    const both = await Promise.all([prepare(admin.cookie), prepare(admin2.cookie)]);
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(both.find((r) => r.status === 409)?.body.error.code).toBe('PAYOUT_BATCH_OPEN');
    expect(await ctx.db.select().from(payoutBatches)).toHaveLength(1);
  });

  it('refuses an empty batch with 409 PAYOUT_BATCH_EMPTY when no payable owner has bank details', async () => {
    await payableOwner('Owner Without Bank', '10000.00');
    const res = await prepare();
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('PAYOUT_BATCH_EMPTY');
    expect(await ctx.db.select().from(payoutBatches)).toEqual([]);
  });
});

describe('the bulk-transfer CSV', () => {
  it('has owner, bank, account name, digits-only account number, whole-rupiah amount and reference, quoted where needed', async () => {
    await payableOwner('Made Wirawan', '20000.00', bca);
    await payableOwner('=HYPERLINK("x")', '50000.00', bri);
    const batch = (await prepare()).body;
    const res = await ctx.answer(
      ctx
        .client<PayoutBatchesApi>(admin.cookie)
        .admin['payout-batches'][':id']['transfers.csv'].$get({ param: { id: batch.id } }),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="rakbuku-payouts-${batch.reference}.csv"`,
    );
    expect(res.body).toBe(
      [
        'owner,bank,account_name,account_number,amount,reference',
        // A name that starts a spreadsheet formula is defused; quotes and commas are quoted.
        `"'=HYPERLINK(""x"")",BRI,"Ketut, ""Buku"" Sari",001201000123567,45000,${batch.reference}-001`,
        `Made Wirawan,BCA,Made Wirawan,1234567890,18000,${batch.reference}-002`,
        '',
      ].join('\r\n'),
    );
  });
});

describe('Mark batch paid (D34)', () => {
  it('records one payout per line, once: pressing it again, or two admins at once, changes nothing', async () => {
    const made = await payableOwner('Made Wirawan', '20000.00', bca);
    const ketut = await payableOwner('Ketut Sari', '50000.00', bri);
    const batch = (await prepare()).body;

    const both = await Promise.all([
      markPaid(batch.id, '2026-11-20', admin.cookie),
      markPaid(batch.id, '2026-11-20', admin2.cookie),
    ]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    expect(both[0].body).toMatchObject({ paidOn: '2026-11-20', lineCount: 2 });
    const rows = await ctx.db
      .select()
      .from(payouts)
      .where(inArray(payouts.ownerId, [made.owner.user.id, ketut.owner.user.id]));
    expect(rows.map((r) => [r.ownerName, r.amount, r.paidOn, r.reference]).sort()).toEqual([
      ['Ketut Sari', '45000.00', '2026-11-20', `${batch.reference}-001`],
      ['Made Wirawan', '18000.00', '2026-11-20', `${batch.reference}-002`],
    ]);

    const again = await markPaid(batch.id, '2026-11-21');
    expect(again.status).toBe(200);
    expect(again.body).toEqual(both[0].body);
    expect(
      await ctx.db
        .select()
        .from(payouts)
        .where(inArray(payouts.ownerId, [made.owner.user.id, ketut.owner.user.id])),
    ).toHaveLength(2);

    // Earnings shows the payout with its reference; the Payouts tab lists it and owes nothing more.
    const mine = (await earnings(made.owner)).body;
    expect(mine.totals).toMatchObject({ paid: '18000.00', payable: '0.00' });
    expect(mine.payouts.items[0]).toMatchObject({ amount: '18000.00', reference: `${batch.reference}-002` });
    expect(await payableOwners()).toEqual([]);
    const state = await batchState();
    expect(state.open).toBeNull();
    expect(state.lastPaid).toMatchObject({
      id: batch.id,
      paidOn: '2026-11-20',
      paidByName: expect.any(String),
    });
    // A new batch can be prepared again once there is something to pay.
    expect((await prepare()).body.error.code).toBe('PAYOUT_BATCH_EMPTY');
  });

  it('refuses a future date or none with 422 and an unknown batch with 404, and records nothing', async () => {
    await payableOwner('Date Owner', '10000.00', bca);
    const batch = (await prepare()).body;
    expect((await markPaid(batch.id, '2099-01-01')).status).toBe(422);
    const none = await ctx.answer(
      ctx
        .client<PayoutBatchesApi>(admin.cookie)
        .admin['payout-batches'][':id'].paid.$post({ param: { id: batch.id }, json: uncheckedInput({}) }),
    );
    expect(none.status).toBe(422);
    expect((await markPaid('00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await markPaid('not-a-uuid')).status).toBe(404);
    expect(
      await ctx.db
        .select()
        .from(payouts)
        .where(eq(payouts.reference, `${batch.reference}-001`)),
    ).toEqual([]);
  });
});

describe('an open batch counts as paid out', () => {
  it('refuses a single payout to an owner in it (409 PAYOUT_IN_OPEN_BATCH)', async () => {
    const { owner } = await payableOwner('Batched Owner', '20000.00', bca);
    await prepare();
    const res = await ctx.answer(
      ctx.client<PaymentsApi>(admin.cookie).admin.payouts.$post({
        json: { ownerId: owner.user.id, amount: '1000', paidOn: '2026-11-20', reference: 'BY-HAND' },
      }),
    );
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('PAYOUT_IN_OPEN_BATCH');
    expect(await ctx.db.select().from(payouts).where(eq(payouts.ownerId, owner.user.id))).toEqual([]);
  });

  it('keeps a batched order Completed (D41) until the batch is discarded', async () => {
    const { order } = await payableOwner('Reopened Owner', '20000.00', bca);
    const batch = (await prepare()).body;
    const back = () =>
      ctx.answer(
        ctx.client<OrdersApi>(admin.cookie).orders[':id'].actions.$post({
          param: { id: order.id },
          json: { type: 'set_status', status: 'Returning in Progress' },
        }),
      );
    const refused = await back();
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('ORDER_PAID_OUT');

    const discarded = await ctx.answer(
      ctx
        .client<PayoutBatchesApi>(admin.cookie)
        .admin['payout-batches'][':id'].$delete({ param: { id: batch.id } }),
    );
    expect(discarded.status).toBe(204);
    expect((await batchState()).open).toBeNull();
    expect((await back()).status).toBe(200);
  });

  it('a paid batch cannot be discarded (409) and its payouts stay', async () => {
    const { owner } = await payableOwner('Paid Owner', '20000.00', bca);
    const batch = (await prepare()).body;
    await markPaid(batch.id);
    const res = await ctx.answer(
      ctx
        .client<PayoutBatchesApi>(admin.cookie)
        .admin['payout-batches'][':id'].$delete({ param: { id: batch.id } }),
    );
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('PAYOUT_BATCH_PAID');
    expect(await ctx.db.select().from(payouts).where(eq(payouts.ownerId, owner.user.id))).toHaveLength(1);
  });
});
