import { Hono } from 'hono';
import { z } from 'zod';
import { MSG } from '@domain/messages';
import {
  adminBookStatusSchema,
  adminBooksQuerySchema,
  adminEmailsQuerySchema,
  adminOrdersQuerySchema,
  adminUserRoleSchema,
  adminUsersQuerySchema,
} from '@domain/schemas/admin';
import type { AppEnv } from '@server/app-env';
import { requireAdmin } from '@server/auth/middleware';
import { parseJson, parseParam, parseQuery } from '@server/lib/validate';
import * as admin from './service';

// Every route here is admin-only (D12): guests 401, members 403 with the spec's message.

export function adminRoutes() {
  const app = new Hono<AppEnv>();
  app.use('/admin/*', requireAdmin);

  app.get('/admin/stats', async (c) => c.json(await admin.getStats(c.var.deps.db)));

  app.get('/admin/orders', async (c) =>
    c.json(await admin.listOrders(c.var.deps.db, parseQuery(c, adminOrdersQuerySchema))),
  );

  app.get('/admin/books', async (c) =>
    c.json(await admin.listBooks(c.var.deps.db, parseQuery(c, adminBooksQuerySchema))),
  );
  app.patch('/admin/books/:id', async (c) => {
    const bookId = parseParam(c, 'id', z.uuid(), MSG.bookNotFound);
    const { status } = await parseJson(c, adminBookStatusSchema);
    return c.json(await admin.setBookStatus(c.var.deps.db, { bookId, status }));
  });
  app.delete('/admin/books/:id', async (c) => {
    const bookId = parseParam(c, 'id', z.uuid(), MSG.bookNotFound);
    await admin.deleteBook(c.var.deps.db, { bookId });
    return c.body(null, 204);
  });

  app.get('/admin/users', async (c) =>
    c.json(await admin.listUsers(c.var.deps.db, parseQuery(c, adminUsersQuerySchema))),
  );
  app.patch('/admin/users/:id', async (c) => {
    const userId = parseParam(c, 'id', z.string().min(1).max(100), MSG.userNotFound);
    const { role } = await parseJson(c, adminUserRoleSchema);
    return c.json(await admin.setUserRole(c.var.deps.db, { actorId: c.var.user!.id, userId, role }));
  });
  app.delete('/admin/users/:id', async (c) => {
    const userId = parseParam(c, 'id', z.string().min(1).max(100), MSG.userNotFound);
    await admin.deleteUser(c.var.deps.db, { actorId: c.var.user!.id, userId });
    return c.body(null, 204);
  });

  app.get('/admin/emails', async (c) =>
    c.json(await admin.listEmails(c.var.deps.db, parseQuery(c, adminEmailsQuerySchema))),
  );
  app.get('/admin/emails/pending-count', async (c) =>
    c.json({ count: await admin.countPendingEmails(c.var.deps.db) }),
  );
  app.post('/admin/emails/process', async (c) => c.json(await admin.processEmails(c.var.deps)));

  return app;
}
