import ical, { ICalAlarmType } from 'ical-generator';
import { orderNumber } from '@domain/order-number';
import { orderDetailSchema } from '@domain/order-types';
import { extendLoanSchema } from '@domain/schemas/loan';
import { now } from '@server/lib/clock';
import { AppError } from '@server/lib/errors';
import {
  adminRoute,
  codeAnswer,
  errorAnswer,
  jsonAnswer,
  jsonBody,
  memberRoute,
  router,
  uuidParam,
  z,
} from '@server/lib/openapi';
import { notOnOrder, orderNotFound, orderParams } from '@server/lib/order-routes';
import { getOrderDetail } from '@server/modules/orders/service';
import { extendLoan, markExtensionPaid } from './service';

/** The .ics alarm fires at 09:00 the day before the due date (the event starts at midnight). */
const DAY_BEFORE_ALARM_SECONDS = 15 * 3600;

const tags = ['Loans'];

const extend = memberRoute({
  method: 'post',
  path: '/orders/{id}/extensions',
  tags,
  summary: 'The borrower extends the loan by 1 or 2 weeks, a charge the admin marks paid',
  request: { params: orderParams, body: jsonBody(extendLoanSchema) },
  responses: {
    201: jsonAnswer(orderDetailSchema, 'The order with its new due date and the extension'),
    403: notOnOrder,
    404: orderNotFound,
    409: errorAnswer('The loan cannot be extended now (EXTENSION_NOT_ON_LOAN, _OVERDUE, _LIMIT, _WAITLIST)'),
  },
});

const markPaid = adminRoute({
  method: 'post',
  path: '/orders/{id}/extensions/{extensionId}/paid',
  tags,
  summary: 'The admin marks an extension’s charge as paid',
  request: { params: orderParams.extend({ extensionId: uuidParam('EXTENSION_NOT_FOUND') }) },
  responses: {
    200: jsonAnswer(orderDetailSchema, 'The order with the extension paid'),
    404: codeAnswer('ORDER_NOT_FOUND', 'EXTENSION_NOT_FOUND'),
    409: codeAnswer('EXTENSION_ALREADY_PAID'),
  },
});

const dueDateEvent = memberRoute({
  method: 'get',
  path: '/orders/{id}/due-date.ics',
  tags,
  summary: '"Add to calendar": an all-day event on the due date, for the people on the order',
  request: { params: orderParams },
  responses: {
    200: {
      description: 'An iCalendar file (an attachment)',
      content: { 'text/calendar': { schema: z.string() } },
    },
    403: notOnOrder,
    404: codeAnswer('ORDER_NOT_FOUND', 'NO_DUE_DATE'),
  },
});

export function loansRoutes() {
  return router()
    .openapi(extend, async (c) => {
      const orderId = c.req.valid('param').id;
      const { weeks } = c.req.valid('json');
      return c.json(await extendLoan(c.get('deps'), { actor: c.get('user'), orderId, weeks }), 201);
    })
    .openapi(markPaid, async (c) => {
      const { id: orderId, extensionId } = c.req.valid('param');
      return c.json(
        await markExtensionPaid(c.get('deps'), { actor: c.get('user'), orderId, extensionId }),
        200,
      );
    })
    .openapi(dueDateEvent, async (c) => {
      const orderId = c.req.valid('param').id;
      const order = await getOrderDetail(c.get('deps').db, { actor: c.get('user'), orderId });
      if (!order.loan) throw new AppError('NO_DUE_DATE');
      const { config } = c.get('deps');
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
        // A reminder at 09:00 the day before (15 hours before the all-day event starts).
        alarms: [
          {
            type: ICalAlarmType.display,
            trigger: DAY_BEFORE_ALARM_SECONDS,
            description: `Tomorrow: return the books of Rakbuku order #${number}`,
          },
        ],
      });
      return c.body(calendar.toString(), 200, {
        'content-type': 'text/calendar; charset=utf-8',
        'content-disposition': `attachment; filename="rakbuku-order-${number}.ics"`,
      });
    });
}

export type LoansApi = ReturnType<typeof loansRoutes>;
