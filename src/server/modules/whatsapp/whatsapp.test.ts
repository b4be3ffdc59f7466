import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberWhatsapp } from '@server/db/schema';
import { createBook } from '@server/seed/factories';
import { createTestContext, type Member, type TestContext, uncheckedInput } from '@tests/support/harness';
import { advanceTestOrder, placeTestOrder } from '@tests/support/order-factories';
import type { WhatsappApi } from './routes';
import type { ConversationsApi } from '@server/modules/conversations/routes';
import type { CartApi } from '@server/modules/cart/routes';

// D45: a WhatsApp number is optional, given with consent, kept in E.164, and shown only to the
// other side of a placed order (as a chat contact) and to admins.

let ctx: TestContext;
let admin: Member;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.admin({ name: 'WA Admin' });
});
afterAll(() => ctx.close());

const share = (cookie: string, number: string) =>
  ctx.answer(ctx.client<WhatsappApi>(cookie).profile.whatsapp.$put({ json: { number, consent: true } }));

async function storedNumber(userId: string) {
  const [row] = await ctx.db.select().from(memberWhatsapp).where(eq(memberWhatsapp.userId, userId));
  return row?.number ?? null;
}

describe('the number on the profile (D45)', () => {
  it.each([
    ['0812 3456 7890', '+6281234567890'],
    ['+62 812 3456 7890', '+6281234567890'],
    ['62812-3456-7890', '+6281234567890'],
    ['0812.3456.789', '+628123456789'],
    ['+44 7700 900123', '+447700900123'],
  ])('%s is saved as %s', async (typed, e164) => {
    const member = await ctx.member();
    const res = await share(member.cookie, typed);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ number: e164 });
    expect(await storedNumber(member.user.id)).toBe(e164);
  });

  it.each([
    ['0361 123456', 'an Indonesian landline: WhatsApp lives on mobiles'],
    ['812345', 'too short'],
    ['81234567890', 'no 0, 62 or + to read the country from'],
    ['+0812345678', 'no country code starts with 0'],
    ['0812abc4567', 'letters'],
  ])('%s is refused (%s) and nothing is saved', async (typed) => {
    const member = await ctx.member();
    const res = await share(member.cookie, typed);
    expect(res.status).toBe(422);
    expect(res.body.error.fieldCodes.number.code).toBe('whatsappNumberFormat');
    expect(await storedNumber(member.user.id)).toBeNull();
  });

  it('is refused without consent, and a refusal leaves a saved number as it was', async () => {
    const member = await ctx.member();
    await share(member.cookie, '081234567890');
    for (const body of [
      { number: '081299998888', consent: false },
      { number: '081299998888' },
      { number: '081299998888', consent: 'yes' },
    ]) {
      const res = await ctx.answer(
        ctx.client<WhatsappApi>(member.cookie).profile.whatsapp.$put({ json: uncheckedInput(body) }),
      );
      expect(res.status).toBe(422);
      expect(res.body.error.fieldCodes.consent.code).toBe('whatsappConsentRequired');
    }
    expect(await storedNumber(member.user.id)).toBe('+6281234567890');
  });

  it('reads back, is replaced, and is withdrawn', async () => {
    const member = await ctx.member();
    const api = ctx.client<WhatsappApi>(member.cookie);
    const empty = await api.profile.whatsapp.$get();
    expect(empty.status === 200 && (await empty.json())).toEqual({ number: null, consentedAt: null });
    await share(member.cookie, '081234567890');
    await share(member.cookie, '+62 813 1111 2222');
    const saved = await api.profile.whatsapp.$get();
    if (saved.status !== 200) throw new Error(`GET answered ${saved.status}`);
    const body = await saved.json();
    expect(body.number).toBe('+6281311112222');
    expect(body.consentedAt).not.toBeNull();
    const removed = await api.profile.whatsapp.$delete();
    expect(removed.status === 200 && (await removed.json())).toEqual({ number: null, consentedAt: null });
    expect(await storedNumber(member.user.id)).toBeNull();
  });
});

/** An order between a borrower and an owner who both shared a number. */
async function orderWithNumbers() {
  const owner = await ctx.member({ name: 'WA Owner' });
  const borrower = await ctx.member({ name: 'WA Borrower' });
  await share(owner.cookie, '081200000001');
  await share(borrower.cookie, '081200000002');
  const book = await createBook(ctx.db, { ownerId: owner.user.id, title: 'Bumi Manusia' });
  const { order } = await placeTestOrder(ctx, { borrower, books: [book] });
  return { owner, borrower, book, order };
}

const contacts = (cookie: string | undefined, orderId: string) =>
  ctx.answer(ctx.client<WhatsappApi>(cookie).orders[':id'].whatsapp.$get({ param: { id: orderId } }));

