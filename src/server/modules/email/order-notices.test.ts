import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '@domain/money';
import { createTestContext, type Member, type TestContext } from '@tests/support/harness';
import type { ReceivedMail } from '@tests/support/smtp';
import { insertOrder } from '@tests/support/order-fixture';
import { type OrderNotice, queueOrderNotices } from './order-notices-service';

// Each D16 order email, sent through the real outbox to the real SMTP server of the harness.

let ctx: TestContext;
let admin: Member;
let secondAdmin: Member;
let borrower: Member;
let owner: Member;

beforeAll(async () => {
  ctx = await createTestContext({
    PAYMENT_BANK_NAME: 'Bank Test Bali',
    PAYMENT_ACCOUNT_NAME: 'PT Test Rakbuku',
    PAYMENT_ACCOUNT_NUMBER: '999 888 7777',
  });
  admin = await ctx.admin({ name: 'Admin One' });
  secondAdmin = await ctx.admin({ name: 'Admin Two' });
  borrower = await ctx.member({ name: 'Wayan Borrower' });
  owner = await ctx.member({ name: 'Ayu Owner' });
});
afterAll(() => ctx.close());

/** Places an order in `status`, queues `notice` the way the status service does, and sends. */
async function sendNotice(notice: OrderNotice, options: { pickup?: boolean; shippingCost?: string } = {}) {
  const { order } = await insertOrder(ctx.db, {
    borrower: borrower.user,
    ownerId: owner.user.id,
    deliveryMethod: options.pickup ? 'pickup' : 'delivery',
    shippingCost: options.shippingCost,
    books: [
      { title: 'Laskar Pelangi', weeklyPrice: '25000.00' },
      { title: 'Bumi Manusia', weeklyPrice: '15000.50' },
    ],
  });
  await ctx.db.transaction((tx) => queueOrderNotices(tx, ctx.config, order.id, notice));
  await ctx.deps.outbox.runOnce();
  await ctx.deps.outbox.runOnce(); // a second pass must not send anything again
  const number = order.id.slice(-8).toUpperCase();
  const mails = ctx.mailbox.messages.filter((m) => m.subject.includes(number));
  const to = (email: string) => mails.filter((m) => m.to.includes(email));
  return { order, number, mails, to };
}

function expectOrderContent(mail: ReceivedMail, orderId: string, number: string) {
  expect(mail.body).toContain(`#${number}`);
  expect(mail.body).toContain('Laskar Pelangi (1 week)');
  expect(mail.body).toContain(formatMoney('25000.00'));
  expect(mail.body).toContain('Bumi Manusia (1 week)');
  expect(mail.body).toContain(formatMoney('40000.50'));
  expect(mail.body).toContain(`${ctx.config.appUrl}/orders/${orderId}`);
  // HTML and plain text side by side.
  expect(mail.raw).toMatch(/Content-Type: text\/plain/i);
  expect(mail.raw).toMatch(/Content-Type: text\/html/i);
}

