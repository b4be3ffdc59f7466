import { FIELD_MSG } from '@domain/error-codes';
import { MAX_WAITLISTS } from '@domain/waitlist';
import { uuidField } from '@domain/ids';
import {
  adminWaitlistSchema,
  bookWaitlistSchema,
  myWaitlistSchema,
  waitlistCountsSchema,
} from '@domain/waitlist-types';
import {
  adminRoute,
  codeAnswer,
  jsonAnswer,
  memberRoute,
  publicRoute,
  router,
  uuidParam,
  z,
} from '@server/lib/openapi';
import {
  clearWaitlistEntry,
  getAdminWaitlist,
  getBookWaitlist,
  getMyWaitlist,
  getWaitlistCounts,
  joinWaitlist,
  leaveWaitlist,
  passHold,
} from './service';

const tags = ['Waitlist'];
const bookId = z.object({ id: uuidParam('BOOK_NOT_FOUND') });
const entryId = z.object({
  id: uuidParam('WAITLIST_ENTRY_NOT_FOUND'),
});
const bookNotFound = codeAnswer('BOOK_NOT_FOUND');

const MAX_COUNT_IDS = 100;

const bookWaitlist = publicRoute({
  method: 'get',
  path: '/books/{id}/waitlist',
  tags,
  summary: "A book's waitlist as the viewer sees it: how many wait, their place, the estimate",
  request: { params: bookId },
  responses: { 200: jsonAnswer(bookWaitlistSchema, 'The waitlist'), 404: bookNotFound },
});

const join = memberRoute({
  method: 'post',
  path: '/books/{id}/waitlist',
  tags,
  summary: 'Join the waitlist of a reserved or borrowed book',
  request: { params: bookId },
  responses: {
    201: jsonAnswer(bookWaitlistSchema, 'The waitlist with the member in it'),
    404: bookNotFound,
    409: codeAnswer(
      'WAITLIST_BOOK_AVAILABLE',
      'WAITLIST_BOOK_UNAVAILABLE',
      'WAITLIST_IN_YOUR_ORDER',
      'WAITLIST_ALREADY_JOINED',
    ),
    422: codeAnswer('WAITLIST_OWN_BOOK', ['WAITLIST_LIMIT', { max: MAX_WAITLISTS }]),
  },
});

const leave = memberRoute({
  method: 'delete',
  path: '/books/{id}/waitlist',
  tags,
  summary: 'Leave the waitlist; a hold the member had passes to the next waiter',
  request: { params: bookId },
  responses: {
    200: jsonAnswer(bookWaitlistSchema, 'The waitlist without the member'),
    404: codeAnswer('WAITLIST_NOT_JOINED', 'BOOK_NOT_FOUND'),
  },
});

const pass = memberRoute({
  method: 'post',
  path: '/books/{id}/waitlist/pass',
  tags,
  summary: 'The holder passes the hold to the next waiter (or the book back to the shop)',
  request: { params: bookId },
  responses: {
    200: jsonAnswer(bookWaitlistSchema, 'The waitlist after the pass'),
    404: bookNotFound,
    409: codeAnswer('WAITLIST_NO_HOLD'),
  },
});

const mine = memberRoute({
  method: 'get',
  path: '/waitlist',
  tags,
  summary: 'My waitlist: each book the member waits for, with its state, place and estimate',
  responses: { 200: jsonAnswer(myWaitlistSchema, 'The books, held ones first') },
});

const counts = publicRoute({
  method: 'get',
  path: '/waitlist/counts',
  tags,
  summary: 'How many members wait for each of the given books (comma-separated ids, at most 100)',
  request: {
    query: z.object({
      bookIds: z
        .string()
        .transform((s) => s.split(',').filter(Boolean))
        .pipe(z.array(uuidField(FIELD_MSG.bookNotFound)).max(MAX_COUNT_IDS)),
    }),
  },
  responses: {
    200: jsonAnswer(waitlistCountsSchema, 'Counts by book id; books nobody waits for are left out'),
  },
});

const adminQueue = adminRoute({
  method: 'get',
  path: '/admin/books/{id}/waitlist',
  tags,
  summary: "A book's waitlist in order, for an admin to clear an entry",
  request: { params: bookId },
  responses: { 200: jsonAnswer(adminWaitlistSchema, 'The queue'), 404: bookNotFound },
});

const clear = adminRoute({
  method: 'delete',
  path: '/admin/waitlist/{id}',
  tags,
  summary: 'Clear a waitlist entry; a cleared hold passes to the next waiter',
  request: { params: entryId },
  responses: { 204: { description: 'Cleared (no body)' }, 404: codeAnswer('WAITLIST_ENTRY_NOT_FOUND') },
});

export function waitlistRoutes() {
  return router()
    .openapi(bookWaitlist, async (c) => {
      const viewerId = c.get('user')?.id ?? null;
      return c.json(
        await getBookWaitlist(c.get('deps').db, { bookId: c.req.valid('param').id, viewerId }),
        200,
      );
    })
    .openapi(join, async (c) => {
      const input = { actorId: c.get('user').id, bookId: c.req.valid('param').id };
      return c.json(await joinWaitlist(c.get('deps').db, input), 201);
    })
    .openapi(leave, async (c) => {
      const input = { actorId: c.get('user').id, bookId: c.req.valid('param').id };
      const answer = await leaveWaitlist(c.get('deps').db, c.get('deps').config, input);
      c.get('deps').outbox.kick();
      return c.json(answer, 200);
    })
    .openapi(pass, async (c) => {
      const input = { actorId: c.get('user').id, bookId: c.req.valid('param').id };
      const answer = await passHold(c.get('deps').db, c.get('deps').config, input);
      c.get('deps').outbox.kick();
      return c.json(answer, 200);
    })
    .openapi(mine, async (c) =>
      c.json(await getMyWaitlist(c.get('deps').db, { actorId: c.get('user').id }), 200),
    )
    .openapi(counts, async (c) =>
      c.json(await getWaitlistCounts(c.get('deps').db, c.req.valid('query').bookIds), 200),
    )
    .openapi(adminQueue, async (c) =>
      c.json(await getAdminWaitlist(c.get('deps').db, { bookId: c.req.valid('param').id }), 200),
    )
    .openapi(clear, async (c) => {
      await clearWaitlistEntry(c.get('deps').db, c.get('deps').config, { entryId: c.req.valid('param').id });
      c.get('deps').outbox.kick();
      return c.body(null, 204);
    });
}

export type WaitlistApi = ReturnType<typeof waitlistRoutes>;
