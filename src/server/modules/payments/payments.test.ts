import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBook } from '@server/seed/factories';
import { emailNotifications, orderEvents, orders } from '@server/db/schema';
import { deadlineLabel } from '@server/modules/email/order-notices-service';
import { createTestContext, type Member, type TestContext, uncheckedInput } from '@tests/support/harness';
import { placeTestOrder } from '@tests/support/order-factories';
import { receiptStorageKey } from './receipts';
import type { PaymentsApi } from './routes';
import type { OrdersApi } from '@server/modules/orders/routes';
import type { AdminApi } from '@server/modules/admin/routes';

// Paying on the page (D33): pickup orders wait for payment at once; "I have paid" with a private
// receipt; the admin confirms with the amount received and the bank reference.

let ctx: TestContext;
let admin: Member;
let receiptJpeg: Buffer;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.admin({ name: 'Pay Admin' });
  receiptJpeg = await sharp({ create: { width: 80, height: 120, channels: 3, background: '#1d4ed8' } })
    .jpeg()
    .withMetadata({ exif: { IFD0: { Copyright: 'secret-gps-and-camera' } } })
    .toBuffer();
});
afterAll(() => ctx.close());

async function pickupOrder() {
  const owner = await ctx.member({ name: 'Pickup Owner' });
  const book = await createBook(ctx.db, { ownerId: owner.user.id, weeklyPrice: '12000.00' });
  const placed = await placeTestOrder(ctx, { books: [book], deliveryMethod: 'pickup' });
  return { ...placed, owner };
}

const receiptForm = (bytes: Buffer | null, type = 'image/jpeg') =>
  bytes ? { receipt: new File([new Uint8Array(bytes)], 'receipt.jpg', { type }) } : {};

const claim = (cookie: string, orderId: string, bytes: Buffer | null = null) =>
  ctx.answer(
    ctx.client<PaymentsApi>(cookie).orders[':id']['payment-claim'].$post({
      param: { id: orderId },
      form: receiptForm(bytes),
    }),
  );

async function orderRow(id: string) {
  const [row] = await ctx.db.select().from(orders).where(eq(orders.id, id));
  return row;
}