describe('order emails (D16)', () => {
  it('order placed: the borrower, the owner and every admin, once each', async () => {
    const { order, number, mails, to } = await sendNotice('placed');
    expect(mails).toHaveLength(4);
    for (const email of [borrower.user.email, owner.user.email, admin.user.email, secondAdmin.user.email]) {
      expect(to(email)).toHaveLength(1);
      expectOrderContent(to(email)[0], order.id, number);
    }
    expect(to(borrower.user.email)[0].subject).toBe(`We received your order #${number}`);
    expect(to(borrower.user.email)[0].body).toContain('payment instructions within 24 hours');
    expect(to(owner.user.email)[0].subject).toBe(`New borrowing request #${number}`);
    expect(to(admin.user.email)[0].subject).toBe(`New order #${number} to review`);
    expect(to(admin.user.email)[0].body).toContain(borrower.user.email);
  });

  it('shipping cost set: the borrower alone, with the amounts and the configured payment instructions', async () => {
    const { order, number, mails, to } = await sendNotice('shipping_cost_set', { shippingCost: '20000.00' });
    expect(mails).toHaveLength(1);
    const mail = to(borrower.user.email)[0];
    expect(mail.subject).toBe(`Payment instructions for order #${number}`);
    expectOrderContent(mail, order.id, number);
    expect(mail.body).toContain(`Shipping: ${formatMoney('20000')}`);
    expect(mail.body).toContain(`Total: ${formatMoney('60000.50')}`);
    expect(mail.body).toContain('Bank Test Bali');
    expect(mail.body).toContain('PT Test Rakbuku');
    expect(mail.body).toContain('999 888 7777');
  });

  it('payment confirmed: the borrower, and the owner told to ship within 2 x 24 hours', async () => {
    const { order, number, mails, to } = await sendNotice('payment_confirmed', { shippingCost: '20000.00' });
    expect(mails).toHaveLength(2);
    expect(to(borrower.user.email)[0].subject).toBe(`Payment confirmed for order #${number}`);
    const ownerMail = to(owner.user.email)[0];
    expect(ownerMail.subject).toBe(`Order #${number} is paid: please ship the books`);
    expect(ownerMail.body).toContain('within 2 x 24 hours');
    expectOrderContent(ownerMail, order.id, number);
  });

  it('payment confirmed for a pickup order asks the owner to drop the books off', async () => {
    const { number, to } = await sendNotice('payment_confirmed', { pickup: true, shippingCost: '0.00' });
    const ownerMail = to(owner.user.email)[0];
    expect(ownerMail.subject).toBe(`Order #${number} is paid: please drop off the books`);
    expect(ownerMail.body).toContain('drop the books off within 2 x 24 hours');
    expect(ownerMail.body).toContain('Ubud Reading Corner');
  });

  it('order placed for pickup names the pickup point once, in the sentence that says it is free', async () => {
    const { to } = await sendNotice('placed', { pickup: true, shippingCost: '0.00' });
    // The plain-text part (the HTML part says the same again).
    const body = to(borrower.user.email)[0].body.split(/Content-Type: text\/html/i)[0];
    expect(body).toContain('You pick the books up yourself at Ubud Reading Corner');
    expect(body).toContain('free of charge');
    expect(body.split('Ubud Reading Corner')).toHaveLength(2);
    expect(body).not.toMatch(/pickup is free\. Self pickup/i);
  });

  it.each([
    ['shipped', 'has shipped'],
    ['delivered', 'was delivered'],
    ['return_started', 'is being returned'],
    ['completed', 'is completed'],
    ['cancelled', 'was cancelled'],
  ] as const)('%s: the borrower and the owner, once each', async (notice, subjectTail) => {
    const { order, number, mails, to } = await sendNotice(notice, { shippingCost: '20000.00' });
    expect(mails).toHaveLength(2);
    for (const email of [borrower.user.email, owner.user.email]) {
      const [mail] = to(email);
      expect(mail.subject).toBe(`Order #${number} ${subjectTail}`);
      expectOrderContent(mail, order.id, number);
    }
    expect(to(borrower.user.email)[0].body).toContain('Hi Wayan Borrower');
    expect(to(owner.user.email)[0].body).toContain('Hi Ayu Owner');
  });

  it('escapes what members typed in the HTML part', async () => {
    const sneaky = await ctx.member({ name: '<script>alert(1)</script>' });
    const { order } = await insertOrder(ctx.db, { borrower: sneaky.user, ownerId: owner.user.id });
    await ctx.db.transaction((tx) => queueOrderNotices(tx, ctx.config, order.id, 'placed'));
    await ctx.deps.outbox.runOnce();
    const mail = ctx.mailbox.messages.find((m) => m.to.includes(sneaky.user.email))!;
    const html = mail.body.slice(mail.body.search(/Content-Type: text\/html/i));
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('&lt;script&gt;');
  });
});
