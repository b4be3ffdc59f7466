import { asc, eq } from 'drizzle-orm';
import { MONTHLY_DURATION_WEEKS, type OrderStatus, PICKUP_DROP_OFF_HOURS } from '@domain/constants';
import { formatMoney } from '@domain/money';
import type { Config } from '@server/config';
import type { Tx } from '@server/db/client';
import { type Order, type OrderItem, orderItems, orders, user } from '@server/db/schema';
import { type EmailContent, renderEmail } from '@server/outbox/layout';
import { enqueueEmails, type QueuedEmail } from '@server/outbox/outbox';
import { orderNumber } from '@domain/order-number';

// Order emails (D16). Called inside the transaction that placed or changed the order, so the
// emails are queued if and only if the change commits; the caller kicks the outbox afterwards.

export type OrderNotice =
  | 'placed'
  | 'shipping_cost_set'
  | 'payment_confirmed'
  | 'shipped'
  | 'delivered'
  | 'return_started'
  | 'completed'
  | 'cancelled'
  | 'cancelled_by_borrower';

const NOTICE_BY_STATUS: Record<OrderStatus, OrderNotice | null> = {
  Draft: null,
  'Waiting for Payment': 'shipping_cost_set',
  Processed: 'payment_confirmed',
  'Delivery in Progress': 'shipped',
  Delivered: 'delivered',
  'Returning in Progress': 'return_started',
  Completed: 'completed',
  Cancelled: 'cancelled',
};

/** The notice a move into `status` sends, if any. */
export function noticeForStatus(status: OrderStatus): OrderNotice | null {
  return NOTICE_BY_STATUS[status];
}

type Recipient = QueuedEmail['recipientType'];

/** What a notice reads of an order: a checkout renders its notices before the order is written. */
export type NoticeOrder = Pick<
  Order,
  | 'id'
  | 'userId'
  | 'userName'
  | 'userEmail'
  | 'ownerId'
  | 'ownerName'
  | 'deliveryMethod'
  | 'deliveryAddress'
  | 'pickupLocation'
  | 'borrowDuration'
  | 'subtotal'
  | 'shippingCost'
  | 'total'
> &
  Partial<Pick<Order, 'paymentDueAt' | 'ownerShare'>>;
/** What a notice reads of an item. */
export type NoticeItem = Pick<OrderItem, 'title' | 'borrowDuration' | 'itemTotal'>;

interface NoticeContext {
  order: NoticeOrder;
  items: NoticeItem[];
  config: Config;
  number: string;
  link: string;
}

/** One template: who receives it and what each reader sees. */
type Template = Partial<Record<Recipient, (n: NoticeContext) => EmailContent>>;

function durationLabel(weeks: number): string {
  if (weeks === MONTHLY_DURATION_WEEKS) return '1 month';
  return weeks === 1 ? '1 week' : `${weeks} weeks`;
}

/** Items, then the amounts known so far (shipping and total only once an admin set them). */
function orderRows({ order, items, number }: NoticeContext): Array<[string, string]> {
  const rows: Array<[string, string]> = [['Order number', `#${number}`]];
  for (const item of items) {
    rows.push([`${item.title} (${durationLabel(item.borrowDuration)})`, formatMoney(item.itemTotal)]);
  }
  rows.push(['Subtotal', formatMoney(order.subtotal)]);
  if (order.shippingCost !== null) rows.push(['Shipping', formatMoney(order.shippingCost)]);
  if (order.total !== null) rows.push(['Total', formatMoney(order.total)]);
  return rows;
}

/** D24's deadline as a reader in Bali reads it: "Thursday, 26 November 2026 at 14:05 (Bali time)". */
export function deadlineLabel(at: Date, timeZone: string): string {
  const words = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(at);
  return timeZone === 'Asia/Makassar' ? `${words} (Bali time)` : `${words} (${timeZone})`;
}

