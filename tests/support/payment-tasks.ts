import { randomUUID } from 'node:crypto';
import type { PaymentTaskKind } from '@domain/gateway-types';
import type { DbOrTx } from '@server/db/client';
import { type Order, paymentNotices, payments, paymentTasks } from '@server/db/schema';

// A task of late or wrong money (D44) as the notice worker leaves it, written directly for the
// tests that need one without the gateway: the stored notice, the order's paid payment (a
// virtual account, which goes back by hand, so no provider is asked) and the open task.

export async function insertPaymentTask(
  db: DbOrTx,
  input: { order: Order | null; kind?: PaymentTaskKind; amount?: string },
) {
  const paymentRef = `py-fixture-${randomUUID()}`;
  const amount = input.amount ?? input.order?.total ?? input.order?.subtotal ?? '10000.00';
  const [notice] = await db
    .insert(paymentNotices)
    .values({ provider: 'fake', webhookId: `wh-${randomUUID()}`, body: {}, processedAt: new Date() })
    .returning();
  const [payment] = input.order
    ? await db
        .insert(payments)
        .values({
          orderId: input.order.id,
          provider: 'fake',
          method: 'va',
          channel: 'BCA',
          providerRef: `pr-fixture-${randomUUID()}`,
          amount,
          fee: '4000.00',
          status: 'paid',
          expiresAt: new Date(),
          paidAt: new Date(),
          receivedRef: paymentRef,
        })
        .returning()
    : [null];
  const [task] = await db
    .insert(paymentTasks)
    .values({
      orderId: input.order?.id ?? null,
      paymentId: payment?.id ?? null,
      noticeId: notice.id,
      kind: input.kind ?? (input.order ? 'late' : 'unknown_reference'),
      amount,
      providerPaymentRef: paymentRef,
    })
    .returning();
  return task;
}
