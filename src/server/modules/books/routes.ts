import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import { COVER_MAX_BYTES } from '@domain/constants';
import { MSG } from '@domain/messages';
import { bookStatusChangeSchema } from '@domain/schemas/book-form';
import { bookQuerySchema } from '@domain/schemas/book-query';
import type { AppEnv } from '@server/app-env';
import { requireUser } from '@server/auth/middleware';
import { AppError } from '@server/lib/errors';
import { sendJson } from '@server/lib/json-response';
import { parseJson, parseQuery } from '@server/lib/validate';
import { readBookSubmission } from './book-submission';
import { getBookDetail, getOwnerProfile, listMyBooks, moreFromOwner } from './read-service';
import { listBooksJson } from './service';
import { takeUploadAttempt } from './upload-rate-limit';
import {
  createOwnedBook,
  deleteOwnedBook,
  loadOwnedBook,
  setOwnedBookStatus,
  updateOwnedBook,
} from './write-service';

/**
 * A body far beyond the cover limit is refused before it is read. The margin lets a cover of
 * exactly the limit plus the text fields through, so a 2 MB + 1 byte file still gets its exact
 * message from the cover check.
 */
const FORM_BODY_MAX = COVER_MAX_BYTES + 64 * 1024;
const limitFormBody = bodyLimit({
  maxSize: FORM_BODY_MAX,
  onError: () => {
    throw new AppError('PAYLOAD_TOO_LARGE', MSG.coverTooLarge, 413, { cover: MSG.coverTooLarge });
  },
});

const limitUploads = createMiddleware<AppEnv>(async (c, next) => {
  const { db, config } = c.var.deps;
  if (config.rateLimitEnabled && !(await takeUploadAttempt(db, c.var.user!.id))) {
    throw new AppError('TOO_MANY_UPLOADS', MSG.tooManyUploads, 429);
  }
  await next();
});

const catalogVersionOf = (c: Context<AppEnv>) => async () => (await c.var.versions()).catalog;

export function booksRoutes() {
  return new Hono<AppEnv>()
    .get('/books', async (c) => {
      const query = parseQuery(c, bookQuerySchema);
      return sendJson(c, await listBooksJson(c.var.deps.db, query, undefined, catalogVersionOf(c)));
    })
    .post('/books', requireUser, limitUploads, limitFormBody, async (c) => {
      const { values, cover } = await readBookSubmission(c, { coverRequired: true });
      const book = await createOwnedBook(c.var.deps, { actorId: c.var.user!.id, values, cover: cover! });
      return c.json(book, 201);
    })
    .get('/books/:id', async (c) => c.json(await getBookDetail(c.var.deps.db, c.req.param('id'))))
    .patch('/books/:id', requireUser, limitUploads, limitFormBody, async (c) => {
      const actorId = c.var.user!.id;
      const bookId = c.req.param('id');
      // Authorize before reading (and re-encoding) what a non-owner sent.
      await loadOwnedBook(c.var.deps.db, bookId, actorId);
      const { values, cover } = await readBookSubmission(c, { coverRequired: false });
      return c.json(await updateOwnedBook(c.var.deps, { actorId, bookId, values, cover }));
    })
    .patch('/books/:id/status', requireUser, async (c) => {
      const { status } = await parseJson(c, bookStatusChangeSchema);
      const input = { actorId: c.var.user!.id, bookId: c.req.param('id'), status };
      return c.json(await setOwnedBookStatus(c.var.deps.db, input));
    })
    .delete('/books/:id', requireUser, async (c) => {
      await deleteOwnedBook(c.var.deps.db, { actorId: c.var.user!.id, bookId: c.req.param('id') });
      return c.body(null, 204);
    })
    .get('/books/:id/more-from-owner', async (c) =>
      c.json(await moreFromOwner(c.var.deps.db, c.req.param('id'))),
    )
    .get('/owners/:id', async (c) => c.json(await getOwnerProfile(c.var.deps.db, c.req.param('id'))))
    .get('/owners/:id/books', async (c) => {
      const query = parseQuery(c, bookQuerySchema);
      // 'Owner not found' rather than an empty shelf for an id that names nobody.
      const owner = await getOwnerProfile(c.var.deps.db, c.req.param('id'));
      const shelf = { kind: 'shelf', ownerId: owner.id } as const;
      return sendJson(c, await listBooksJson(c.var.deps.db, query, shelf, catalogVersionOf(c)));
    })
    .get('/my/books', requireUser, async (c) => c.json(await listMyBooks(c.var.deps.db, c.var.user!.id)));
}