function handover(order: NoticeOrder): string {
  if (order.deliveryMethod === 'pickup' && order.pickupLocation) {
    const p = order.pickupLocation;
    return `Self pickup at ${p.name}, ${p.address} (${p.location}).`;
  }
  if (order.deliveryAddress) {
    const a = order.deliveryAddress;
    return `Delivery to ${a.fullName}, ${a.address} (phone ${a.phone}).`;
  }
  return '';
}

const viewButton = (n: NoticeContext) => ({ label: 'View your order', url: n.link });

const TEMPLATES: Record<OrderNotice, Template> = {
  placed: {
    borrower: (n) => ({
      subject: `We received your order #${n.number}`,
      title: 'Thank you for your order',
      paragraphs: [
        n.order.deliveryMethod === 'pickup'
          ? `Hi ${n.order.userName}, your order #${n.number} from ${n.order.ownerName} is ready for payment.`
          : `Hi ${n.order.userName}, your order #${n.number} from ${n.order.ownerName} is waiting for our review.`,
        n.order.deliveryMethod === 'pickup'
          ? `Self pickup is free. ${handover(n.order)} The payment instructions are in a separate email and on your order page.`
          : `${handover(n.order)} We will set the shipping cost and email you payment instructions within 24 hours.`,
      ],
      rows: orderRows(n),
      button: viewButton(n),
    }),
    owner: (n) => ({
      subject: `New borrowing request #${n.number}`,
      title: 'Someone wants to borrow your books',
      paragraphs: [
        `Hi ${n.order.ownerName}, ${n.order.userName} placed order #${n.number} for your books.`,
        n.order.deliveryMethod === 'pickup' && n.order.pickupLocation
          ? `We will tell you when the payment is confirmed; then please drop the books off at ${n.order.pickupLocation.name}, ${n.order.pickupLocation.address} (${n.order.pickupLocation.location}), within 2 x 24 hours.`
          : 'We will tell you when the payment is confirmed; then please ship the books within 2 x 24 hours.',
        ...(n.order.ownerShare
          ? [
              `Your share of this order is ${formatMoney(n.order.ownerShare)} (the books total minus the service fee), payable once the books are back with you.`,
            ]
          : []),
      ],
      rows: [
        ...orderRows(n),
        ...(n.order.ownerShare ? [['Your share', formatMoney(n.order.ownerShare)] as [string, string]] : []),
      ],
      button: { label: 'View the order', url: n.link },
    }),
    admin: (n) => ({
      subject:
        n.order.deliveryMethod === 'pickup'
          ? `New pickup order #${n.number}`
          : `New order #${n.number} to review`,
      title:
        n.order.deliveryMethod === 'pickup'
          ? 'A new pickup order is waiting for payment'
          : 'A new order is waiting for review',
      paragraphs: [
        `${n.order.userName} (${n.order.userEmail}) ordered from ${n.order.ownerName}.`,
        n.order.deliveryMethod === 'pickup'
          ? `Pickup order: it needs no review and waits for the borrower's bank transfer. ${handover(n.order)}`
          : `Set the shipping cost in the admin dashboard. ${handover(n.order)}`,
      ],
      rows: orderRows(n),
      button: { label: 'Open the order', url: n.link },
    }),
  },
  shipping_cost_set: {
    borrower: (n) => ({
      subject: `Payment instructions for order #${n.number}`,
      title: 'Your order is ready for payment',
      paragraphs: [
        `Hi ${n.order.userName}, the total for order #${n.number} is ${formatMoney(n.order.total ?? n.order.subtotal)}.`,
        `Please transfer it to ${n.config.payment.bankName}, account name ${n.config.payment.accountName}, account number ${n.config.payment.accountNumber}, with the reference ${n.number}.`,
        n.order.deliveryMethod === 'pickup'
          ? 'Self pickup is free. You can also pay from your order page, where "I have paid" tells us the transfer is on its way.'
          : 'You can also pay from your order page, where "I have paid" tells us the transfer is on its way.',
        n.order.paymentDueAt
          ? `Please pay by ${deadlineLabel(n.order.paymentDueAt, n.config.timeZone)}, or the order is cancelled and its books go back on the shelf.`
          : `Please pay within ${n.config.paymentWindowHours} hours, or the order is cancelled and its books go back on the shelf.`,
        'We hold your payment until the books are back with their owner; then we pay the owner their share.',
      ],
      rows: [
        ...orderRows(n),
        ['Bank', n.config.payment.bankName],
        ['Account name', n.config.payment.accountName],
        ['Account number', n.config.payment.accountNumber],
        ['Payment reference', n.number],
      ],
      button: viewButton(n),
    }),
  },
  payment_confirmed: {
    borrower: (n) => ({
      subject: `Payment confirmed for order #${n.number}`,
      title: 'We received your payment',
      paragraphs: [
        `Hi ${n.order.userName}, your payment for order #${n.number} is confirmed.`,
        n.order.deliveryMethod === 'pickup'
          ? `${n.order.ownerName} will drop the books off within 2 x 24 hours. ${handover(n.order)}`
          : `${n.order.ownerName} will ship the books within 2 x 24 hours. ${handover(n.order)}`,
      ],
      rows: orderRows(n),
      button: viewButton(n),
    }),
    owner: (n) => ({
      subject: `Order #${n.number} is paid: please ${n.order.deliveryMethod === 'pickup' ? 'drop off' : 'ship'} the books`,
      title: 'Payment confirmed',
      paragraphs: [
        `Hi ${n.order.ownerName}, ${n.order.userName} paid for order #${n.number}.`,
        n.order.deliveryMethod === 'pickup'
          ? `Please drop the books off within 2 x 24 hours (${PICKUP_DROP_OFF_HOURS} hours). ${handover(n.order)}`
          : `Please ship the books within 2 x 24 hours (${PICKUP_DROP_OFF_HOURS} hours). ${handover(n.order)}`,
      ],
      rows: orderRows(n),
      button: { label: 'View the order', url: n.link },
    }),
  },
  shipped: statusPair('has shipped', 'Your books are on their way', (n) =>
    n.order.deliveryMethod === 'pickup'
      ? `The books of order #${n.number} are on their way to the pickup location.`
      : `The books of order #${n.number} are on their way to you.`,
  ),
  delivered: statusPair(
    'was delivered',
    'Your books were delivered',
    (n) =>
      `Order #${n.number} was delivered. Enjoy your reading! Return the books at the end of the ${durationLabel(n.order.borrowDuration)}.`,
  ),
  return_started: statusPair(
    'is being returned',
    'The return has started',
    (n) => `The books of order #${n.number} are on their way back to ${n.order.ownerName}.`,
  ),
  completed: statusPair(
    'is completed',
    'Your order is completed',
    (n) =>
      `The books of order #${n.number} are back with ${n.order.ownerName}. Thank you for sharing books in Bali!`,
  ),
  cancelled: statusPair(
    'was cancelled',
    'Your order was cancelled',
    (n) => `Order #${n.number} was cancelled. Its books are available again.`,
  ),
  // D35: the borrower cancelled before paying; the owner and the admins hear of it.
  cancelled_by_borrower: {
    borrower: (n) => ({
      subject: `Order #${n.number} was cancelled`,
      title: 'Your order was cancelled',
      paragraphs: [`Hi ${n.order.userName}, you cancelled order #${n.number}. Nothing is to be paid.`],
      rows: orderRows(n),
      button: viewButton(n),
    }),
    owner: (n) => ({
      subject: `Order #${n.number} was cancelled by the borrower`,
      title: 'The order was cancelled',
      paragraphs: [
        `Hi ${n.order.ownerName}, ${n.order.userName} cancelled order #${n.number} before paying. Your books are available again.`,
      ],
      rows: orderRows(n),
      button: { label: 'View the order', url: n.link },
    }),
    admin: (n) => ({
      subject: `Order #${n.number} was cancelled by the borrower`,
      title: 'An order was cancelled by its borrower',
      paragraphs: [
        `${n.order.userName} (${n.order.userEmail}) cancelled order #${n.number} from ${n.order.ownerName}. Its books are available again; nothing is to be paid.`,
      ],
      rows: orderRows(n),
      button: { label: 'Open the order', url: n.link },
    }),
  },
};

