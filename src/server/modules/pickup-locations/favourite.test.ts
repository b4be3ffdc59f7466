import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { favouritePickupLocations, ownerPickupLocations, pickupLocations } from '@server/db/schema';
import { createBook, createPickupLocation, createUser } from '@server/seed/factories';
import { createTestContext, type Member, type TestContext } from '@tests/support/harness';
import type { PickupLocationsApi } from './routes';
import type { CartApi } from '@server/modules/cart/routes';
import type { CheckoutApi } from '@server/modules/checkout/routes';

// A member's favourite pickup location: one per member, active locations only, and checkout
// offers it first when every owner in the cart drops books off there.

let ctx: TestContext;
let ubud: { id: string };
let canggu: { id: string };
beforeAll(async () => {
  ctx = await createTestContext();
  ubud = await createPickupLocation(ctx.db, { name: 'Ubud Reading Room', location: 'Ubud' });
  canggu = await createPickupLocation(ctx.db, { name: 'Canggu Book Corner', location: 'Canggu' });
});
afterAll(() => ctx.close());

const favourite = (cookie?: string) =>
  ctx.client<PickupLocationsApi>(cookie).profile['favourite-pickup-location'];
const save = (member: Member, pickupLocationId: string | null) =>
  ctx.answer(favourite(member.cookie).$put({ json: { pickupLocationId } }));
const read = async (member: Member) => (await ctx.answer(favourite(member.cookie).$get())).body;
const rows = (member: Member) =>
  ctx.db.select().from(favouritePickupLocations).where(eq(favouritePickupLocations.memberId, member.user.id));

describe('the favourite pickup location', () => {
  it('needs a signed-in member', async () => {
    expect((await ctx.answer(favourite().$get())).status).toBe(401);
    expect((await ctx.answer(favourite().$put({ json: { pickupLocationId: ubud.id } }))).status).toBe(401);
  });

  it('starts empty, is one location that a new choice replaces, and null forgets it', async () => {
    const member = await ctx.member();
    expect(await read(member)).toEqual({ pickupLocationId: null });

    const first = await save(member, ubud.id);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ pickupLocationId: ubud.id });
    expect(await read(member)).toEqual({ pickupLocationId: ubud.id });

    expect((await save(member, canggu.id)).body).toEqual({ pickupLocationId: canggu.id });
    expect(await rows(member)).toHaveLength(1);
    expect(await read(member)).toEqual({ pickupLocationId: canggu.id });

    expect((await save(member, null)).body).toEqual({ pickupLocationId: null });
    expect(await rows(member)).toHaveLength(0);
    expect(await read(member)).toEqual({ pickupLocationId: null });
  });

  it('refuses a closed, unknown or malformed location and keeps the one saved', async () => {
    const member = await ctx.member();
    await save(member, ubud.id);
    const closed = await createPickupLocation(ctx.db, { active: false });
    for (const pickupLocationId of [closed.id, '00000000-0000-4000-8000-000000000000']) {
      const res = await save(member, pickupLocationId);
      expect(res.status).toBe(422);
      expect(res.body.error.code).toBe('PICKUP_LOCATION_UNAVAILABLE');
      expect(res.body.error.fieldCodes.pickupLocationId.code).toBe('pickupLocationGone');
    }
    const malformed = await save(member, 'not-a-location');
    expect(malformed.status).toBe(422);
    expect(await read(member)).toEqual({ pickupLocationId: ubud.id });
  });

  it('is no favourite once its location closes, and goes with a deleted location', async () => {
    const member = await ctx.member();
    const cafe = await createPickupLocation(ctx.db);
    await save(member, cafe.id);
    await ctx.db.update(pickupLocations).set({ active: false }).where(eq(pickupLocations.id, cafe.id));
    expect(await read(member)).toEqual({ pickupLocationId: null });
    await ctx.db.delete(pickupLocations).where(eq(pickupLocations.id, cafe.id));
    expect(await rows(member)).toHaveLength(0);
  });

  it('is each member’s own', async () => {
    const [a, b] = [await ctx.member(), await ctx.member()];
    await save(a, ubud.id);
    await save(b, canggu.id);
    expect(await read(a)).toEqual({ pickupLocationId: ubud.id });
    expect(await read(b)).toEqual({ pickupLocationId: canggu.id });
  });

  it('answers with the declared type through the typed client', async () => {
    const member = await ctx.member();
    const client = ctx.client<PickupLocationsApi>(member.cookie);
    const saved = await client.profile['favourite-pickup-location'].$put({
      json: { pickupLocationId: ubud.id },
    });
    expect(saved.status).toBe(200);
    if (saved.status !== 200) return;
    expect((await saved.json()).pickupLocationId).toBe(ubud.id);
  });
});

describe('checkout options', () => {
  it('name the favourite only when every owner in the cart offers it', async () => {
    const member = await ctx.member();
    const [ownerA, ownerB] = [await createUser(ctx.db), await createUser(ctx.db)];
    for (const owner of [ownerA, ownerB]) {
      const book = await createBook(ctx.db, { ownerId: owner.id });
      const added = await ctx.answer(
        ctx.client<CartApi>(member.cookie).cart.items.$post({ json: { bookId: book.id } }),
      );
      expect(added.status).toBe(201);
    }
    await ctx.db.insert(ownerPickupLocations).values([
      { ownerId: ownerA.id, pickupLocationId: ubud.id },
      { ownerId: ownerB.id, pickupLocationId: ubud.id },
      { ownerId: ownerA.id, pickupLocationId: canggu.id },
    ]);
    const options = async () =>
      (await ctx.answer(ctx.client<CheckoutApi>(member.cookie).checkout.options.$get())).body;

    expect((await options()).favouritePickupLocationId).toBeNull();
    await save(member, canggu.id); // only owner A drops books off there
    expect(await options()).toMatchObject({
      pickupLocations: [{ id: ubud.id }],
      favouritePickupLocationId: null,
    });
    await save(member, ubud.id);
    expect((await options()).favouritePickupLocationId).toBe(ubud.id);
  });
});
