import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { addDays, DUE_SOON_DAYS, endOfLocalDay, localDate } from '@domain/loan';
import type { OrderRole } from '@domain/order-actions';
import { allowedActions } from '@domain/order-machine';
import { byUrgency, orderUrgency } from '@domain/order-words';
import { ownerShare } from '@domain/pricing';
import { ORDER_ATTENTION_LIMIT } from '@domain/constants';
import type {
  OrderDetail,
  OrderEventView,
  OrderItemView,
  OrderListPage,
  OrderSummary,
} from '@domain/order-types';
import type { OrderListQuery } from '@domain/schemas/order';
import type { SessionUser } from '@server/app-env';
import type { DbOrTx } from '@server/db/client';
import { type Order, type OrderItem, orderEvents, orderItems, orders, user } from '@server/db/schema';
import { now, operatorTimeZone } from '@server/lib/clock';
import { AppError } from '@server/lib/errors';
import { type Keyset, keyColumns, keysetPage } from '@server/lib/keyset';
import { coverUrls } from '@server/modules/covers/service';
import { loanDetail, loanFields } from '@server/modules/loans/view-service';
import { orderNumber } from '@domain/order-number';

// Reading orders: the borrower's and the owner's lists, and one order's detail for the people
// who may see it (spec section 6): the borrower, the owner of an item, or an admin.

type Actor = Pick<SessionUser, 'id' | 'role'>;

/** What a list row shows of an order's books: how many, and the first one's title and cover. */
export interface ItemPreview {
  count: number;
  first: Pick<OrderItem, 'title' | 'coverKey'> | null;
}

export function toOrderSummary(order: Order, items: ItemPreview): OrderSummary {
  return {
    id: order.id,
    number: orderNumber(order.id),
    status: order.status,
    userId: order.userId,
    userName: order.userName,
    ownerId: order.ownerId,
    ownerName: order.ownerName,
    deliveryMethod: order.deliveryMethod,
    deliveryAddress: order.deliveryAddress ?? null,
    pickupLocation: order.pickupLocation ?? null,
    borrowDuration: order.borrowDuration,
    subtotal: order.subtotal,
    shippingCost: order.shippingCost,
    total: order.total,
    itemCount: items.count,
    ownerShare: null,
    firstItem: items.first
      ? { title: items.first.title, coverUrl: coverUrls(items.first.coverKey).card }
      : null,
    createdAt: order.createdAt.toISOString(),
    ...loanFields(order),
    paymentClaimed: order.status === 'Waiting for Payment' && order.paymentClaimedAt !== null,
  };
}

function toItemView(item: OrderItem): OrderItemView {
  return {
    id: item.id,
    bookId: item.bookId,
    title: item.title,
    author: item.author,
    coverUrl: coverUrls(item.coverKey).card,
    ownerId: item.ownerId,
    ownerName: item.ownerName,
    quantity: item.quantity,
    borrowDuration: item.borrowDuration,
    weeklyPrice: item.weeklyPrice,
    monthlyPrice: item.monthlyPrice,
    itemTotal: item.itemTotal,
  };
}

/** The roles a person holds on an order; one person may hold several (an admin who borrows). */
export function rolesOnOrder(actor: Actor, order: Order, items: readonly OrderItem[]): OrderRole[] {
  const roles: OrderRole[] = [];
  if (order.userId === actor.id) roles.push('borrower');
  if (order.ownerId === actor.id || items.some((item) => item.ownerId === actor.id)) roles.push('owner');
  if (actor.role === 'admin') roles.push('admin');
  return roles;
}

const ORDER_KEYS = (as: 'borrower' | 'owner'): Keyset => ({
  list: `orders-${as}`,
  at: orders.createdAt,
  id: orders.id,
  idType: 'uuid',
});

/**
 * The orders that may need attention now: payment due (not yet claimed), or a loan due within
 * the due-soon window or past it. Old overdue loans stay Delivered, so a long history may hold
 * thousands: the partial indexes in the list's order (migration 0055) give the soonest first, and
 * the first page stops at its limit.
 */
const mayNeedAttention = () =>
  or(
    and(eq(orders.status, 'Waiting for Payment'), isNull(orders.paymentClaimedAt)),
    and(
      eq(orders.status, 'Delivered'),
      lte(
        orders.dueAt,
        endOfLocalDay(addDays(localDate(now(), operatorTimeZone()), DUE_SOON_DAYS), operatorTimeZone()),
      ),
    ),
  )!;

