import { bodyLimit } from 'hono/body-limit';
import { uploadBodyLimit } from '@server/lib/upload-body-limit';
import { COVER_MAX_BYTES } from '@domain/constants';
import {
  adminPayoutsQuerySchema,
  adminPayoutsSchema,
  earningsQuerySchema,
  earningsSchema,
  payoutDetailsViewSchema,
  payoutViewSchema,
} from '@domain/earnings-types';
import { orderGatewaySchema } from '@domain/gateway-types';
import { orderMoneySchema } from '@domain/order-types';
import { payoutDetailsSchema, recordPayoutSchema, rejectClaimSchema } from '@domain/schemas/payout';
import { requireUser } from '@server/auth/middleware';
import { AppError, fieldProblem } from '@server/lib/errors';
import {
  adminRoute,
  codeAnswer,
  describeCodes,
  errorAnswer,
  jsonAnswer,
  jsonBody,
  memberRoute,
  publicRoute,
  router,
  z,
} from '@server/lib/openapi';
import { notOnOrder, orderNotFound, orderParams } from '@server/lib/order-routes';
import { getEarnings, getPayoutDetails, listPayables, recordPayout, savePayoutDetails } from './earnings';
import { RECEIPT_FIELD, readReceipt } from './receipts';
import { claimPayment, getOrderMoney, readReceiptFile, rejectPaymentClaim } from './service';
import { getOrderGateway, simulateGatewayPayment } from './gateway-service';
import { receivePaymentNotice } from './notice-service';

const tags = ['Payments'];
const accountGone = errorAnswer('The account no longer exists');

/**
 * A receipt of exactly the limit plus a little form overhead gets through to its own check.
 * Typed like requireUser so the route's middleware keeps `c.get('user')` non-null.
 */
const limitReceiptBody: typeof requireUser = uploadBodyLimit(
  COVER_MAX_BYTES + 16 * 1024,
  () => new AppError('FILE_TOO_LARGE', { fields: { [RECEIPT_FIELD]: fieldProblem('coverTooLarge') } }),
);

const money = memberRoute({
  method: 'get',
  path: '/orders/{id}/money',
  tags,
  summary: 'The payment panel (borrower, admins) and the owner’s share (owner, admins) of an order',
  request: { params: orderParams },
  responses: {
    200: jsonAnswer(orderMoneySchema, 'Each part null for whom it does not concern'),
    403: notOnOrder,
    404: orderNotFound,
  },
});

// The receipt is optional: an empty form, or no body at all, claims without one. The schema
// only lets the field through; readReceipt checks the file by its content.
const claimForm = z.object({
  [RECEIPT_FIELD]: z
    .union([z.instanceof(File), z.string()])
    .optional()
    .openapi({
      type: 'string',
      format: 'binary',
      description: 'A photo of the transfer receipt, 2 MB at most',
    }),
});

const claim = {
  ...memberRoute({
    method: 'post',
    path: '/orders/{id}/payment-claim',
    tags,
    summary: '"I have paid": the borrower tells us the transfer is made, with an optional receipt',
    request: {
      params: orderParams,
      body: {
        required: false,
        content: { 'multipart/form-data': { schema: claimForm } },
      },
    },
    responses: {
      200: jsonAnswer(orderMoneySchema, 'The payment panel, now claimed'),
      400: errorAnswer('A body that is not a readable multipart form (INVALID_FORM)'),
      403: errorAnswer(`${describeCodes('PAYMENT_CLAIM_FORBIDDEN')}, or not party to the order`),
      404: orderNotFound,
      409: codeAnswer('PAYMENT_CLAIM_NOT_NOW', 'PAYMENT_ALREADY_CLAIMED'),
      413: codeAnswer('FILE_TOO_LARGE'),
      422: errorAnswer('The receipt is not a usable image (INVALID_RECEIPT)'),
      507: errorAnswer('The image store is full (STORAGE_FULL): nothing was stored'),
    },
  }),
  // The receipt's own size limit runs before the form is read.
  middleware: [requireUser, limitReceiptBody] as [typeof requireUser, typeof requireUser],
};

