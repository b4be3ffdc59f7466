import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromMinor, toMinor } from '@domain/money';
import type { OrderStatus } from '@domain/constants';
import { orders, payouts } from '@server/db/schema';
import { createUser } from '@server/seed/factories';
import { walkPages } from '@tests/support/paging';
import { createTestContext, type Member, type TestContext } from '@tests/support/harness';
import type { PaymentsApi } from './routes';

// The owner's payouts on Earnings and the admin's owners with a payable balance page by keyset
// (docs/architecture.md, "Lists at scale"): each answer is one bounded page, walking forward or
// back reaches every row once, and a row written between two pages neither repeats nor hides
// another. The payable balance is the completed shares less the payouts (D34), as the triggers
// of migration 0022 keep it.

let ctx: TestContext;
let admin: Member;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.admin({ name: 'Paging Admin' });
});
afterAll(() => ctx.close());

interface OwnerRow {
  ownerId: string;
  name: string;
  pending: string;
  earned: string;
  paid: string;
  payable: string;
}

const earnings = (cookie: string, query: { pageSize?: string; cursor?: string; payoutsCursor?: string }) =>
  ctx.answer(ctx.client<PaymentsApi>(cookie).earnings.$get({ query }));
const adminPayouts = (query: { pageSize?: string; ownersPageSize?: string; ownersCursor?: string }) =>
  ctx.answer(ctx.client<PaymentsApi>(admin.cookie).admin.payouts.$get({ query }));

async function payout(ownerId: string, ownerName: string, amount: string, paidOn: string, reference: string) {
  const [row] = await ctx.db
    .insert(payouts)
    .values({
      ownerId,
      ownerName,
      amount,
      paidOn,
      reference,
      recordedById: admin.user.id,
      recordedByName: admin.user.name,
    })
    .returning();
  return row;
}

/** An order straight into the table: its owner, status and share are all the balance reads. */
async function order(
  owner: { id: string; name: string },
  status: OrderStatus,
  subtotal: string,
  share: string | null,
) {
  await ctx.db.insert(orders).values({
    userName: 'A Borrower',
    userEmail: 'borrower@example.com',
    ownerId: owner.id,
    ownerName: owner.name,
    status,
    borrowDuration: 1,
    subtotal,
    ownerShare: share,
    serviceFee: share === null ? null : fromMinor(toMinor(subtotal) - toMinor(share)),
  });
}