/** The status notices that go to both the borrower and the owner (D16). */
function statusPair(subjectTail: string, title: string, sentence: (n: NoticeContext) => string): Template {
  const build =
    (name: (o: NoticeOrder) => string, label: string) =>
    (n: NoticeContext): EmailContent => ({
      subject: `Order #${n.number} ${subjectTail}`,
      title,
      paragraphs: [`Hi ${name(n.order)}, ${sentence(n).replace(/^./, (c) => c.toLowerCase())}`],
      rows: orderRows(n),
      button: { label, url: n.link },
    });
  return {
    borrower: build((o) => o.userName, 'View your order'),
    owner: build((o) => o.ownerName, 'View the order'),
  };
}

/** Queues the emails of one order event for every reader D16 names. */
export async function queueOrderNotices(
  tx: Tx,
  config: Config,
  orderId: string,
  notice: OrderNotice,
): Promise<void> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return;
  const items = await tx
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.createdAt), asc(orderItems.title));
  await enqueueEmails(tx, noticeEmails(config, notice, order, items, await recipientsOf(tx, order)));
}

/**
 * The 'placed' notices of a whole checkout from the orders and items it is about to write
 * (items in the order queueOrderNotices reads them) and the addresses it read with the cart
 * (owners) and the member's lock (admins, oldest first), with no query of their own: the
 * checkout inserts them in the statement that writes the orders.
 */
