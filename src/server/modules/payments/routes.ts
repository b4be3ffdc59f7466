import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import { COVER_MAX_BYTES } from '@domain/constants';
import { MSG } from '@domain/messages';
import type { AppEnv } from '@server/app-env';
import { requireAdmin, requireUser } from '@server/auth/middleware';
import { AppError } from '@server/lib/errors';
import { parseJson, parseParam } from '@server/lib/validate';
import { payoutDetailsSchema, recordPayoutSchema } from '@domain/schemas/payout';
import { getEarnings, getPayoutDetails, listPayables, recordPayout, savePayoutDetails } from './earnings';
import { readReceipt, RECEIPT_FIELD } from './receipts';
import { claimPayment, getOrderMoney, readReceiptFile } from './service';

const orderId = z.uuid();

/** A receipt of exactly the limit plus a little form overhead gets through to its own check. */
const limitReceiptBody = bodyLimit({
  maxSize: COVER_MAX_BYTES + 16 * 1024,
  onError: () => {
    throw new AppError('PAYLOAD_TOO_LARGE', MSG.coverTooLarge, 413, { [RECEIPT_FIELD]: MSG.coverTooLarge });
  },
});

// Paying on the page (D33) and the owner's share (D34) of one order.
export function paymentsRoutes() {
  return (
    new Hono<AppEnv>()
      .get('/orders/:id/money', requireUser, async (c) => {
        const id = parseParam(c, 'id', orderId, MSG.orderNotFound);
        return c.json(await getOrderMoney(c.var.deps, { actor: c.var.user!, orderId: id }));
      })
      .post('/orders/:id/payment-claim', requireUser, limitReceiptBody, async (c) => {
        const id = parseParam(c, 'id', orderId, MSG.orderNotFound);
        const receipt = await readReceipt(c);
        await claimPayment(c.var.deps, { actor: c.var.user!, orderId: id, receipt });
        return c.json(await getOrderMoney(c.var.deps, { actor: c.var.user!, orderId: id }));
      })
      // D34: the owner's earnings and payout details; the admin's payouts.
      .get('/earnings', requireUser, async (c) => c.json(await getEarnings(c.var.deps, c.var.user!.id)))
      .get('/profile/payout-details', requireUser, async (c) =>
        c.json(await getPayoutDetails(c.var.deps.db, c.var.user!.id)),
      )
      .put('/profile/payout-details', requireUser, async (c) => {
        const details = await parseJson(c, payoutDetailsSchema);
        return c.json(await savePayoutDetails(c.var.deps.db, c.var.user!.id, details));
      })
      .get('/admin/payouts', requireAdmin, async (c) => c.json(await listPayables(c.var.deps)))
      .post('/admin/payouts', requireAdmin, async (c) => {
        const payout = await parseJson(c, recordPayoutSchema);
        return c.json(await recordPayout(c.var.deps, { actor: c.var.user!, payout }), 201);
      })
      .get('/orders/:id/receipt', requireUser, async (c) => {
        const id = parseParam(c, 'id', orderId, MSG.orderNotFound);
        const file = await readReceiptFile(c.var.deps, { actor: c.var.user!, orderId: id });
        // Private: never cached by a shared cache, never sniffed.
        c.header('cache-control', 'private, no-store');
        c.header('content-type', 'image/webp');
        return c.body(new Uint8Array(file.body));
      })
  );
}