const receipt = memberRoute({
  method: 'get',
  path: '/orders/{id}/receipt',
  tags,
  summary: 'The receipt photo, re-encoded to WebP: the borrower’s and the admins’ only',
  request: { params: orderParams },
  responses: {
    200: {
      description: 'The receipt image (private, never cached by a shared cache)',
      content: { 'image/webp': { schema: z.string().openapi({ format: 'binary' }) } },
    },
    403: codeAnswer('RECEIPT_FORBIDDEN'),
    404: codeAnswer('ORDER_NOT_FOUND', 'RECEIPT_NOT_FOUND'),
  },
});

const rejectClaim = adminRoute({
  method: 'post',
  path: '/orders/{id}/payment-claim/reject',
  tags,
  summary:
    'Reject a waiting payment claim with a reason: the borrower is emailed and gets a new 24-hour window',
  request: { params: orderParams, body: jsonBody(rejectClaimSchema) },
  responses: {
    200: jsonAnswer(orderMoneySchema, 'The payment panel, with the rejection and the new deadline'),
    404: orderNotFound,
    409: codeAnswer('PAYMENT_CLAIM_NOT_PENDING'),
    422: errorAnswer('No reason given, or a reason over the limit (VALIDATION_FAILED)'),
  },
});

// The owner's earnings and payout details; the admin's payouts.
const earnings = memberRoute({
  method: 'get',
  path: '/earnings',
  tags,
  summary:
    'The owner’s earnings: totals, each order’s share (newest first, keyset pages of 20 by `cursor`), payouts (newest day first, keyset pages of 20 by `payoutsCursor`) and payout details',
  request: { query: earningsQuerySchema },
  responses: {
    200: jsonAnswer(earningsSchema, 'The earnings page with one page of orders and one of payouts'),
    400: codeAnswer('INVALID_CURSOR'),
    404: accountGone,
  },
});

const payoutDetails = memberRoute({
  method: 'get',
  path: '/profile/payout-details',
  tags,
  summary: 'Where the owner’s payouts go',
  responses: { 200: jsonAnswer(payoutDetailsViewSchema, 'The bank account, or nulls'), 404: accountGone },
});

const savePayout = memberRoute({
  method: 'put',
  path: '/profile/payout-details',
  tags,
  summary: 'Save where the owner’s payouts go',
  request: { body: jsonBody(payoutDetailsSchema) },
  responses: { 200: jsonAnswer(payoutDetailsViewSchema, 'The saved details') },
});

const payables = adminRoute({
  method: 'get',
  path: '/admin/payouts',
  tags,
  summary:
    'The owners with a payable balance (largest first, keyset pages of 20, at most 50, by `ownersCursor`), and the payouts made (newest first, keyset pages of 20 by `cursor`)',
  request: { query: adminPayoutsQuerySchema },
  responses: {
    200: jsonAnswer(adminPayoutsSchema, 'One page of the owners owed and one of the payout history'),
    400: codeAnswer('INVALID_CURSOR'),
  },
});

const payOut = adminRoute({
  method: 'post',
  path: '/admin/payouts',
  tags,
  summary: 'Record a payout made to an owner (never more than the payable balance)',
  request: { body: jsonBody(recordPayoutSchema) },
  responses: {
    201: jsonAnswer(payoutViewSchema, 'The payout recorded'),
    404: codeAnswer('OWNER_NOT_FOUND'),
    409: errorAnswer('Nothing payable, or more than the payable balance'),
    422: errorAnswer('Invalid input, or a payout date in the future'),
  },
});

// ---- Payments that confirm themselves: the gateway's codes, its notices, test mode.
const noticeAnswer = z.object({ duplicate: z.boolean() });
/** A provider's notice is small; anything larger is not one. */
const limitNoticeBody = bodyLimit({
  maxSize: 64 * 1024,
  onError: () => {
    throw new AppError('PAYLOAD_TOO_LARGE');
  },
});

const notice = {
  ...publicRoute({
    method: 'post',
    path: '/payments/notices',
    tags,
    summary:
      'A payment provider’s notice: the callback token is checked in constant time and the webhook id stored once; the worker reads the payment back and moves the order',
    request: {
      headers: z.object({
        'x-callback-token': z.string().optional(),
        'webhook-id': z.string().optional(),
      }),
    },
    responses: {
      200: jsonAnswer(
        noticeAnswer,
        'Stored for the worker (duplicate: this webhook id was already stored, nothing changed)',
      ),
      400: codeAnswer('INVALID_JSON'),
      401: codeAnswer('UNAUTHORIZED'),
      413: codeAnswer('PAYLOAD_TOO_LARGE'),
      422: codeAnswer('VALIDATION_FAILED'),
    },
  }),
  middleware: [limitNoticeBody] as [typeof limitNoticeBody],
};