export async function listOrders(
  db: DbOrTx,
  input: { actorId: string; serviceFeePercent: number } & OrderListQuery,
): Promise<OrderListPage> {
  const mine = input.as === 'owner' ? eq(orders.ownerId, input.actorId) : eq(orders.userId, input.actorId);
  const keys = ORDER_KEYS(input.as);
  const page = await keysetPage(keys, input.cursor, input.pageSize, (seek, orderBy, limit) =>
    db
      .select(keyColumns(keys))
      .from(orders)
      .where(and(mine, seek))
      .orderBy(...orderBy)
      .limit(limit),
  );
  const ids = page.rows.map((r) => r.id);
  const [rows, pressing] = await Promise.all([
    ids.length > 0 ? db.select().from(orders).where(inArray(orders.id, ids)) : Promise.resolve([]),
    input.cursor
      ? Promise.resolve([])
      : db
          .select()
          .from(orders)
          .where(and(mine, mayNeedAttention()))
          .orderBy(asc(sql`coalesce(${orders.dueAt}, ${orders.paymentDueAt})`), asc(orders.id))
          .limit(ORDER_ATTENTION_LIMIT),
  ]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const pageRows = ids.flatMap((id) => byId.get(id) ?? []);
  const summaries = await summariesOf(db, [...pageRows, ...pressing]);
  // The owner's own share on "Orders for my books" (D34).
  if (input.as === 'owner') {
    // Orders made before shares were fixed at checkout carry none: the same fee, as Earnings does.
    const shares = new Map(
      [...pageRows, ...pressing].map((order) => [
        order.id,
        order.ownerShare ?? ownerShare(order.subtotal, input.serviceFeePercent).ownerShare,
      ]),
    );
    for (const summary of summaries) summary.ownerShare = shares.get(summary.id) ?? null;
  }
  return {
    attention: byUrgency(summaries.slice(pageRows.length).filter((o) => orderUrgency(o) !== null)),
    items: summaries.slice(0, pageRows.length),
    nextCursor: page.nextCursor,
    prevCursor: page.prevCursor,
  };
}

const NO_ITEMS: ItemPreview = { count: 0, first: null };

/** Summaries of order rows with their item previews, in one query for all of them. */
export async function summariesOf(db: DbOrTx, rows: Order[]): Promise<OrderSummary[]> {
  const previews = await itemPreviews(
    db,
    rows.map((order) => order.id),
  );
  return rows.map((order) => toOrderSummary(order, previews.get(order.id) ?? NO_ITEMS));
}

/** Per order: the number of items and the first item (in the order they were added), in one query. */
async function itemPreviews(db: DbOrTx, orderIds: string[]): Promise<Map<string, ItemPreview>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({
      orderId: orderItems.orderId,
      count: sql<number>`count(*) over (partition by ${orderItems.orderId})::int`,
      title: orderItems.title,
      coverKey: orderItems.coverKey,
      rank: sql<number>`row_number() over (partition by ${orderItems.orderId} order by ${orderItems.createdAt}, ${orderItems.title}, ${orderItems.id})::int`,
    })
    .from(orderItems)
    .where(inArray(orderItems.orderId, orderIds));
  return new Map(
    rows
      .filter((row) => row.rank === 1)
      .map((row) => [row.orderId, { count: row.count, first: { title: row.title, coverKey: row.coverKey } }]),
  );
}

export async function loadOrderItems(db: DbOrTx, orderId: string): Promise<OrderItem[]> {
  return db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.createdAt), asc(orderItems.id));
}

/** 404 'Order not found' when it does not exist, 403 for anyone who is not party to it. */
export async function getOrderDetail(
  db: DbOrTx,
  input: { actor: Actor; orderId: string },
): Promise<OrderDetail> {
  const [order] = await db.select().from(orders).where(eq(orders.id, input.orderId));
  if (!order) throw new AppError('ORDER_NOT_FOUND');
  const items = await loadOrderItems(db, order.id);
  const roles = rolesOnOrder(input.actor, order, items);
  if (roles.length === 0) throw new AppError('ORDER_FORBIDDEN');
  return buildOrderDetail(db, order, items, roles);
}

export async function buildOrderDetail(
  db: DbOrTx,
  order: Order,
  items: OrderItem[],
  roles: OrderRole[],
): Promise<OrderDetail> {
  const events = await db
    .select()
    .from(orderEvents)
    .where(eq(orderEvents.orderId, order.id))
    .orderBy(asc(orderEvents.createdAt));
  return {
    ...toOrderSummary(order, { count: items.length, first: items[0] ?? null }),
    paymentMethod: order.paymentMethod,
    notes: order.notes,
    items: items.map(toItemView),
    events: events.map(
      (e): OrderEventView => ({
        id: e.id,
        fromStatus: e.fromStatus,
        toStatus: e.toStatus,
        action: e.action,
        actorName: e.actorName,
        actorRole: e.actorRole,
        details: e.details ?? null,
        createdAt: e.createdAt.toISOString(),
      }),
    ),
    viewerRoles: roles,
    allowedActions: allowedActions(roles, order.status),
    ownerContact: roles.includes('admin') ? await ownerContact(db, order.ownerId) : null,
    ...(await loanDetail(db, order, items, roles.includes('borrower'))),
  };
}

/** The admin-only owner address block: where the books are picked up from. */
async function ownerContact(db: DbOrTx, ownerId: string | null): Promise<OrderDetail['ownerContact']> {
  if (!ownerId) return null;
  const [owner] = await db
    .select({ name: user.name, email: user.email, phone: user.phone, address: user.address })
    .from(user)
    .where(eq(user.id, ownerId));
  return owner ?? null;
}
