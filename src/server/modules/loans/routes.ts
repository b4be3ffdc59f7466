import { Hono } from 'hono';
import ical from 'ical-generator';
import { z } from 'zod';
import { LOAN_MSG } from '@domain/loan';
import { MSG } from '@domain/messages';
import { orderNumber } from '@domain/order-number';
import { extendLoanSchema } from '@domain/schemas/loan';
import type { AppEnv } from '@server/app-env';
import { requireAdmin, requireUser } from '@server/auth/middleware';
import { now } from '@server/lib/clock';
import { notFound } from '@server/lib/errors';
import { parseJson, parseParam } from '@server/lib/validate';
import { getOrderDetail } from '@server/modules/orders/service';
import { extendLoan, markExtensionPaid } from './service';

const uuid = z.uuid();

export function loansRoutes() {
  return new Hono<AppEnv>()
    .post('/orders/:id/extensions', requireUser, async (c) => {
      const orderId = parseParam(c, 'id', uuid, MSG.orderNotFound);
      const { weeks } = await parseJson(c, extendLoanSchema);
      return c.json(await extendLoan(c.var.deps, { actor: c.var.user!, orderId, weeks }), 201);
    })
    .post('/orders/:id/extensions/:extensionId/paid', requireAdmin, async (c) => {
      const orderId = parseParam(c, 'id', uuid, MSG.orderNotFound);
      const extensionId = parseParam(c, 'extensionId', uuid, LOAN_MSG.extensionNotFound);
      return c.json(await markExtensionPaid(c.var.deps, { actor: c.var.user!, orderId, extensionId }));
    })
    .get('/orders/:id/due-date.ics', requireUser, async (c) => {
      // "Add to calendar" (D21): an all-day event on the due date, for the people on the order.
      const orderId = parseParam(c, 'id', uuid, MSG.orderNotFound);
      const order = await getOrderDetail(c.var.deps.db, { actor: c.var.user!, orderId });
      if (!order.loan) throw notFound('This order has no due date right now', 'NO_DUE_DATE');
      const { config } = c.var.deps;
      const number = orderNumber(order.id);
      const [y, m, d] = order.loan.dueDate.split('-').map(Number);
      const calendar = ical({ name: 'Rakbuku', prodId: { company: 'Rakbuku', product: 'Loans' } });
      calendar.createEvent({
        id: `${order.id}-due-${order.loan.dueDate}@rakbuku`,
        stamp: now(),
        start: new Date(Date.UTC(y, m - 1, d)),
        allDay: true,
        summary: `Return the books of Rakbuku order #${number}`,
        description: `${order.items.map((item) => item.title).join(', ')} from ${order.ownerName}. ${config.appUrl}/orders/${order.id}`,
        url: `${config.appUrl}/orders/${order.id}`,
      });
      return c.body(calendar.toString(), 200, {
        'content-type': 'text/calendar; charset=utf-8',
        'content-disposition': `attachment; filename="rakbuku-order-${number}.ics"`,
      });
    });
}
