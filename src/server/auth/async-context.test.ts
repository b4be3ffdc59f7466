import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '@tests/support/harness';
import type { AccountApi } from '@server/modules/account/routes';
import { betterAuthStores } from './async-context';

// Better Auth's async-context stores are off between its calls (async-context.ts), and its
// calls still find their context, one at a time or many at once. Node does not say publicly
// whether a store is on; its AsyncLocalStorage keeps that in `enabled`, which these tests read.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const enabled = () =>
  betterAuthStores().filter((store) => (store as unknown as { enabled: boolean }).enabled);
const me = async (cookie: string) => (await ctx.answer(ctx.client<AccountApi>(cookie).me.$get())).body.user;

describe("Better Auth's async-context stores", () => {
  it('are made by its calls and off once a sign-in, a session read and a refused sign-in settled', async () => {
    const { user, cookie } = await ctx.member({ password: 'context-pass-1' });
    expect(betterAuthStores().length).toBeGreaterThan(0);
    expect(enabled()).toEqual([]);

    expect((await me(cookie)).id).toBe(user.id);
    expect(enabled()).toEqual([]);

    const refused = await ctx.rawRequest('POST', '/api/auth/sign-in/email', {
      body: { email: user.email, password: 'not-the-password' },
    });
    expect(refused.status).toBe(401);
    expect(enabled()).toEqual([]);
  });

  it('are on while a call is in flight, and its calls many at once all find their context', async () => {
    const members = await Promise.all(
      Array.from({ length: 4 }, (_, i) => ctx.member({ password: `context-pass-${i}-a` })),
    );
    let seenOn = false;
    const watching = setInterval(() => {
      seenOn ||= enabled().length > 0;
    }, 0);
    const results = await Promise.all(
      members.flatMap(({ user }, i) => [
        ctx.signIn(user.email, `context-pass-${i}-a`),
        ctx.deps.auth.api.getSession({ headers: new Headers({ cookie: members[i].cookie }) }),
        ctx.rawRequest('POST', '/api/auth/sign-out', { cookie: members[i].cookie, body: {} }),
      ]),
    ).finally(() => clearInterval(watching));
    expect(results.length).toBe(12);
    for (const [i, { user }] of members.entries()) {
      const cookie = results[i * 3] as string;
      expect((await me(cookie)).id).toBe(user.id);
    }
    expect(seenOn).toBe(true);
    expect(enabled()).toEqual([]);
  });
});