const gateway = memberRoute({
  method: 'get',
  path: '/orders/{id}/payment/gateway',
  tags,
  summary:
    'The QRIS code and virtual accounts for the order’s exact amount, until its payment deadline (borrower, admins; null otherwise)',
  request: { params: orderParams },
  responses: {
    200: jsonAnswer(
      orderGatewaySchema,
      'The gateway payment, or null when the order is not payable through it',
    ),
    403: notOnOrder,
    404: orderNotFound,
  },
});

const simulate = memberRoute({
  method: 'post',
  path: '/orders/{id}/payment/simulate',
  tags,
  summary:
    'Test mode only (PAYMENT_PROVIDER=fake): the fake gateway pays the order’s QRIS code and sends its notice',
  request: { params: orderParams },
  responses: {
    204: { description: 'Paid at the fake gateway; its notice is on its way' },
    403: errorAnswer(`${describeCodes('PAYMENT_CLAIM_FORBIDDEN')}, or not party to the order`),
    404: codeAnswer('ORDER_NOT_FOUND', 'PAYMENT_TEST_MODE_ONLY'),
    409: codeAnswer('PAYMENT_CLAIM_NOT_NOW'),
  },
});

// Paying on the page and the owner's share of one order.
export function paymentsRoutes() {
  return (
    router()
      .openapi(money, async (c) => {
        const orderId = c.req.valid('param').id;
        return c.json(await getOrderMoney(c.get('deps'), { actor: c.get('user'), orderId }), 200);
      })
      .openapi(claim, async (c) => {
        const orderId = c.req.valid('param').id;
        const file = await readReceipt(c);
        await claimPayment(c.get('deps'), { actor: c.get('user'), orderId, receipt: file });
        return c.json(await getOrderMoney(c.get('deps'), { actor: c.get('user'), orderId }), 200);
      })
      .openapi(rejectClaim, async (c) => {
        const orderId = c.req.valid('param').id;
        const { reason } = c.req.valid('json');
        await rejectPaymentClaim(c.get('deps'), { actor: c.get('user'), orderId, reason });
        return c.json(await getOrderMoney(c.get('deps'), { actor: c.get('user'), orderId }), 200);
      })
      .openapi(earnings, async (c) =>
        c.json(await getEarnings(c.get('deps'), c.get('user').id, c.req.valid('query')), 200),
      )
      .openapi(payoutDetails, async (c) =>
        c.json(await getPayoutDetails(c.get('deps').db, c.get('user').id), 200),
      )
      .openapi(savePayout, async (c) => {
        const details = c.req.valid('json');
        return c.json(await savePayoutDetails(c.get('deps').db, c.get('user').id, details), 200);
      })
      .openapi(payables, async (c) => c.json(await listPayables(c.get('deps'), c.req.valid('query')), 200))
      .openapi(payOut, async (c) => {
        const payout = c.req.valid('json');
        return c.json(await recordPayout(c.get('deps'), { actor: c.get('user'), payout }), 201);
      })
      .openapi(receipt, async (c) => {
        const orderId = c.req.valid('param').id;
        const file = await readReceiptFile(c.get('deps'), { actor: c.get('user'), orderId });
        // Private: never cached by a shared cache, never sniffed.
        c.header('cache-control', 'private, no-store');
        c.header('content-type', 'image/webp');
        return c.body(new Uint8Array(file.body), 200);
      })
      // Payments that confirm themselves.
      .openapi(notice, async (c) => {
        const duplicate = !(await receivePaymentNotice(c.get('deps'), c.req.raw.headers, await c.req.text()));
        return c.json({ duplicate }, 200);
      })
      .openapi(gateway, async (c) => {
        const orderId = c.req.valid('param').id;
        c.header('cache-control', 'private, no-store');
        return c.json(await getOrderGateway(c.get('deps'), { actor: c.get('user'), orderId }), 200);
      })
      .openapi(simulate, async (c) => {
        const orderId = c.req.valid('param').id;
        await simulateGatewayPayment(c.get('deps'), { actor: c.get('user'), orderId });
        return c.body(null, 204);
      })
  );
}

export type PaymentsApi = ReturnType<typeof paymentsRoutes>;
