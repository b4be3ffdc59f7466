import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createUser } from '@server/seed/factories';
import { findLink } from '@tests/support/smtp';
import { createTestContext, type TestContext } from '@tests/support/harness';
import {
  clearRateLimits,
  cookieFrom,
  emailsTo,
  signUpBody,
  usersWithEmail,
} from '@tests/support/account-fixtures';
import { englishCode, englishField } from '@tests/support/texts';
import type { AccountApi } from './routes';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
beforeEach(() => clearRateLimits(ctx));

const signUp = (body: Record<string, unknown>) => ctx.rawRequest('POST', '/api/auth/sign-up/email', { body });

describe('sign-up rules (spec section 5), enforced by the server', () => {
  const cases: Array<[string, Record<string, unknown>, string]> = [
    ['a one-letter name', { name: 'A' }, englishField('nameMin', { minimum: 2 })],
    ['a name of spaces', { name: '   ' }, englishField('nameMin', { minimum: 2 })],
    ['no name', { name: undefined }, englishField('nameMin', { minimum: 2 })],
    ['an invalid email', { email: 'not-an-email' }, englishField('invalidEmail')],
    ['a 7-character password', { password: 'seven77' }, englishField('passwordMin', { minimum: 8 })],
    ['a one-letter location', { location: 'U' }, englishField('locationMin', { minimum: 2 })],
    ['a 9-character address', { address: 'Jl. Raya' }, englishField('addressMin', { minimum: 10 })],
    ['a 251-character address', { address: 'x'.repeat(251) }, englishField('addressMax', { maximum: 250 })],
    ['a 7-digit phone', { phone: '1234567' }, englishField('phoneMin', { minimum: 8 })],
    ['a 15-character phone', { phone: '+12345678901234' }, englishField('phoneMax', { maximum: 14 })],
    ['a phone with a dash', { phone: '0812-34567' }, englishField('phoneFormat')],
    ['a phone with + inside', { phone: '0812+34567' }, englishField('phoneFormat')],
  ];

  it.each(cases)(
    'refuses %s with the exact message and creates nothing',
    async (_label, overrides, message) => {
      const body = signUpBody(overrides);
      const res = await signUp(body);
      expect(res.status).toBe(422);
      expect(res.body.error).toMatchObject({ code: 'VALIDATION_FAILED', message });
      if (typeof body.email === 'string') {
        expect(await usersWithEmail(ctx, body.email)).toHaveLength(0);
        expect(await emailsTo(ctx, body.email)).toHaveLength(0);
      }
    },
  );

  it('answers a field error with its message key and parameters beside the English (D29)', async () => {
    const res = await signUp(signUpBody({ name: 'A', address: 'Jl. Raya' }));
    expect(res.status).toBe(422);
    expect(res.body.error.fieldCodes).toEqual({
      name: { code: 'nameMin', params: { minimum: 2 } },
      address: { code: 'addressMin', params: { minimum: 10 } },
    });
    expect(res.body.error.fields).toEqual({
      name: 'Name must be at least 2 characters',
      address: 'Address must be at least 10 characters',
    });
  });

  it('keeps the language the account signed up in, English when none is sent, and emails in it (D29)', async () => {
    const inIndonesian = signUpBody({ language: 'id' });
    expect((await signUp(inIndonesian)).status).toBe(200);
    const plain = signUpBody();
    expect((await signUp(plain)).status).toBe(200);
    const [id] = await usersWithEmail(ctx, inIndonesian.email as string);
    const [en] = await usersWithEmail(ctx, plain.email as string);
    expect(id.language).toBe('id');
    expect(en.language).toBe('en');
    // The confirmation email is already in that language.
    const [idMail] = await emailsTo(ctx, inIndonesian.email as string);
    const [enMail] = await emailsTo(ctx, plain.email as string);
    expect(idMail.subject).toBe('Konfirmasi akun Rakbuku kamu');
    expect(idMail.textBody).toContain('Hai ');
    expect(enMail.subject).toBe('Confirm your Rakbuku account');
    const refused = await signUp(signUpBody({ language: 'fr' }));
    expect(refused.status).toBe(422);
  });

  it('accepts the limits themselves (2-letter name, 8-digit phone, +14 characters, 250-character address)', async () => {
    const body = signUpBody({
      name: 'Jo',
      phone: '+1234567890123',
      address: 'a'.repeat(250),
      location: 'Ub',
    });
    const res = await signUp(body);
    expect(res.status).toBe(200);
    expect(await usersWithEmail(ctx, body.email)).toHaveLength(1);
  });
});

