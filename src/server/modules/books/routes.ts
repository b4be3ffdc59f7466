import { Hono } from 'hono';
import { bookQuerySchema } from '../../../domain/schemas/book-query';
import type { AppEnv } from '../../app-env';
import { parseQuery } from '../../lib/validate';
import { listBooks } from './service';

export function booksRoutes() {
  return new Hono<AppEnv>().get('/books', async (c) => {
    const query = parseQuery(c, bookQuerySchema);
    return c.json(await listBooks(c.var.deps.db, query));
  });
}
