import { Hono } from 'hono';
import { bookQuerySchema } from '../../../domain/schemas/book-query';
import type { AppEnv } from '../../app-env';
import { requireUser } from '../../auth/middleware';
import { parseQuery } from '../../lib/validate';
import { getBookDetail, getOwnerProfile, listMyBooks, moreFromOwner } from './read-service';
import { listBooks } from './service';

export function booksRoutes() {
  return new Hono<AppEnv>()
    .get('/books', async (c) => {
      const query = parseQuery(c, bookQuerySchema);
      return c.json(await listBooks(c.var.deps.db, query));
    })
    .get('/books/:id', async (c) => c.json(await getBookDetail(c.var.deps.db, c.req.param('id'))))
    .get('/books/:id/more-from-owner', async (c) =>
      c.json(await moreFromOwner(c.var.deps.db, c.req.param('id'))),
    )
    .get('/owners/:id', async (c) => c.json(await getOwnerProfile(c.var.deps.db, c.req.param('id'))))
    .get('/my/books', requireUser, async (c) => c.json(await listMyBooks(c.var.deps.db, c.var.user!.id)));
}
