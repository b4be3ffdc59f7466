import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import QRCode from 'qrcode';
import type { OrderGateway } from '@domain/gateway-types';
import { fromMinor, toMinor } from '@domain/money';
import { orderNumber } from '@domain/order-number';
import type { AppDeps, SessionUser } from '@server/app-env';
import { type Order, orders, type Payment, payments } from '@server/db/schema';
import { now } from '@server/lib/clock';
import { AppError } from '@server/lib/errors';
import { loadOrderItems, rolesOnOrder } from '@server/modules/orders/service';
import { paymentProvider } from './provider-service';

// The order page's gateway payment (D42): a dynamic QRIS code and virtual accounts for the
// order's exact amount, expiring with its payment window. They are asked of the provider
// when the borrower first opens the payable order (no transaction is held across the call);
// the partial unique index on pending payments keeps one per method and deadline when two
// requests race, and a new deadline (a rejected claim's new window) gets new ones.

type GatewayDeps = Pick<AppDeps, 'db' | 'config'>;

async function readOrder(deps: GatewayDeps, actor: SessionUser, orderId: string) {
  const [order] = await deps.db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw new AppError('ORDER_NOT_FOUND');
  const roles = rolesOnOrder(actor, order, await loadOrderItems(deps.db, order.id));
  if (roles.length === 0) throw new AppError('ORDER_FORBIDDEN');
  return { order, roles };
}

/** The order's amount in whole rupiah (the gateway takes no fractions). */
const wholeRupiah = (order: Order) => Math.round(toMinor(order.total ?? '0') / 100);

/** The payable deadline, or null when the order cannot be paid through the gateway now. */
function payableUntil(order: Order): Date | null {
  if (order.status !== 'Waiting for Payment' || !order.paymentDueAt || order.total === null) return null;
  if (order.paymentClaimedAt) return null; // D36: a transfer was claimed; an admin decides.
  return order.paymentDueAt > now() ? order.paymentDueAt : null;
}

async function openPayments(deps: GatewayDeps, order: Order, deadline: Date): Promise<Payment[]> {
  const rows = await deps.db
    .select()
    .from(payments)
    .where(
      and(eq(payments.orderId, order.id), eq(payments.status, 'pending'), eq(payments.expiresAt, deadline)),
    );
  return rows.filter((p) => toMinor(p.amount) === toMinor(order.total ?? '0'));
}

/** Creates the provider's codes and accounts the order lacks; returns all of them. */
async function ensurePayments(deps: GatewayDeps, order: Order, deadline: Date): Promise<Payment[]> {
  const provider = paymentProvider(deps.config);
  const existing = await openPayments(deps, order, deadline);
  const missing = provider.offers.filter(
    (offer) => !existing.some((p) => p.method === offer.method && p.channel === offer.channel),
  );
  if (missing.length === 0) return existing;
  const amount = wholeRupiah(order);
  await Promise.all(
    missing.map(async (offer) => {
      const id = randomUUID();
      const created = await provider.createPayment({
        reference: id,
        description: `Rakbuku ${orderNumber(order.id)}`,
        amount,
        expiresAt: deadline,
        method: offer.method,
        channel: offer.channel,
      });
      // A racing request's row wins; the code created here then expires unused at the provider.
      await deps.db
        .insert(payments)
        .values({
          id,
          orderId: order.id,
          provider: provider.name,
          method: offer.method,
          channel: offer.channel,
          providerRef: created.providerRef,
          amount: fromMinor(amount * 100),
          qrString: created.qrString,
          accountNumber: created.accountNumber,
          expiresAt: deadline,
        })
        .onConflictDoNothing();
    }),
  );
  return openPayments(deps, order, deadline);
}

/** The gateway part of the payment panel: the borrower's and the admins'; null for others. */
export async function getOrderGateway(
  deps: GatewayDeps,
  input: { actor: SessionUser; orderId: string },
): Promise<OrderGateway> {
  const { order, roles } = await readOrder(deps, input.actor, input.orderId);
  const provider = paymentProvider(deps.config);
  const deadline = payableUntil(order);
  if (provider.offers.length === 0 || !deadline) return { gateway: null };
  if (!roles.includes('borrower') && !roles.includes('admin')) return { gateway: null };
  const open = await ensurePayments(deps, order, deadline);
  const qris = open.find((p) => p.method === 'qris' && p.qrString);
  const bankOrder = provider.offers.map((o) => o.channel);
  return {
    gateway: {
      testMode: provider.name === 'fake',
      amount: order.total ?? '0',
      deadline: deadline.toISOString(),
      qris: qris?.qrString
        ? {
            payload: qris.qrString,
            // Error correction M and a quiet zone: what banking apps scan from a phone screen.
            image: await QRCode.toDataURL(qris.qrString, {
              errorCorrectionLevel: 'M',
              margin: 2,
              width: 288,
            }),
          }
        : null,
      virtualAccounts: open
        .filter((p) => p.method === 'va' && p.accountNumber)
        .sort((a, b) => bankOrder.indexOf(a.channel) - bankOrder.indexOf(b.channel))
        .map((p) => ({ bank: p.channel, accountNumber: p.accountNumber! })),
    },
  };
}

/**
 * Test mode (PAYMENT_PROVIDER=fake): the borrower pays the order's QRIS code through the fake
 * gateway, which sends the app the notice Xendit would. Refused by any other provider.
 */
export async function simulateGatewayPayment(
  deps: GatewayDeps,
  input: { actor: SessionUser; orderId: string },
): Promise<void> {
  const provider = paymentProvider(deps.config);
  if (!provider.simulatePayment) throw new AppError('PAYMENT_TEST_MODE_ONLY');
  const { order, roles } = await readOrder(deps, input.actor, input.orderId);
  if (!roles.includes('borrower')) throw new AppError('PAYMENT_CLAIM_FORBIDDEN');
  const deadline = payableUntil(order);
  if (!deadline) throw new AppError('PAYMENT_CLAIM_NOT_NOW');
  const qrisOf = async () => (await ensurePayments(deps, order, deadline)).find((p) => p.method === 'qris');
  const qris = await qrisOf();
  if (!qris) throw new AppError('PAYMENT_CLAIM_NOT_NOW');
  if (await provider.simulatePayment(qris.providerRef)) return;
  // The in-process fake keeps its payments in memory: after a restart of the development server
  // it knows none of the codes made before. Those codes can never be paid, so they expire and
  // the order gets new ones, which are paid.
  await deps.db
    .update(payments)
    .set({ status: 'expired' })
    .where(and(eq(payments.orderId, order.id), eq(payments.status, 'pending')));
  const fresh = await qrisOf();
  if (!fresh || !(await provider.simulatePayment(fresh.providerRef))) {
    throw new Error('The fake gateway does not know a payment it has just created');
  }
}
