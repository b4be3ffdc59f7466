import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user } from '@server/db/schema';
import { createTestContext, type TestContext } from '@tests/support/harness';

// Better Auth answers at /api/auth/* for every endpoint it has, not only those the web app
// uses. The ones that would bypass our own rules (profile rules of spec 5, D12, D13) must not
// change anything: the profile changes only through PATCH /api/profile.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const bypasses: [string, Record<string, unknown>][] = [
  [
    '/api/auth/update-user',
    { name: 'X', phone: 'not a phone', location: '', address: 'short', image: 'javascript:alert(1)' },
  ],
  ['/api/auth/change-email', { newEmail: 'taken-over@example.com' }],
  ['/api/auth/delete-user', { password: 'member-pass-1' }],
  ['/api/auth/admin/set-role', { userId: 'self', role: 'admin' }],
  ['/api/auth/admin/create-user', { email: 'x@example.com', password: 'xxxxxxxx', name: 'X', role: 'admin' }],
];

describe("Better Auth endpoints our rules don't cover", () => {
  it.each(bypasses)('%s changes nothing for a signed-in member', async (path, body) => {
    const member = await ctx.member({ password: 'member-pass-1', phone: '+6281234567', location: 'Ubud' });
    const [before] = await ctx.db.select().from(user).where(eq(user.id, member.user.id));
    const res = await ctx.request('POST', path, {
      cookie: member.cookie,
      body: { ...body, userId: body.userId === 'self' ? member.user.id : body.userId },
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    const [after] = await ctx.db.select().from(user).where(eq(user.id, member.user.id));
    expect(after).toEqual(before);
  });
});
