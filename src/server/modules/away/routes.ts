import { awayDatesSchema, ownerAwaySchema } from '@domain/away-types';
import { jsonAnswer, jsonBody, memberRoute, router } from '@server/lib/openapi';
import { clearAway, getAway, setAway } from './service';

// Owners away: each member reads and sets only their own away dates.

const tags = ['Owners away'];

const mine = memberRoute({
  method: 'get',
  path: '/profile/away',
  tags,
  summary: "The signed-in owner's away dates (null when none, or once they passed)",
  responses: { 200: jsonAnswer(ownerAwaySchema, 'The away dates') },
});

const set = memberRoute({
  method: 'put',
  path: '/profile/away',
  tags,
  summary:
    "Set the owner's away dates (operator days; from ≤ to, to not past, at most 90 days): their books wait until the day after",
  request: { body: jsonBody(awayDatesSchema) },
  responses: { 200: jsonAnswer(ownerAwaySchema, 'The saved away dates') },
});

const clear = memberRoute({
  method: 'delete',
  path: '/profile/away',
  tags,
  summary: 'The owner is back (or stays): their away dates go',
  responses: { 200: jsonAnswer(ownerAwaySchema, 'No away dates') },
});

export function awayRoutes() {
  return router()
    .openapi(mine, async (c) => c.json(await getAway(c.get('deps').db, c.get('user').id), 200))
    .openapi(set, async (c) =>
      c.json(await setAway(c.get('deps'), { actorId: c.get('user').id, dates: c.req.valid('json') }), 200),
    )
    .openapi(clear, async (c) => c.json(await clearAway(c.get('deps'), { actorId: c.get('user').id }), 200));
}

export type AwayApi = ReturnType<typeof awayRoutes>;