describe('Earnings: the owner’s payouts', () => {
  let owner: Member;
  const payoutsPage = (cursor: string | undefined, pageSize = 2) =>
    earnings(owner.cookie, { pageSize: String(pageSize), ...(cursor ? { payoutsCursor: cursor } : {}) });
  const read = async (cursor: string | undefined) => {
    const res = await payoutsPage(cursor);
    expect(res.status).toBe(200);
    return res.body.payouts;
  };

  beforeAll(async () => {
    owner = await ctx.member({ name: 'Paid Out Owner' });
    // Earned exactly what the payouts below (and the one between two pages) pay: payouts never
    // exceed the earnings, and this owner is owed nothing among the owners further down.
    await order({ id: owner.user.id, name: owner.user.name }, 'Completed', '6500.00', '6500.00');
    // Six payouts over four days, two pairs on one day each: the id breaks the tie.
    const days = ['2026-03-01', '2026-03-02', '2026-03-02', '2026-03-03', '2026-03-04', '2026-03-04'];
    for (const [i, day] of days.entries()) {
      await payout(owner.user.id, owner.user.name, '1000.00', day, `OWN-${i}`);
    }
    // Someone else's payout is never among them.
    const other = await createUser(ctx.db, { name: 'Someone Else' });
    await payout(other.id, other.name, '5000.00', '2026-03-05', 'OTHER');
  });

  it('pages forward and back, newest day first, each payout once, never more than a page', async () => {
    const forward = await walkPages(read, { pageSize: 2 });
    expect(forward.map((p) => p.length)).toEqual([2, 2, 2]);
    const seen = forward.flat();
    expect(new Set(seen.map((p) => p.id)).size).toBe(6);
    expect(seen.map((p) => p.reference)).not.toContain('OTHER');
    // Newest day first; on one day the larger id first.
    const sorted = [...seen].sort((a, b) => b.paidOn.localeCompare(a.paidOn) || b.id.localeCompare(a.id));
    expect(seen.map((p) => p.id)).toEqual(sorted.map((p) => p.id));
    const first = await read(undefined);
    expect(first.total).toBe(6);
    expect(first.prevCursor).toBeNull();
    // From the oldest page back to the newest: the same pages in turn.
    const back = await walkPages(read, { pageSize: 2, direction: 'prevCursor', start: 'last' });
    expect(back.reverse()).toEqual(forward);
  });

  it('neither repeats nor skips a payout when one is recorded between two pages', async () => {
    const first = await read(undefined);
    await payout(owner.user.id, owner.user.name, '500.00', '2026-03-06', 'BETWEEN');
    const rest = await walkPages(read, { pageSize: 2, start: first.nextCursor ?? undefined });
    const ids = [...first.items, ...rest.flat()].map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toHaveLength(6);
    // It is on the first page now.
    expect((await read(undefined)).items[0].reference).toBe('BETWEEN');
  });

  it('keeps the orders’ cursor and the payouts’ cursor apart', async () => {
    const first = await read(undefined);
    const second = await payoutsPage(first.nextCursor ?? undefined);
    expect(second.body.orders.prevCursor).toBeNull();
    expect(second.body.payouts.prevCursor).not.toBeNull();
    // A payouts cursor is not an orders cursor, and the reverse.
    const asOrders = await earnings(owner.cookie, { cursor: first.nextCursor ?? '' });
    expect(asOrders.status).toBe(400);
    expect(asOrders.body.error.code).toBe('INVALID_CURSOR');
    const history = await adminPayouts({ pageSize: '1' });
    for (const cursor of ['garbage', history.body.history.nextCursor ?? '']) {
      const res = await earnings(owner.cookie, { payoutsCursor: cursor });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('INVALID_CURSOR');
    }
  });
});