describe('pickup orders need no review (D33)', () => {
  it('is Waiting for Payment at creation: shipping 0, total = items, a system event, the payment email queued', async () => {
    const { order, borrower } = await pickupOrder();
    expect(order).toMatchObject({ status: 'Waiting for Payment', shippingCost: '0.00', total: '12000.00' });
    const events = await ctx.db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, order.id))
      .orderBy(orderEvents.createdAt);
    expect(events.map((e) => [e.fromStatus, e.toStatus, e.actorRole])).toEqual([
      [null, 'Draft', 'borrower'],
      ['Draft', 'Waiting for Payment', 'system'],
    ]);
    expect(events[1]).toMatchObject({ actorId: null, actorName: 'System' });
    const [mail] = await ctx.db
      .select()
      .from(emailNotifications)
      .where(
        and(
          eq(emailNotifications.orderId, order.id),
          eq(emailNotifications.emailType, 'order_shipping_cost_set'),
        ),
      );
    expect(mail).toMatchObject({ recipientEmail: borrower.user.email, recipientType: 'borrower' });
    expect(mail.textBody).toContain(ctx.config.payment.accountNumber);
    expect(mail.textBody).toContain(order.number);
    // The deadline as a date in the operator's zone, not a number of hours.
    const row = await orderRow(order.id);
    expect(row.paymentDueAt).not.toBeNull();
    expect(mail.textBody).toContain(
      `Please pay by ${deadlineLabel('en', row.paymentDueAt!, ctx.config.timeZone)}`,
    );
    expect(mail.textBody).not.toMatch(/within \d+ hours/);
    // The owner's new-request email names the drop-off location and the owner's own share.
    const [ownerMail] = await ctx.db
      .select()
      .from(emailNotifications)
      .where(
        and(
          eq(emailNotifications.orderId, order.id),
          eq(emailNotifications.emailType, 'order_placed'),
          eq(emailNotifications.recipientType, 'owner'),
        ),
      );
    const pickup = (await orderRow(order.id)).pickupLocation!;
    expect(ownerMail.textBody).toContain(`drop the books off at ${pickup.name}, ${pickup.address}`);
    expect(ownerMail.textBody).toContain('Your share of this order is Rp');
    expect(ownerMail.textBody).toContain('10.800');
    // The owner's share is fixed at checkout (D34): 12.000 minus the 10% fee.
    expect(await orderRow(order.id)).toMatchObject({ serviceFee: '1200.00', ownerShare: '10800.00' });
  });

  it('shows the borrower the payment panel at once: amount, bank, reference, deadline', async () => {
    const { order, borrower, owner } = await pickupOrder();
    const res = await ctx.answer(
      ctx.client<PaymentsApi>(borrower.cookie).orders[':id'].money.$get({ param: { id: order.id } }),
    );
    expect(res.status).toBe(200);
    expect(res.body.payment).toMatchObject({
      amount: '12000.00',
      bankName: ctx.config.payment.bankName,
      accountName: ctx.config.payment.accountName,
      accountNumber: ctx.config.payment.accountNumber,
      reference: order.number,
      claimedAt: null,
    });
    const deadline = new Date(res.body.payment.deadline).getTime();
    const entered = new Date(order.createdAt).getTime();
    expect(deadline - entered).toBeGreaterThanOrEqual(ctx.config.paymentWindowHours * 3_600_000 - 5_000);
    expect(deadline - entered).toBeLessThanOrEqual(ctx.config.paymentWindowHours * 3_600_000 + 60_000);
    expect(res.body.share).toBeNull();
    // The owner sees the share, not the bank panel; a stranger sees nothing.
    const asOwner = await ctx.answer(
      ctx.client<PaymentsApi>(owner.cookie).orders[':id'].money.$get({ param: { id: order.id } }),
    );
    expect(asOwner.body).toMatchObject({
      payment: null,
      share: { ownerShare: '10800.00', state: 'pending' },
    });
    const stranger = await ctx.member();
    expect(
      (
        await ctx.answer(
          ctx.client<PaymentsApi>(stranger.cookie).orders[':id'].money.$get({ param: { id: order.id } }),
        )
      ).status,
    ).toBe(403);
  });
});

describe('"I have paid" (D33)', () => {
  it('is refused to a stranger, the owner and an admin who is not the borrower, changing nothing', async () => {
    const { order, owner } = await pickupOrder();
    const stranger = await ctx.member();
    for (const [who, cookie] of [
      ['stranger', stranger.cookie],
      ['owner', owner.cookie],
      ['admin', admin.cookie],
    ] as const) {
      const res = await claim(cookie, order.id, receiptJpeg);
      expect(res.status, who).toBe(403);
    }
    const row = await orderRow(order.id);
    expect(row).toMatchObject({ paymentClaimedAt: null, paymentReceiptKey: null });
  });

  it('records the borrower’s claim with a re-encoded receipt, once; the next step and the admin see it', async () => {
    const { order, borrower } = await pickupOrder();
    const res = await claim(borrower.cookie, order.id, receiptJpeg);
    expect(res.status).toBe(200);
    expect(res.body.payment.claimedAt).not.toBeNull();
    expect(res.body.payment.receiptUrl).toBe(`/api/orders/${order.id}/receipt`);
    const row = await orderRow(order.id);
    const stored = await ctx.deps.storage.get(receiptStorageKey(row.paymentReceiptKey!));
    const meta = await sharp(stored!.body).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();

    const again = await claim(borrower.cookie, order.id);
    expect(again.status).toBe(409);
    const detail = await ctx.answer(
      ctx.client<OrdersApi>(borrower.cookie).orders[':id'].$get({ param: { id: order.id } }),
    );
    expect(detail.body.paymentClaimed).toBe(true);
    expect(detail.body.events.at(-1)).toMatchObject({
      action: 'payment_claimed',
      details: { receipt: true },
    });
    const listed = await ctx.answer(
      ctx.client<AdminApi>(admin.cookie).admin.orders.$get({ query: { q: order.number } }),
    );
    expect(listed.body.items[0]).toMatchObject({
      paymentClaimed: true,
      receiptUrl: `/api/orders/${order.id}/receipt`,
    });
  });

  it('works without a receipt, and is refused before the order waits for payment', async () => {
    const { order, borrower } = await placeTestOrder(ctx);
    expect((await claim(borrower.cookie, order.id)).status).toBe(409);
    const pickup = await pickupOrder();
    const res = await claim(pickup.borrower.cookie, pickup.order.id);
    expect(res.status).toBe(200);
    expect(res.body.payment.receiptUrl).toBeNull();
  });

  it('refuses a receipt that is not an image, or too large, with 422 and stores nothing', async () => {
    const { order, borrower } = await pickupOrder();
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    const res = await claim(borrower.cookie, order.id, html);
    expect(res.status).toBe(422);
    expect(res.body.error.fields).toEqual({ receipt: 'File must be JPG, PNG, or WEBP' });
    const big = Buffer.concat([receiptJpeg, Buffer.alloc(2 * 1024 * 1024)]);
    expect([413, 422]).toContain((await claim(borrower.cookie, order.id, big)).status);
    expect(await orderRow(order.id)).toMatchObject({ paymentClaimedAt: null, paymentReceiptKey: null });
  });
});

