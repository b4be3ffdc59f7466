import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownerPickupLocations } from '@server/db/schema';
import { createPickupLocation } from '@server/seed/factories';
import { createTestContext, type TestContext } from '@tests/support/harness';
import type { PickupLocationsApi } from './routes';
import { englishCode } from '@tests/support/texts';

let ctx: TestContext;
let ubud: { id: string };
let canggu: { id: string };
let sanur: { id: string };
let closed: { id: string };
beforeAll(async () => {
  ctx = await createTestContext();
  canggu = await createPickupLocation(ctx.db, { name: 'Canggu Book Corner', location: 'Canggu' });
  ubud = await createPickupLocation(ctx.db, { name: 'Ubud Reading Room', location: 'Ubud' });
  sanur = await createPickupLocation(ctx.db, { name: 'Sanur Beach Library', location: 'Sanur' });
  closed = await createPickupLocation(ctx.db, { name: 'Amed Closed Cafe', active: false });
});
afterAll(() => ctx.close());

describe('GET /api/pickup-locations', () => {
  it('lists the active partner locations by name, for guests too', async () => {
    const res = await ctx.answer(ctx.client<PickupLocationsApi>()['pickup-locations'].$get());
    expect(res.status).toBe(200);
    expect(res.body.items.map((l: { name: string }) => l.name)).toEqual([
      'Canggu Book Corner',
      'Sanur Beach Library',
      'Ubud Reading Room',
    ]);
    expect(res.body.items[0]).toMatchObject({ id: canggu.id, location: 'Canggu', active: true });
    expect(res.body.items[0].address).toEqual(expect.any(String));
  });
});

describe('through the typed client', () => {
  it('reads the list and saves a choice with the declared answer types', async () => {
    const guest = ctx.client<PickupLocationsApi>();
    const list = await guest['pickup-locations'].$get();
    expect(list.status).toBe(200);
    if (list.status !== 200) return;
    const { items } = await list.json();
    expect(items.map((l) => l.name)).toEqual([
      'Canggu Book Corner',
      'Sanur Beach Library',
      'Ubud Reading Room',
    ]);

    const { cookie } = await ctx.member();
    const owner = ctx.client<PickupLocationsApi>(cookie);
    const saved = await owner.profile['pickup-locations'].$put({ json: { ids: [sanur.id] } });
    expect(saved.status).toBe(200);
    if (saved.status !== 200) return;
    expect((await saved.json()).ids).toEqual([sanur.id]);
    const read = await owner.profile['pickup-locations'].$get();
    expect(read.status === 200 && (await read.json()).ids).toEqual([sanur.id]);
    expect((await guest.profile['pickup-locations'].$get()).status).toBe(401);
  });
});

describe("the owner's pickup choices", () => {
  it('need a signed-in member', async () => {
    expect(
      (await ctx.answer(ctx.client<PickupLocationsApi>().profile['pickup-locations'].$get())).status,
    ).toBe(401);
    expect(
      (
        await ctx.answer(
          ctx.client<PickupLocationsApi>().profile['pickup-locations'].$put({ json: { ids: [] } }),
        )
      ).status,
    ).toBe(401);
  });

  it('start empty, are saved as a whole set and read back', async () => {
    const { cookie } = await ctx.member();
    expect(
      (await ctx.answer(ctx.client<PickupLocationsApi>(cookie).profile['pickup-locations'].$get())).body,
    ).toEqual({ ids: [] });

    const first = await ctx.answer(
      ctx
        .client<PickupLocationsApi>(cookie)
        .profile['pickup-locations'].$put({ json: { ids: [ubud.id, canggu.id, ubud.id] } }),
    );
    expect(first.status).toBe(200);
    expect(first.body.ids.sort()).toEqual([canggu.id, ubud.id].sort());

    const second = await ctx.answer(
      ctx.client<PickupLocationsApi>(cookie).profile['pickup-locations'].$put({ json: { ids: [sanur.id] } }),
    );
    expect(second.body).toEqual({ ids: [sanur.id] });
    expect(
      (await ctx.answer(ctx.client<PickupLocationsApi>(cookie).profile['pickup-locations'].$get())).body,
    ).toEqual({
      ids: [sanur.id],
    });

    const none = await ctx.answer(
      ctx.client<PickupLocationsApi>(cookie).profile['pickup-locations'].$put({ json: { ids: [] } }),
    );
    expect(none.body).toEqual({ ids: [] });
  });

  it("are one member's own: another member's choices are untouched", async () => {
    const a = await ctx.member();
    const b = await ctx.member();
    await ctx.answer(
      ctx.client<PickupLocationsApi>(a.cookie).profile['pickup-locations'].$put({ json: { ids: [ubud.id] } }),
    );
    await ctx.answer(
      ctx
        .client<PickupLocationsApi>(b.cookie)
        .profile['pickup-locations'].$put({ json: { ids: [canggu.id] } }),
    );
    expect(
      (await ctx.answer(ctx.client<PickupLocationsApi>(a.cookie).profile['pickup-locations'].$get())).body
        .ids,
    ).toEqual([ubud.id]);
  });

  it('refuse an inactive or unknown location and keep the previous set (one transaction)', async () => {
    const { user, cookie } = await ctx.member();
    await ctx.answer(
      ctx.client<PickupLocationsApi>(cookie).profile['pickup-locations'].$put({ json: { ids: [ubud.id] } }),
    );
    for (const ids of [
      [canggu.id, closed.id],
      [canggu.id, '6f1d2a4e-0000-4000-8000-000000000000'],
    ]) {
      const res = await ctx.answer(
        ctx.client<PickupLocationsApi>(cookie).profile['pickup-locations'].$put({ json: { ids } }),
      );
      expect(res.status).toBe(422);
      expect(res.body.error.message).toBe(englishCode('PICKUP_LOCATION_UNAVAILABLE'));
    }
    const bad = await ctx.answer(
      ctx.client<PickupLocationsApi>(cookie).profile['pickup-locations'].$put({ json: { ids: ['nope'] } }),
    );
    expect(bad.status).toBe(422);
    const rows = await ctx.db.select().from(ownerPickupLocations);
    expect(rows.filter((r) => r.ownerId === user.id).map((r) => r.pickupLocationId)).toEqual([ubud.id]);
  });
});
