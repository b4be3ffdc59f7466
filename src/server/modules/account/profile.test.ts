import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user } from '@server/db/schema';
import { createBook } from '@server/seed/factories';
import { createTestContext, type TestContext, uncheckedInput } from '@tests/support/harness';
import { englishField } from '@tests/support/texts';
import type { AccountApi } from './routes';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const valid = {
  name: 'Nyoman Ayu',
  phone: '081234567890',
  location: 'Sanur',
  address: 'Jl. Danau Tamblingan No. 12, Sanur, Bali',
};

describe('PATCH /api/profile', () => {
  it('needs a signed-in member', async () => {
    const res = await ctx.answer(ctx.client<AccountApi>().profile.$patch({ json: valid }));
    expect(res.status).toBe(401);
  });

  it.each([
    [{ name: 'N' }, englishField('nameMin', { minimum: 2 })],
    [{ location: 'S' }, englishField('locationMin', { minimum: 2 })],
    [{ address: 'too short' }, englishField('addressMin', { minimum: 10 })],
    [{ address: 'y'.repeat(251) }, englishField('addressMax', { maximum: 250 })],
    [{ phone: '0812345' }, englishField('phoneMin', { minimum: 8 })],
    [{ phone: '081234567890123' }, englishField('phoneMax', { maximum: 14 })],
    [{ phone: '0812 345 678' }, englishField('phoneFormat')],
  ])('refuses %o with the exact message and changes nothing', async (overrides, message) => {
    const { user: member, cookie } = await ctx.member();
    const res = await ctx.answer(
      ctx.client<AccountApi>(cookie).profile.$patch({ json: { ...valid, ...overrides } }),
    );
    expect(res.status).toBe(422);
    expect(res.body.error).toMatchObject({ code: 'VALIDATION_FAILED', message });
    const [row] = await ctx.db.select().from(user).where(eq(user.id, member.id));
    expect(row).toMatchObject({
      name: member.name,
      phone: member.phone,
      location: member.location,
      address: member.address,
    });
  });

  it('an emptied or left-out phone, location or address is removed; a member listing books keeps a location', async () => {
    const { cookie } = await ctx.member();
    const emptied = await ctx.answer(
      ctx
        .client<AccountApi>(cookie)
        .profile.$patch({ json: { name: 'Nyoman Ayu', phone: '', location: '', address: undefined } }),
    );
    expect(emptied.status).toBe(200);
    expect(emptied.body).toMatchObject({ phone: null, location: null, address: null });

    // An owner with a listed book: their books show the location as their area (D38).
    const owner = await ctx.member({ location: 'Ubud' });
    await createBook(ctx.db, { ownerId: owner.user.id, title: 'Where It Is' });
    const refused = await ctx.answer(
      ctx.client<AccountApi>(owner.cookie).profile.$patch({ json: { ...valid, location: '' } }),
    );
    expect(refused.status).toBe(422);
    expect(refused.body.error.fieldCodes.location).toMatchObject({ code: 'locationNeededForBooks' });
    expect(refused.body.error.message).toBe(englishField('locationNeededForBooks'));
    const [row] = await ctx.db.select().from(user).where(eq(user.id, owner.user.id));
    expect(row.location).toBe('Ubud');
  });

  it('updates the four fields (trimmed) and nothing else', async () => {
    const { user: member, cookie } = await ctx.member();
    const res = await ctx.answer(
      ctx.client<AccountApi>(cookie).profile.$patch({
        json: uncheckedInput({ ...valid, name: '  Nyoman Ayu ', email: 'hijack@example.com', role: 'admin' }),
      }),
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ...valid, id: member.id, email: member.email, role: 'user' });
    const again = await ctx.answer(ctx.client<AccountApi>(cookie).me.$get());
    expect(again.body.user).toMatchObject({ ...valid, email: member.email, role: 'user' });
  });

  it('refuses a body that is not JSON with 400', async () => {
    const { cookie } = await ctx.member();
    const res = await ctx.rawRequest('PATCH', '/api/profile', {
      cookie,
      body: '{not json',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
  });

  it('refuses a cross-site request that carries the cookie', async () => {
    const { cookie } = await ctx.member();
    const res = await ctx.answer(
      ctx
        .client<AccountApi>(cookie)
        .profile.$patch({ json: valid }, { headers: { origin: 'https://evil.example' } }),
    );
    expect(res.status).toBe(403);
  });
});
