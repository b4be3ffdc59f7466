import { MAX_WANTED } from '@domain/constants';
import { myWantedSchema, wantedBookSchema, wantedRequestSchema } from '@domain/wanted-types';
import { codeAnswer, jsonAnswer, jsonBody, memberRoute, router, uuidParam, z } from '@server/lib/openapi';
import { addWanted, listWanted, removeWanted } from './service';

// Wanted books: the member's own list; the notices come from the lifecycle listener.

const tags = ['Wanted books'];

const mine = memberRoute({
  method: 'get',
  path: '/wanted',
  tags,
  summary: "The member's wanted books, newest first",
  responses: { 200: jsonAnswer(myWantedSchema, 'The wanted books and the most one may keep') },
});

const add = memberRoute({
  method: 'post',
  path: '/wanted',
  tags,
  summary:
    'Want a title (with its author, or not) or an ISBN; told once per matching book that can be borrowed',
  request: { body: jsonBody(wantedRequestSchema) },
  responses: {
    201: jsonAnswer(wantedBookSchema, 'The new wanted book'),
    409: codeAnswer('WANTED_ALREADY'),
    422: codeAnswer('VALIDATION_FAILED', ['WANTED_LIMIT', { max: MAX_WANTED }]),
  },
});

const remove = memberRoute({
  method: 'delete',
  path: '/wanted/{id}',
  tags,
  summary: 'Remove a wanted book from the list',
  request: { params: z.object({ id: uuidParam('WANTED_NOT_FOUND') }) },
  responses: {
    200: jsonAnswer(myWantedSchema, 'The list without it'),
    404: codeAnswer('WANTED_NOT_FOUND'),
  },
});

export function wantedRoutes() {
  return router()
    .openapi(mine, async (c) => c.json(await listWanted(c.get('deps').db, c.get('user').id), 200))
    .openapi(add, async (c) =>
      c.json(
        await addWanted(c.get('deps').db, { actorId: c.get('user').id, wanted: c.req.valid('json') }),
        201,
      ),
    )
    .openapi(remove, async (c) =>
      c.json(
        await removeWanted(c.get('deps').db, { actorId: c.get('user').id, id: c.req.valid('param').id }),
        200,
      ),
    );
}

export type WantedApi = ReturnType<typeof wantedRoutes>;
