import { countedPageSchema } from '@domain/cursor-page';
import { financeFiguresSchema, paymentTaskSchema, statementImportSchema } from '@domain/gateway-types';
import {
  dismissTaskSchema,
  financeQuerySchema,
  paymentTasksQuerySchema,
  refundTaskSchema,
} from '@domain/schemas/payment-tasks';
import { requireAdmin } from '@server/auth/middleware';
import { AppError, fieldProblem } from '@server/lib/errors';
import { uploadBodyLimit } from '@server/lib/upload-body-limit';
import { importStatement } from '@server/modules/payments/statement-import-service';
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

// The admin's money desk: late and wrong money as tasks and a month's figures with the
// gateway's fees. Admin only: guests 401, members 403.

const tags = ['Payments'];
const taskParams = z.object({ id: uuidParam('PAYMENT_TASK_NOT_FOUND') });
const taskAnswer = jsonAnswer(paymentTaskSchema, 'The task, resolved');
const notFound = codeAnswer('PAYMENT_TASK_NOT_FOUND');

const list = adminRoute({
  method: 'get',
  path: '/admin/payment-tasks',
  tags,
  summary:
    'Late, doubled, wrong or unknown money: open tasks (or resolved ones), newest first, keyset pages of 20',
  request: { query: paymentTasksQuerySchema },
  responses: {
    200: jsonAnswer(countedPageSchema(paymentTaskSchema), 'One page of tasks'),
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
    'A month’s figures: paid orders, owners’ shares, service fees, gateway fees and the platform’s net share',
  request: { query: financeQuerySchema },
  responses: { 200: jsonAnswer(financeFiguresSchema, 'The month’s figures, whole rupiah') },
});

/** The form field of a statement upload, and its limit: a busy month's CSV is a few hundred KB. */
const STATEMENT_FIELD = 'statement';
const STATEMENT_MAX_BYTES = 2 * 1024 * 1024;
// Refused with the size message every upload answers (a file of 2 MB or less), on its field.
const limitStatementBody: typeof requireAdmin = uploadBodyLimit(
  STATEMENT_MAX_BYTES + 16 * 1024,
  () => new AppError('FILE_TOO_LARGE', { fields: { [STATEMENT_FIELD]: fieldProblem('importFileTooLarge') } }),
);

const statementForm = z.object({
  [STATEMENT_FIELD]: z
    .union([z.instanceof(File), z.string()])
    .optional()
    .openapi({
      type: 'string',
      format: 'binary',
      description:
        'The bank statement as its bank exports it (CSV: BCA, Mandiri, BNI, BRI, or date/description/amount), 2 MB at most',
    }),
});

const uploadStatement = {
  ...adminRoute({
    method: 'post',
    path: '/admin/payment-statements',
    tags,
    summary:
      'Upload a bank statement (PAYMENT_PROVIDER=statement): each new credit line pays the one order asking for its exact amount, or becomes a payment task; lines already imported change nothing',
    request: {
      body: { required: false, content: { 'multipart/form-data': { schema: statementForm } } },
    },
    responses: {
      200: jsonAnswer(statementImportSchema, 'What became of each credit line'),
      400: errorAnswer('A body that is not a readable multipart form (INVALID_FORM)'),
      409: codeAnswer('STATEMENT_ONLY'),
      413: codeAnswer('FILE_TOO_LARGE'),
      422: codeAnswer(
        'STATEMENT_FILE_REQUIRED',
        'STATEMENT_NOT_RECOGNISED',
        'STATEMENT_UNREADABLE',
        'STATEMENT_BAD_DATE',
        'STATEMENT_BAD_AMOUNT',
      ),
    },
  }),
  // Admins only (checked first), then the file's own size limit, before the form is read.
  middleware: [requireAdmin, limitStatementBody] as [typeof requireAdmin, typeof requireAdmin],
};

export function financeRoutes() {
  return router()
    .openapi(list, async (c) => c.json(await listPaymentTasks(c.get('deps'), c.req.valid('query')), 200))
    .openapi(refund, async (c) => {
      const { id } = c.req.valid('param');
      const { bankReference } = c.req.valid('json');
      return c.json(await refundPaymentTask(c.get('deps'), { actor: c.get('user'), id, bankReference }), 200);
    })
    .openapi(revive, async (c) => {
      const { id } = c.req.valid('param');
      return c.json(await revivePaymentTask(c.get('deps'), { actor: c.get('user'), id }), 200);
    })
    .openapi(dismiss, async (c) => {
      const { id } = c.req.valid('param');
      const { note } = c.req.valid('json');
      return c.json(await dismissPaymentTask(c.get('deps'), { actor: c.get('user'), id, note }), 200);
    })
    .openapi(figures, async (c) => c.json(await financeFigures(c.get('deps'), c.req.valid('query')), 200))
    .openapi(uploadStatement, async (c) => {
      let body: Record<string, string | File | (string | File)[]>;
      try {
        body = (c.req.header('content-type') ?? '').includes('multipart/form-data')
          ? await c.req.parseBody({ all: true })
          : {};
      } catch {
        throw new AppError('INVALID_FORM');
      }
      const value = body[STATEMENT_FIELD];
      const file = Array.isArray(value) ? value[0] : value;
      if (!(file instanceof File) || file.size === 0) throw new AppError('STATEMENT_FILE_REQUIRED');
      return c.json(await importStatement(c.get('deps'), { csv: await file.text() }), 200);
    });
}

export type FinanceApi = ReturnType<typeof financeRoutes>;
