import { and, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { FinanceFigures } from '@domain/gateway-types';
import { localDate } from '@domain/loan';
import { fromMinor, toMinor } from '@domain/money';
import type { AppDeps } from '@server/app-env';
import { orders, payments, paymentTasks } from '@server/db/schema';
import { now } from '@server/lib/clock';
import { shareSql } from '@server/modules/payments/service';

// The admin's Finance tab (D43): a month's money as the platform counts it. The gateway's fee is
// the platform's cost, taken from its share and never from the owner's: the owners' shares are
// what the pricing module fixed at checkout, the service fees are the rest of the rent, and
// the platform's net share is the service fees minus every gateway fee of the month (late and
// wrong money cost a fee too, an unknown reference's kept on its task). Shipping is shown apart: it pays the courier, not the platform.
// A month is the operator's, read on the two partial indexes by moment paid (migration 0031).

/** [start, end) of a month in the operator's zone, as instants PostgreSQL computes. */
function monthRange(month: string, timeZone: string) {
  const first = `${month}-01 00:00:00`;
  return {
    start: sql`(${first}::timestamp at time zone ${timeZone})`,
    end: sql`((${first}::timestamp + interval '1 month') at time zone ${timeZone})`,
  };
}

const money = (value: string | null) => fromMinor(toMinor(value ?? '0'));

export async function financeFigures(
  deps: Pick<AppDeps, 'db' | 'config'>,
  query: { month?: string },
): Promise<FinanceFigures> {
  const { db, config } = deps;
  const month = query.month ?? localDate(now(), config.timeZone).slice(0, 7);
  const { start, end } = monthRange(month, config.timeZone);
  const share = shareSql(config);
  const [sales, fees, strays] = await Promise.all([
    db
      .select({
        paidOrders: sql<number>`count(*)::int`,
        received: sql<string>`coalesce(sum(coalesce(${orders.total}, ${orders.subtotal})), 0)::numeric(14,2)::text`,
        itemsTotal: sql<string>`coalesce(sum(${orders.subtotal}), 0)::numeric(14,2)::text`,
        shipping: sql<string>`coalesce(sum(coalesce(${orders.shippingCost}, 0)), 0)::numeric(14,2)::text`,
        ownerShares: sql<string>`coalesce(sum(${share}), 0)::numeric(14,2)::text`,
      })
      .from(orders)
      .where(
        and(
          isNotNull(orders.paymentConfirmedAt),
          sql`${orders.paymentConfirmedAt} >= ${start}`,
          sql`${orders.paymentConfirmedAt} < ${end}`,
          // Cancelled after payment: the money goes back, so it is no sale.
          ne(orders.status, 'Cancelled'),
        ),
      ),
    db
      .select({
        gatewayPayments: sql<number>`count(*)::int`,
        gatewayFees: sql<string>`coalesce(sum(coalesce(${payments.fee}, 0)), 0)::numeric(14,2)::text`,
      })
      .from(payments)
      .where(
        and(
          isNotNull(payments.paidAt),
          sql`${payments.paidAt} >= ${start}`,
          sql`${payments.paidAt} < ${end}`,
        ),
      ),
    // Money with an unknown reference: no payment row, its task keeps the fee.
    db
      .select({
        count: sql<number>`count(*)::int`,
        fees: sql<string>`coalesce(sum(${paymentTasks.fee}), 0)::numeric(14,2)::text`,
      })
      .from(paymentTasks)
      .where(
        and(
          isNull(paymentTasks.paymentId),
          isNotNull(paymentTasks.fee),
          sql`${paymentTasks.createdAt} >= ${start}`,
          sql`${paymentTasks.createdAt} < ${end}`,
        ),
      ),
  ]);
  const [s] = sales;
  const [f] = fees;
  const [u] = strays;
  const gatewayFees = toMinor(f.gatewayFees) + toMinor(u.fees);
  // The service fee of each order is its rent minus the owner's share, so the two always add up.
  const serviceFees = toMinor(s.itemsTotal) - toMinor(s.ownerShares);
  return {
    month,
    paidOrders: s.paidOrders,
    received: money(s.received),
    itemsTotal: money(s.itemsTotal),
    shipping: money(s.shipping),
    ownerShares: money(s.ownerShares),
    serviceFees: fromMinor(serviceFees),
    gatewayFees: fromMinor(gatewayFees),
    platformNet: fromMinor(serviceFees - gatewayFees),
    gatewayPayments: f.gatewayPayments + u.count,
  };
}