describe('the receipt is private (D33)', () => {
  it('is readable by the borrower and the admins only', async () => {
    const { order, borrower, owner } = await pickupOrder();
    await claim(borrower.cookie, order.id, receiptJpeg);
    const get = (cookie?: string) =>
      ctx.answer(ctx.client<PaymentsApi>(cookie).orders[':id'].receipt.$get({ param: { id: order.id } }));
    const mine = await get(borrower.cookie);
    expect(mine.status).toBe(200);
    expect(mine.headers.get('content-type')).toBe('image/webp');
    expect(mine.headers.get('cache-control')).toBe('private, no-store');
    expect((await get(admin.cookie)).status).toBe(200);
    expect((await get(owner.cookie)).status).toBe(403);
    expect((await get((await ctx.member()).cookie)).status).toBe(403);
    expect((await get()).status).toBe(401);
  });
});

describe('Confirm Payment records the amount received and the bank reference (D33)', () => {
  it('stores both on the order and in its history', async () => {
    const { order, borrower } = await pickupOrder();
    await claim(borrower.cookie, order.id);
    const res = await ctx.answer(
      ctx.client<OrdersApi>(admin.cookie).orders[':id'].actions.$post({
        param: { id: order.id },
        json: { type: 'confirm_payment', amountReceived: '12.000', bankReference: 'BCA 0042-77' },
      }),
    );
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('Processed');
    expect(res.body.events.at(-1)).toMatchObject({
      action: 'confirm_payment',
      toStatus: 'Processed',
      details: { amountReceived: '12000.00', bankReference: 'BCA 0042-77' },
    });
    expect(await orderRow(order.id)).toMatchObject({
      paymentReceivedAmount: '12000.00',
      paymentBankReference: 'BCA 0042-77',
    });
    const money = await ctx.answer(
      ctx.client<PaymentsApi>(borrower.cookie).orders[':id'].money.$get({ param: { id: order.id } }),
    );
    expect(money.body.payment).toMatchObject({ amountReceived: '12000.00', bankReference: 'BCA 0042-77' });
    expect(money.body.payment.confirmedAt).not.toBeNull();
  });

  it('refuses a missing amount or reference with 422 and changes nothing', async () => {
    const { order } = await pickupOrder();
    for (const body of [
      { type: 'confirm_payment' },
      { type: 'confirm_payment', amountReceived: '12000' },
      { type: 'confirm_payment', amountReceived: '12000', bankReference: '   ' },
      { type: 'confirm_payment', amountReceived: '12.5', bankReference: 'X' },
      { type: 'confirm_payment', amountReceived: '0', bankReference: 'X' },
    ]) {
      const res = await ctx.answer(
        ctx
          .client<OrdersApi>(admin.cookie)
          .orders[':id'].actions.$post({ param: { id: order.id }, json: uncheckedInput(body) }),
      );
      expect(res.status, JSON.stringify(body)).toBe(422);
    }
    expect(await orderRow(order.id)).toMatchObject({
      status: 'Waiting for Payment',
      paymentReceivedAmount: null,
    });
  });
});