export function placedNoticeEmails(
  config: Config,
  placed: ReadonlyArray<{ order: NoticeOrder; items: NoticeItem[] }>,
  addresses: { ownerEmail: (ownerId: string) => string | null; adminEmails: readonly string[] },
): QueuedEmail[] {
  return placed.flatMap(({ order, items }) => {
    const ownerEmail = order.ownerId ? addresses.ownerEmail(order.ownerId) : null;
    // A checkout's items share one created_at (its transaction's): by title, then.
    const sorted = [...items].sort((a, b) => a.title.localeCompare(b.title));
    return noticeEmails(
      config,
      'placed',
      order,
      sorted,
      recipientList(order, ownerEmail, addresses.adminEmails),
    );
  });
}

function noticeEmails(
  config: Config,
  notice: OrderNotice,
  order: NoticeOrder,
  items: NoticeItem[],
  recipients: ReadonlyArray<{ email: string; type: Recipient }>,
): QueuedEmail[] {
  const context: NoticeContext = {
    order,
    items,
    config,
    number: orderNumber(order.id),
    link: `${config.appUrl}/orders/${order.id}`,
  };
  const template = TEMPLATES[notice];
  const emails: QueuedEmail[] = [];
  for (const { email, type } of recipients) {
    const build = template[type];
    if (!build) continue;
    emails.push({
      to: email,
      recipientType: type,
      emailType: `order_${notice}`,
      orderId: order.id,
      ...renderEmail(build(context)),
    });
  }
  return emails;
}

/** The borrower (while their account exists), the owner, and every admin; each address once per role. */
async function recipientsOf(tx: Tx, order: Order): Promise<Array<{ email: string; type: Recipient }>> {
  let ownerEmail: string | null = null;
  if (order.ownerId) {
    const [owner] = await tx.select({ email: user.email }).from(user).where(eq(user.id, order.ownerId));
    ownerEmail = owner?.email ?? null;
  }
  const admins = await tx.select({ email: user.email }).from(user).where(eq(user.role, 'admin'));
  return recipientList(
    order,
    ownerEmail,
    admins.map((a) => a.email),
  );
}

function recipientList(order: NoticeOrder, ownerEmail: string | null, adminEmails: readonly string[]) {
  const list: Array<{ email: string; type: Recipient }> = [];
  if (order.userId) list.push({ email: order.userEmail, type: 'borrower' });
  if (ownerEmail) list.push({ email: ownerEmail, type: 'owner' });
  for (const email of adminEmails) list.push({ email, type: 'admin' });
  return list;
}
