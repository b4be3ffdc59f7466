import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import { COVER_MAX_BYTES } from '../../../domain/constants';
import { MSG } from '../../../domain/messages';
import type { AppEnv } from '../../app-env';
import { requireUser } from '../../auth/middleware';
import { AppError } from '../../lib/errors';
import { parseParam } from '../../lib/validate';
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
  return new Hono<AppEnv>()
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
    .get('/orders/:id/receipt', requireUser, async (c) => {
      const id = parseParam(c, 'id', orderId, MSG.orderNotFound);
      const file = await readReceiptFile(c.var.deps, { actor: c.var.user!, orderId: id });
      // Private: never cached by a shared cache, never sniffed.
      c.header('cache-control', 'private, no-store');
      c.header('content-type', 'image/webp');
      return c.body(new Uint8Array(file.body));
    });
}
