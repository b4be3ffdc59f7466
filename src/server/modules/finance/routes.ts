import { cursorPageSchema } from '@domain/cursor-page';
import { financeFiguresSchema, paymentTaskSchema } from '@domain/gateway-types';
import {
  dismissTaskSchema,
  financeQuerySchema,
  paymentTasksQuerySchema,
  refundTaskSchema,
} from '@domain/schemas/payment-tasks';
import {
  adminRoute,
  codeAnswer,
  errorAnswer,
  jsonAnswer,
  jsonBody,
  router,
  uuidParam,
  z,
} from '@server/lib/openapi';
import { financeFigures } from './figures-service';
import { dismissPaymentTask, listPaymentTasks, refundPaymentTask, revivePaymentTask } from './tasks-service';

// The admin's money desk: late and wrong money as tasks (D44) and a month's figures with the
// gateway's fees (D43). Admin only (D12): guests 401, members 403.

const tags = ['Payments'];
const taskParams = z.object({ id: uuidParam('PAYMENT_TASK_NOT_FOUND') });
const taskAnswer = jsonAnswer(paymentTaskSchema, 'The task, resolved');
const notFound = codeAnswer('PAYMENT_TASK_NOT_FOUND');

const list = adminRoute({
  method: 'get',
  path: '/admin/payment-tasks',
  tags,
  summary:
    'Late, doubled, wrong or unknown money (D44): open tasks (or resolved ones), newest first, keyset pages of 20',
  request: { query: paymentTasksQuerySchema },
  responses: {
    200: jsonAnswer(cursorPageSchema(paymentTaskSchema), 'One page of tasks'),
    400: errorAnswer('A cursor this list did not give (INVALID_CURSOR)'),
  },
});

const refund = adminRoute({
  method: 'post',
  path: '/admin/payment-tasks/{id}/refund',
  tags,
  summary:
    'Refund: through the payment provider where it can (QRIS), or recorded as refunded by hand with the bank reference of the admin’s transfer; the borrower is emailed',
  request: { params: taskParams, body: jsonBody(refundTaskSchema) },
  responses: {
    200: taskAnswer,
    404: notFound,
    409: codeAnswer('PAYMENT_TASK_RESOLVED'),
    422: codeAnswer('REFUND_BY_HAND_NEEDED'),
    502: codeAnswer('PAYMENT_REFUND_FAILED'),
  },
});

const revive = adminRoute({
  method: 'post',
  path: '/admin/payment-tasks/{id}/revive',
  tags,
  summary:
    'Revive: the order becomes paid with this money (the events and emails of a confirmed payment), only while every book of it is still free',
  request: { params: taskParams },
  responses: {
    200: taskAnswer,
    404: notFound,
    409: codeAnswer(
      'PAYMENT_TASK_RESOLVED',
      'PAYMENT_TASK_ACTION_INVALID',
      'PAYMENT_TASK_BOOK_NOT_FREE',
      'PAYMENT_TASK_REFUND_STARTED',
    ),
  },
});

const dismiss = adminRoute({
  method: 'post',
  path: '/admin/payment-tasks/{id}/dismiss',
  tags,
  summary: 'Dismiss with a note (an unknown reference already handled, say); nobody is emailed',
  request: { params: taskParams, body: jsonBody(dismissTaskSchema) },
  responses: {
    200: taskAnswer,
    404: notFound,
    409: codeAnswer('PAYMENT_TASK_RESOLVED', 'PAYMENT_TASK_REFUND_STARTED'),
  },
});

const figures = adminRoute({
  method: 'get',
  path: '/admin/finance',
  tags,
  summary:
    'A month’s figures (D43): paid orders, owners’ shares, service fees, gateway fees and the platform’s net share',
  request: { query: financeQuerySchema },
  responses: { 200: jsonAnswer(financeFiguresSchema, 'The month’s figures, whole rupiah') },
});

export function financeRoutes() {
  return router()
    .openapi(list, async (c) => c.json(await listPaymentTasks(c.var.deps, c.req.valid('query')), 200))
    .openapi(refund, async (c) => {
      const { id } = c.req.valid('param');
      const { bankReference } = c.req.valid('json');
      return c.json(await refundPaymentTask(c.var.deps, { actor: c.var.user, id, bankReference }), 200);
    })
    .openapi(revive, async (c) => {
      const { id } = c.req.valid('param');
      return c.json(await revivePaymentTask(c.var.deps, { actor: c.var.user, id }), 200);
    })
    .openapi(dismiss, async (c) => {
      const { id } = c.req.valid('param');
      const { note } = c.req.valid('json');
      return c.json(await dismissPaymentTask(c.var.deps, { actor: c.var.user, id, note }), 200);
    })
    .openapi(figures, async (c) => c.json(await financeFigures(c.var.deps, c.req.valid('query')), 200));
}

export type FinanceApi = ReturnType<typeof financeRoutes>;
