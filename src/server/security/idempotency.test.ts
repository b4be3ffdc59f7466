import { and, count, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cartItems, idempotentRequests } from '@server/db/schema';
import { advanceClock, resetClock, setClock } from '@server/lib/clock';
import { createBook } from '@server/seed/factories';
import { createTestContext, type Member, type TestContext } from '@tests/support/harness';
import { fillParams, registeredApiRoutes } from '@tests/support/registered-routes';
import { KEPT_FOR_MS } from './idempotency';
import type { CartApi } from '@server/modules/cart/routes';

// Safe retries (security/idempotency.ts, docs/api.md): a POST sent again with its
// Idempotency-Key gets its first answer, and its effect happens once.

let ctx: TestContext;
let admin: Member;
let member: Member;
let other: Member;
let owner: Member;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.admin();
  member = await ctx.member();
  other = await ctx.member();
  owner = await ctx.member();
});
afterAll(() => ctx.close());
afterEach(() => resetClock());

let keys = 0;
const newKey = () => `test-key-${++keys}-${Date.now()}`;

const post = (path: string, who: Member, key: string | undefined, body: unknown) =>
  ctx.rawRequest('POST', path, {
    cookie: who.cookie,
    body,
    headers: key === undefined ? {} : { 'Idempotency-Key': key },
  });

const cartCount = async (who: Member) =>
  (await ctx.db.select({ n: count() }).from(cartItems).where(eq(cartItems.userId, who.user.id)))[0]!.n;

describe('every POST route', () => {
  it('answers the same key and body with its first answer, and another body under the key with 422', async () => {
    const routes = registeredApiRoutes(ctx.runtime.app).filter(
      (r) => r.method === 'POST' && !r.path.startsWith('/api/auth/'),
    );
    // A floor: if route discovery broke, this test would pass vacuously.
    expect(routes.length).toBeGreaterThanOrEqual(30);
    let replayed = 0;
    for (const route of routes) {
      const path = fillParams(route.path);
      const key = newKey();
      const first = await post(path, admin, key, { probe: 1 });
      const again = await post(path, admin, key, { probe: 1 });
      const label = `POST ${route.path} (${first.status})`;
      if (first.status >= 500 || first.status === 409 || first.status === 429) {
        // Answers that invite a retry are not kept: the retry runs again.
        expect(again.headers.get('idempotent-replayed'), label).toBeNull();
        continue;
      }
      expect({ status: again.status, body: again.body }, label).toEqual({
        status: first.status,
        body: first.body,
      });
      expect(again.headers.get('idempotent-replayed'), label).toBe('true');
      const reused = await post(path, admin, key, { probe: 2 });
      expect({ status: reused.status, code: reused.body?.error?.code }, label).toEqual({
        status: 422,
        code: 'IDEMPOTENCY_KEY_REUSED',
      });
      replayed++;
    }
    expect(replayed).toBeGreaterThanOrEqual(routes.length - 5);
  });
});

describe('an effect happens once per key', () => {
  it('adds a book to the cart once when the same request is sent twice', async () => {
    const book = await createBook(ctx.db, { ownerId: owner.user.id });
    const key = newKey();
    const first = await post('/api/cart/items', member, key, { bookId: book.id });
    const again = await post('/api/cart/items', member, key, { bookId: book.id });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(await cartCount(member)).toBe(1);
    // Without the key, the same request is a new one: the book is already in the cart.
    const unkeyed = await post('/api/cart/items', member, undefined, { bookId: book.id });
    expect(unkeyed.status).toBe(409);
  });

  it('two requests with one key at once: one effect, the other waits or gets the same answer', async () => {
    const book = await createBook(ctx.db, { ownerId: owner.user.id });
    const before = await cartCount(other);
    const key = newKey();
    const answers = await Promise.all([
      post('/api/cart/items', other, key, { bookId: book.id }),
      post('/api/cart/items', other, key, { bookId: book.id }),
    ]);
    expect(await cartCount(other)).toBe(before + 1);
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses[0]).toBe(201);
    expect([201, 409]).toContain(statuses[1]);
    const waiting = answers.find((a) => a.status === 409);
    if (waiting) {
      expect(waiting.body.error.code).toBe('IDEMPOTENCY_KEY_IN_FLIGHT');
      expect(waiting.headers.get('retry-after')).toBe('1');
    }
  });

  it("is the sender's own: another member's request under the same key is theirs", async () => {
    const book = await createBook(ctx.db, { ownerId: owner.user.id });
    const key = newKey();
    const mine = await post('/api/cart/items', member, key, { bookId: book.id });
    const theirs = await post('/api/cart/items', other, key, { bookId: book.id });
    expect(mine.status).toBe(201);
    expect(theirs.status).toBe(201);
    expect(theirs.headers.get('idempotent-replayed')).toBeNull();
    const inCarts = await ctx.db.select({ n: count() }).from(cartItems).where(eq(cartItems.bookId, book.id));
    expect(inCarts[0]!.n).toBe(2);
  });
});