describe('the chat contacts of a placed order (D45)', () => {
  it('the borrower reaches the owner, the owner the borrower, an admin both', async () => {
    const { owner, borrower, order } = await orderWithNumbers();
    expect((await contacts(borrower.cookie, order.id)).body.contacts).toEqual([
      { side: 'owner', name: 'WA Owner', number: '+6281200000001' },
    ]);
    expect((await contacts(owner.cookie, order.id)).body.contacts).toEqual([
      { side: 'borrower', name: 'WA Borrower', number: '+6281200000002' },
    ]);
    expect((await contacts(admin.cookie, order.id)).body.contacts).toEqual([
      { side: 'owner', name: 'WA Owner', number: '+6281200000001' },
      { side: 'borrower', name: 'WA Borrower', number: '+6281200000002' },
    ]);
  });

  it('a side that shared no number, or withdrew it, is left out', async () => {
    const { owner, borrower, order } = await orderWithNumbers();
    await ctx.answer(ctx.client<WhatsappApi>(owner.cookie).profile.whatsapp.$delete());
    expect((await contacts(borrower.cookie, order.id)).body.contacts).toEqual([]);
    expect((await contacts(owner.cookie, order.id)).body.contacts).toHaveLength(1);
  });

  it('a cancelled order shows its parties no number any more; admins still reach both', async () => {
    const { owner, borrower, order } = await orderWithNumbers();
    await advanceTestOrder(ctx, { orderId: order.id, admin, to: 'Cancelled' });
    expect((await contacts(borrower.cookie, order.id)).body.contacts).toEqual([]);
    expect((await contacts(owner.cookie, order.id)).body.contacts).toEqual([]);
    expect((await contacts(admin.cookie, order.id)).body.contacts).toHaveLength(2);
  });

  it('a completed order keeps the link (questions after the return)', async () => {
    const { borrower, order } = await orderWithNumbers();
    await advanceTestOrder(ctx, { orderId: order.id, admin, to: 'Completed' });
    expect((await contacts(borrower.cookie, order.id)).body.contacts).toHaveLength(1);
  });

  it('a stranger is refused (403), a guest asked to sign in (401), an unknown order is 404', async () => {
    const { order } = await orderWithNumbers();
    const stranger = await ctx.member();
    expect((await contacts(stranger.cookie, order.id)).status).toBe(403);
    expect((await contacts(undefined, order.id)).status).toBe(401);
    expect((await contacts(stranger.cookie, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });
});

describe('privacy: the number is in no other answer (D45)', () => {
  it('a stranger, a guest, and the future borrower before the order exists never see it', async () => {
    const owner = await ctx.member({ name: 'Private Owner' });
    await share(owner.cookie, '0812 7777 6666');
    const number = '+6281277776666';
    const digits = '81277776666';
    const book = await createBook(ctx.db, { ownerId: owner.user.id });
    const stranger = await ctx.member();
    const soonBorrower = await ctx.member();

    // The soon-to-be borrower talks to the owner and fills the cart: still no order.
    const asked = await ctx.answer(
      ctx
        .client<ConversationsApi>(soonBorrower.cookie)
        .books[':id'].conversation.$post({ param: { id: book.id }, json: { body: 'Is it in good shape?' } }),
    );
    expect(asked.status).toBe(201);
    expect(
      (
        await ctx.answer(
          ctx.client<CartApi>(soonBorrower.cookie).cart.items.$post({ json: { bookId: book.id } }),
        )
      ).status,
    ).toBe(201);

    const paths = [
      `/api/books/${book.id}`,
      `/api/books/${book.id}/more-from-owner`,
      `/api/owners/${owner.user.id}`,
      `/api/owners/${owner.user.id}/books`,
      `/api/members/${owner.user.id}/reputation`,
      '/api/books',
    ];
    const callers: [string, string | undefined][] = [
      ['guest', undefined],
      ['stranger', stranger.cookie],
      ['soon borrower', soonBorrower.cookie],
    ];
    for (const [who, cookie] of callers) {
      const answers = [
        ...paths,
        ...(cookie ? ['/api/cart', '/api/conversations', '/api/auth/get-session'] : []),
      ];
      if (cookie === soonBorrower.cookie) answers.push(`/api/books/${book.id}/conversation`);
      for (const path of answers) {
        const res = await ctx.rawRequest('GET', path, { cookie });
        const text = JSON.stringify(res.body);
        expect(text, `${who} ${path}`).not.toContain(number);
        expect(text, `${who} ${path}`).not.toContain(digits);
      }
    }
    // The owner's own account answers carry it only in their own WhatsApp route.
    const session = await ctx.rawRequest('GET', '/api/auth/get-session', { cookie: owner.cookie });
    expect(JSON.stringify(session.body)).not.toContain(digits);
  });
});
