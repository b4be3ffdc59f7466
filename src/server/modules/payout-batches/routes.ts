import { payoutBatchSchema, payoutBatchStateSchema } from '@domain/payout-batch-types';
import { markBatchPaidSchema } from '@domain/schemas/payout';
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
import {
  discardPayoutBatch,
  markPayoutBatchPaid,
  payoutBatchFile,
  payoutBatchState,
  preparePayoutBatch,
} from './service';

// Payouts in one batch: the admin's Payouts tab prepares, downloads and marks paid.

const tags = ['Payments'];
const batchParams = z.object({ id: uuidParam('PAYOUT_BATCH_NOT_FOUND') });
const batchNotFound = codeAnswer('PAYOUT_BATCH_NOT_FOUND');

const state = adminRoute({
  method: 'get',
  path: '/admin/payout-batches',
  tags,
  summary: 'The open payout batch, the last one paid, and what a batch prepared now would pay',
  responses: { 200: jsonAnswer(payoutBatchStateSchema, 'The batch panel of the Payouts tab') },
});

const prepare = adminRoute({
  method: 'post',
  path: '/admin/payout-batches',
  tags,
  summary:
    'Prepare a batch: every owner with a payable balance and bank details, for the whole balance (one open batch at a time)',
  responses: {
    201: jsonAnswer(payoutBatchSchema, 'The batch, open until marked paid'),
    409: codeAnswer('PAYOUT_BATCH_OPEN', 'PAYOUT_BATCH_EMPTY'),
  },
});

const file = adminRoute({
  method: 'get',
  path: '/admin/payout-batches/{id}/transfers.csv',
  tags,
  summary: 'The batch as a bulk-transfer CSV: owner, bank, account name, account number, amount, reference',
  request: { params: batchParams },
  responses: {
    200: { description: 'A CSV file (an attachment)', content: { 'text/csv': { schema: z.string() } } },
    404: batchNotFound,
  },
});

const markPaid = adminRoute({
  method: 'post',
  path: '/admin/payout-batches/{id}/paid',
  tags,
  summary: 'Mark batch paid: each line becomes one payout; a batch already paid is answered unchanged',
  request: { params: batchParams, body: jsonBody(markBatchPaidSchema) },
  responses: {
    200: jsonAnswer(payoutBatchSchema, 'The batch, paid'),
    404: batchNotFound,
    422: errorAnswer('No date, or a date in the future'),
  },
});

const discard = adminRoute({
  method: 'delete',
  path: '/admin/payout-batches/{id}',
  tags,
  summary: 'Discard an open batch the bank did not send; a paid batch stays',
  request: { params: batchParams },
  responses: { 204: { description: 'Discarded' }, 404: batchNotFound, 409: codeAnswer('PAYOUT_BATCH_PAID') },
});

export function payoutBatchesRoutes() {
  return router()
    .openapi(state, async (c) => c.json(await payoutBatchState(c.get('deps')), 200))
    .openapi(prepare, async (c) => c.json(await preparePayoutBatch(c.get('deps'), c.get('user')), 201))
    .openapi(file, async (c) => {
      const csv = await payoutBatchFile(c.get('deps'), c.req.valid('param').id);
      return c.body(csv.body, 200, {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="${csv.name}"`,
        'cache-control': 'private, no-store',
      });
    })
    .openapi(markPaid, async (c) => {
      const { id } = c.req.valid('param');
      const body = c.req.valid('json');
      return c.json(await markPayoutBatchPaid(c.get('deps'), { actor: c.get('user'), id, body }), 200);
    })
    .openapi(discard, async (c) => {
      await discardPayoutBatch(c.get('deps'), c.req.valid('param').id);
      return c.body(null, 204);
    });
}

export type PayoutBatchesApi = ReturnType<typeof payoutBatchesRoutes>;