describe('what is not kept', () => {
  it('a 409 is not kept: once the conflict is gone, the retry with the key runs again', async () => {
    const book = await createBook(ctx.db, { ownerId: owner.user.id });
    await post('/api/cart/items', member, undefined, { bookId: book.id });
    const key = newKey();
    const refused = await post('/api/cart/items', member, key, { bookId: book.id });
    expect(refused.status).toBe(409);
    const [item] = await ctx.db
      .select({ id: cartItems.id })
      .from(cartItems)
      .where(and(eq(cartItems.userId, member.user.id), eq(cartItems.bookId, book.id)));
    expect(
      (
        await ctx.answer(
          ctx.client<CartApi>(member.cookie).cart.items[':itemId'].$delete({ param: { itemId: item!.id } }),
        )
      ).status,
    ).toBe(200);
    const retried = await post('/api/cart/items', member, key, { bookId: book.id });
    expect(retried.status).toBe(201);
    expect(retried.headers.get('idempotent-replayed')).toBeNull();
  });

  it('a malformed key is refused with 400 and changes nothing', async () => {
    const book = await createBook(ctx.db, { ownerId: owner.user.id });
    const before = await cartCount(member);
    for (const key of ['short', 'x'.repeat(256), 'has space in it', 'key\twith-a-tab']) {
      const res = await ctx.answer(
        ctx
          .client<CartApi>(member.cookie)
          .cart.items.$post({ json: { bookId: book.id } }, { headers: { 'Idempotency-Key': key } }),
      );
      expect({ key, status: res.status, code: res.body?.error?.code }).toEqual({
        key,
        status: 400,
        code: 'IDEMPOTENCY_KEY_INVALID',
      });
    }
    expect(await cartCount(member)).toBe(before);
  });

  it('a kept answer lasts a day: after it, the key is free for a new request', async () => {
    setClock(new Date());
    const first = await createBook(ctx.db, { ownerId: owner.user.id });
    const second = await createBook(ctx.db, { ownerId: owner.user.id });
    const key = newKey();
    expect((await post('/api/cart/items', other, key, { bookId: first.id })).status).toBe(201);
    advanceClock(KEPT_FOR_MS - 60_000);
    expect((await post('/api/cart/items', other, key, { bookId: second.id })).status).toBe(422);
    advanceClock(2 * 60_000);
    const later = await post('/api/cart/items', other, key, { bookId: second.id });
    expect(later.status).toBe(201);
    expect(later.headers.get('idempotent-replayed')).toBeNull();
  });

  it('a first try that never finished (its instance died) is taken over after a minute, not before', async () => {
    setClock(new Date());
    const book = await createBook(ctx.db, { ownerId: owner.user.id });
    const key = newKey();
    const body = { bookId: book.id };
    // What a killed instance leaves: the claim, with no answer.
    const first = await post('/api/cart/items', member, key, body);
    expect(first.status).toBe(201);
    await ctx.db
      .update(idempotentRequests)
      .set({ status: null, body: null, contentType: null })
      .where(and(eq(idempotentRequests.scope, `user:${member.user.id}`), eq(idempotentRequests.key, key)));
    const soon = await post('/api/cart/items', member, key, body);
    expect({ status: soon.status, code: soon.body?.error?.code }).toEqual({
      status: 409,
      code: 'IDEMPOTENCY_KEY_IN_FLIGHT',
    });
    advanceClock(61_000);
    // Taken over: the route runs again, and its own rule refuses a second effect.
    const takenOver = await post('/api/cart/items', member, key, body);
    expect(takenOver.status).toBe(409);
    expect(takenOver.body.error.code).not.toBe('IDEMPOTENCY_KEY_IN_FLIGHT');
  });

  it("Better Auth's endpoints are left alone: their answers carry cookies of their own", async () => {
    const key = newKey();
    const signIn = (password: string) =>
      ctx.rawRequest('POST', '/api/auth/sign-in/email', {
        body: { email: member.user.email, password },
        headers: { 'Idempotency-Key': key },
      });
    const wrong = await signIn('not-the-password');
    const again = await signIn('not-the-password-either');
    expect(wrong.status).toBe(401);
    expect(again.status).toBe(401);
    expect(again.headers.get('idempotent-replayed')).toBeNull();
    const rows = await ctx.db.select().from(idempotentRequests).where(eq(idempotentRequests.key, key));
    expect(rows).toEqual([]);
  });
});