describe('a new account', () => {
  it('cannot choose its own role: only the fields the schema names reach Better Auth', async () => {
    const body = signUpBody({ role: 'admin', emailVerified: true });
    const res = await signUp(body);
    expect(res.status).toBe(200);
    const rows = await usersWithEmail(ctx, body.email);
    expect(rows.map((r) => ({ role: r.role, emailVerified: r.emailVerified }))).toEqual([
      { role: 'user', emailVerified: false },
    ]);
  });

  // The parsed fields used to be merged back over the raw body, so `image`
  // survived and became the owner's avatar for every visitor.
  it('cannot bring its own avatar URL: `image` is dropped', async () => {
    const body = signUpBody({ image: 'https://attacker.example/track.png' });
    expect((await signUp(body)).status).toBe(200);
    const [row] = await usersWithEmail(ctx, body.email);
    expect(row.image).toBeNull();
  });

  it('asks only name, email and password: phone, location and address left out or empty are none', async () => {
    for (const [n, extra] of [
      [1, { phone: undefined, location: undefined, address: undefined }],
      [2, { phone: '', location: '', address: '' }],
    ] as const) {
      const email = `only-three-${n}-${Date.now()}@example.com`;
      const res = await signUp(signUpBody({ email, ...extra }));
      expect(res.status).toBe(200);
      const [row] = await usersWithEmail(ctx, email);
      expect(row).toMatchObject({ phone: null, location: null, address: null, emailVerified: false });
    }
  });

  it('stores the trimmed profile fields and the lower-cased email, unconfirmed', async () => {
    const body = signUpBody({ name: '  Wayan Sari  ', email: 'NEW.Member@Example.com' });
    const res = await signUp(body);
    expect(res.status).toBe(200);
    const [row] = await usersWithEmail(ctx, 'new.member@example.com');
    expect(row).toMatchObject({
      name: 'Wayan Sari',
      email: 'new.member@example.com',
      phone: '+6281234567',
      location: 'Canggu',
      address: 'Jl. Pantai Batu Bolong No. 7, Canggu, Bali',
      role: 'user',
      emailVerified: false,
    });
    // No session until the email is confirmed (D10).
    expect(res.headers.getSetCookie().some((c) => c.startsWith('rakbuku.session_token='))).toBe(false);
  });

  it('gets a confirmation email whose link opens our confirm page; its POST confirms and signs in', async () => {
    const body = signUpBody();
    expect((await signUp(body)).status).toBe(200);
    const [queued] = await emailsTo(ctx, body.email);
    expect(queued).toMatchObject({
      emailType: 'email_confirmation',
      subject: 'Confirm your Rakbuku account',
    });

    const mail = await ctx.mailbox.waitFor((m) => m.to.includes(body.email));
    const link = new URL(findLink(mail, '/confirm-email'));
    expect(link.pathname).toBe('/confirm-email');
    const token = link.searchParams.get('token')!;

    const confirmed = await ctx.answer(
      ctx.client<AccountApi>().account['confirm-email'].$post({ json: { token } }),
    );
    expect(confirmed.status).toBe(200);
    const cookie = cookieFrom(confirmed.headers);
    const me = await ctx.answer(ctx.client<AccountApi>(cookie).me.$get());
    expect(me.body.user).toMatchObject({ email: body.email, name: 'Wayan Sari', role: 'user' });
    const [row] = await usersWithEmail(ctx, body.email);
    expect(row.emailVerified).toBe(true);

    // Used again (say by a page that got hold of the link), the token signs nobody in.
    const again = await ctx.answer(
      ctx.client<AccountApi>().account['confirm-email'].$post({ json: { token } }),
    );
    expect(again.status).toBe(200);
    expect(again.headers.getSetCookie().some((c) => c.startsWith('rakbuku.session_token='))).toBe(false);
  });

  it("carries a guest's intent (next, add) from the sign-up into the emailed link, and nothing foreign", async () => {
    const bookId = '0b6b1f2e-3c4d-4e5f-8a9b-0c1d2e3f4a5b';
    const body = signUpBody({
      callbackURL: `/?next=${encodeURIComponent(`/books/${bookId}`)}&add=${bookId}`,
    });
    expect((await signUp(body)).status).toBe(200);
    const mail = await ctx.mailbox.waitFor((m) => m.to.includes(body.email));
    const link = new URL(findLink(mail, '/confirm-email'));
    expect(link.searchParams.get('next')).toBe(`/books/${bookId}`);
    expect(link.searchParams.get('add')).toBe(bookId);

    // A path to another site, or a stray `add`, does not travel.
    clearRateLimits(ctx);
    const foreign = signUpBody({
      callbackURL: `/?next=${encodeURIComponent('//evil.example')}&add=${bookId}`,
    });
    expect((await signUp(foreign)).status).toBe(200);
    const foreignMail = await ctx.mailbox.waitFor((m) => m.to.includes(foreign.email));
    const foreignLink = new URL(findLink(foreignMail, '/confirm-email'));
    expect(foreignLink.searchParams.has('next')).toBe(false);
    expect(foreignLink.searchParams.has('add')).toBe(false);
  });

  // Better Auth's GET /verify-email confirmed and signed in whoever opened the
  // link, so a foreign page (or an <img>) could sign a visitor in to the attacker's account.
  it('opening a confirmation link signs nobody in: GET is closed and a foreign page cannot POST it', async () => {
    const body = signUpBody();
    expect((await signUp(body)).status).toBe(200);
    const mail = await ctx.mailbox.waitFor((m) => m.to.includes(body.email));
    const token = new URL(findLink(mail, '/confirm-email')).searchParams.get('token')!;

    const viaGet = await ctx.rawRequest('GET', `/api/auth/verify-email?token=${token}&callbackURL=/`);
    expect(viaGet.status).toBe(404);
    expect(viaGet.headers.getSetCookie()).toEqual([]);
    const foreign = await ctx.answer(
      ctx
        .client<AccountApi>()
        .account['confirm-email'].$post(
          { json: { token } },
          { headers: { origin: 'https://attacker.example' } },
        ),
    );
    expect(foreign.status).toBe(403);
    expect(foreign.headers.getSetCookie()).toEqual([]);
    const [row] = await usersWithEmail(ctx, body.email);
    expect(row.emailVerified).toBe(false);

    const bogus = await ctx.answer(
      ctx.client<AccountApi>().account['confirm-email'].$post({ json: { token: 'x.y.z' } }),
    );
    expect(bogus.status).toBe(400);
    expect(bogus.body.error).toEqual({
      code: 'INVALID_CONFIRMATION_LINK',
      message: englishCode('INVALID_CONFIRMATION_LINK'),
    });
  });

  it('answers a duplicate email like a new one, creates no second account and tells the owner (D10)', async () => {
    const existing = await createUser(ctx.db, { email: 'taken@example.com', password: 'original-pass' });
    const res = await signUp(signUpBody({ email: 'Taken@Example.com', password: 'another-pass-9' }));
    const fresh = await signUp(signUpBody());
    // Field by field the same (Better Auth's own answer had `"role": null` for a
    // taken email and `"role": "user"` for a new one), and the same headers.
    expect(res.status).toBe(200);
    expect(fresh.status).toBe(200);
    expect(res.body).toEqual(fresh.body);
    expect(res.body).toEqual({ ok: true });
    const headers = (h: Headers) => [...h.keys()].filter((k) => k !== 'date').sort();
    expect(headers(res.headers)).toEqual(headers(fresh.headers));

    expect(await usersWithEmail(ctx, 'taken@example.com')).toHaveLength(1);
    // The original password still works and the new one does not.
    await expect(ctx.signIn('taken@example.com', 'original-pass')).resolves.toContain(
      'rakbuku.session_token',
    );
    await expect(ctx.signIn('taken@example.com', 'another-pass-9')).rejects.toThrow();
    await ctx.mailbox.waitFor(
      (m) => m.to.includes(existing.email) && m.subject === 'You already have a Rakbuku account',
    );
  });

  it('takes about as long for a taken email as for a new one', async () => {
    await createUser(ctx.db, { email: 'timing-taken@example.com', password: 'original-pass' });
    const timed = async (email: string) => {
      await clearRateLimits(ctx);
      const started = performance.now();
      expect((await signUp(signUpBody({ email }))).status).toBe(200);
      return performance.now() - started;
    };
    const taken: number[] = [];
    const fresh: number[] = [];
    for (let i = 0; i < 5; i++) {
      taken.push(await timed('timing-taken@example.com'));
      fresh.push(await timed(`timing-fresh-${i}-${Date.now()}@example.com`));
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    // Both hash the password (the slow part); a taken email must not answer in a fraction of the time.
    expect(median(taken) / median(fresh)).toBeGreaterThan(0.5);
    expect(median(taken) / median(fresh)).toBeLessThan(2);
  });
});