describe('Admin Payouts: the owners with a payable balance', () => {
  const ownersPage = (cursor: string | undefined, size = 2) =>
    adminPayouts({ ownersPageSize: String(size), ...(cursor ? { ownersCursor: cursor } : {}) });
  const read = async (cursor: string | undefined) => {
    const res = await ownersPage(cursor);
    expect(res.status).toBe(200);
    return res.body.owners;
  };
  const names = (rows: OwnerRow[]) => rows.map((r) => r.name);
  const fee = () => ctx.config.serviceFeePercent;
  let tied: string[];

  beforeAll(async () => {
    const owner = (name: string) => createUser(ctx.db, { name });
    const a = await owner('Owner A');
    await order(a, 'Completed', '60000.00', '50000.00');
    await order(a, 'Completed', '40000.00', '30000.00');
    await order(a, 'Delivered', '20000.00', '15000.00');
    await order(a, 'Cancelled', '99000.00', '90000.00');
    await payout(a.id, a.name, '20000.00', '2026-03-01', 'A-1');
    // A row from before shares were stored: its share is the subtotal less the fee.
    const b = await owner('Owner B');
    await order(b, 'Completed', '100000.00', null);
    // Paid in full: nothing payable.
    const c = await owner('Owner C');
    await order(c, 'Completed', '40000.00', '40000.00');
    await payout(c.id, c.name, '25000.00', '2026-03-01', 'C-1');
    await payout(c.id, c.name, '15000.00', '2026-03-02', 'C-2');
    // Only an open order: pending, not payable.
    const d = await owner('Owner D');
    await order(d, 'Waiting for Payment', '80000.00', '70000.00');
    // The same balance as A: the id breaks the tie.
    const e = await owner('Owner E');
    await order(e, 'Completed', '70000.00', '60000.00');
    const f = await owner('Owner F');
    await order(f, 'Completed', '12000.00', '10000.00');
    tied = [a, e].sort((x, y) => y.id.localeCompare(x.id)).map((o) => o.name);
  });

  it('answers each owner’s completed shares less payouts, the owed only, largest first', async () => {
    const all = await ownersPage(undefined, 50);
    const owners = all.body.owners;
    const share = 100000 - Math.round((100000 * fee()) / 100);
    expect(names(owners.items)).toEqual(
      share > 60000 ? ['Owner B', ...tied, 'Owner F'] : [...tied, 'Owner B', 'Owner F'],
    );
    expect(owners.total).toBe(4);
    const byName = new Map(owners.items.map((o) => [o.name, o]));
    expect(byName.get('Owner A')).toMatchObject({
      earned: '80000.00',
      paid: '20000.00',
      payable: '60000.00',
      pending: '15000.00',
    });
    expect(byName.get('Owner B')).toMatchObject({
      earned: fromMinor(toMinor(String(share))),
      paid: '0.00',
      payable: fromMinor(toMinor(String(share))),
    });
    expect(byName.get('Owner F')?.payable).toBe('10000.00');
    expect(byName.has('Owner C')).toBe(false);
    expect(byName.has('Owner D')).toBe(false);
    // Each balance is the one a payout is checked against (the owner's own Earnings totals).
    for (const o of owners.items) expect(toMinor(o.payable)).toBe(toMinor(o.earned) - toMinor(o.paid));
  });

  it('pages forward and back, each owner once, never more than a page', async () => {
    const forward = await walkPages(read, { pageSize: 2 });
    expect(forward.map((p) => p.length)).toEqual([2, 2]);
    const back = await walkPages(read, { pageSize: 2, direction: 'prevCursor', start: 'last' });
    expect(back.reverse().map(names)).toEqual(forward.map(names));
    expect(new Set(forward.flat().map((o) => o.ownerId)).size).toBe(4);
    const one = await walkPages((cursor) => ownersPage(cursor, 1).then((r) => r.body.owners), {
      pageSize: 1,
    });
    expect(one.flat().map((o) => o.name)).toEqual(forward.flat().map((o) => o.name));
  });

  it('neither repeats nor skips an owner when balances change between two pages', async () => {
    const first = await read(undefined);
    // A new largest balance (before the cursor) and a new one after it.
    const g = await createUser(ctx.db, { name: 'Owner G' });
    await order(g, 'Completed', '300000.00', '250000.00');
    const h = await createUser(ctx.db, { name: 'Owner H' });
    await order(h, 'Completed', '30000.00', '30000.00');
    const rest = await walkPages(read, { pageSize: 2, start: first.nextCursor ?? undefined });
    const seen = [...names(first.items), ...rest.flat().map((o) => o.name)];
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).not.toContain('Owner G');
    expect(seen).toContain('Owner H');
    expect(seen.filter((n) => n !== 'Owner H').sort()).toEqual(
      ['Owner A', 'Owner B', 'Owner E', 'Owner F'].sort(),
    );
    expect(names((await read(undefined)).items)[0]).toBe('Owner G');
  });

  it('drops an owner once paid in full, and refuses a page over 50 or a foreign cursor', async () => {
    const before = await ownersPage(undefined, 50);
    const f = before.body.owners.items.find((o) => o.name === 'Owner F');
    expect(f).toBeDefined();
    const paid = await ctx.answer(
      ctx.client<PaymentsApi>(admin.cookie).admin.payouts.$post({
        json: {
          ownerId: f?.ownerId ?? '',
          amount: f?.payable ?? '',
          paidOn: '2026-03-03',
          reference: 'F-ALL',
        },
      }),
    );
    expect(paid.status).toBe(201);
    const after = await ownersPage(undefined, 50);
    expect(names(after.body.owners.items)).not.toContain('Owner F');
    expect(after.body.owners.total).toBe(before.body.owners.total - 1);

    expect((await ownersPage(undefined, 51)).status).toBe(422);
    const history = await adminPayouts({ pageSize: '1' });
    for (const cursor of ['garbage', history.body.history.nextCursor ?? '']) {
      const res = await ownersPage(cursor);
      expect(res.status).toBe(400);
    }
  });
});
