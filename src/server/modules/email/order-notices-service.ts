import { asc, eq, or } from 'drizzle-orm';
import { type OrderStatus, PICKUP_DROP_OFF_HOURS } from '@domain/constants';
import { dayWords, momentWords } from '@domain/date-words';
import { dueAtFor, localDate } from '@domain/loan';
import { now } from '@server/lib/clock';
import { formatMoney } from '@domain/money';
import type { Config } from '@server/config';
import type { Tx } from '@server/db/client';
import { writeWithoutWaiting } from '@server/db/unawaited-writes';
import { type Order, type OrderItem, orderItems, orders, user } from '@server/db/schema';
import type { UiLanguage } from '@domain/ui-language';
import { type EmailWords, emailWords, languageOf, momentInZone, translate } from '@server/lib/i18n';
import { listen, type PlacedOrder } from '@server/lib/lifecycle-events';
import { type StatementTransfer, statementTransferOf } from '@server/modules/payments/statement-service';
import { type EmailContent, renderEmail, renderNotice } from '@server/outbox/layout';
import { enqueueEmails, type QueuedEmail } from '@server/outbox/outbox';
import { bookWords, type PushContent } from '@server/outbox/push';
import { orderNumber } from '@domain/order-number';
import type { PaymentTaskKind } from '@domain/gateway-types';

// Order emails. Called inside the transaction that placed or changed the order, so the
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
  | 'cancelled_by_borrower'
  // A claim arrives (admins), still waits a day later (admins), is rejected (borrower);
  // an order cancelled after the borrower paid or said so (a refund is owed).
  | 'payment_claimed'
  | 'payment_claim_waiting'
  | 'payment_claim_rejected'
  | 'cancelled_refund_owed'
  // A delivery order is 4 hours from its 24-hour promise without a shipping cost (admins).
  | 'shipping_promise_due'
  // Money that came late, twice or wrong was refunded (borrower); an order cancelled before
  // its money arrived was revived with it and is now paid (borrower; the owner hears it is paid).
  | 'payment_refunded'
  | 'order_revived';

/** What a notice says beyond the order (a rejection's reason and the new deadline). */
export interface NoticeFacts {
  reason?: string;
  deadline?: Date;
  /** The refund, why the money could not be used, and the admin's bank reference when by hand. */
  refund?: {
    amount: string;
    why: PaymentTaskKind;
    bankReference: string | null;
  };
  /** Under the statement adapter: the unique amount to transfer and the code taken off the total. */
  transfer?: StatementTransfer | null;
}

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
function noticeForStatus(status: OrderStatus): OrderNotice | null {
  return NOTICE_BY_STATUS[status];
}

type Recipient = QueuedEmail['recipientType'];

/** What a notice reads of an order: a checkout renders its notices before the order is written. */
type NoticeOrder = PlacedOrder & Partial<Pick<Order, 'paymentDueAt' | 'dueAt'>>;
/** What a notice reads of an item. */
type NoticeItem = Pick<OrderItem, 'title' | 'borrowDuration' | 'itemTotal'>;

interface NoticeContext {
  facts: NoticeFacts;
  order: NoticeOrder;
  items: NoticeItem[];
  config: Config;
  number: string;
  link: string;
  /** The recipient's language and its words. */
  lang: UiLanguage;
  t: EmailWords;
}

/** One template: who receives it and what each reader sees. */
type Template = Partial<Record<Recipient, (n: NoticeContext) => EmailContent>>;

/** "1 week", "2 weeks", "1 month": the web's own words for a borrow duration. */
const durationLabel = (n: NoticeContext, weeks: number) => translate(n.lang, `orders:durations.${weeks}`);

/**
 * The day a delivered loan is due, as the loan emails word it: "Wednesday, 9 December 2026".
 * Delivery writes `dueAt` before its notice is queued; the rule itself answers otherwise.
 */
function dueDay(n: NoticeContext): string {
  const { timeZone } = n.config;
  const dueAt = n.order.dueAt ?? dueAtFor(now(), n.order.borrowDuration, timeZone);
  return dayWords(n.lang, localDate(dueAt, timeZone));
}

/** Items, then the amounts known so far (shipping and total only once an admin set them). */
function orderRows(n: NoticeContext): Array<[string, string]> {
  const { order, items, number, t } = n;
  const rows: Array<[string, string]> = [[t('orders.rows.orderNumber'), `#${number}`]];
  for (const item of items) {
    rows.push([
      t('orders.rows.item', { title: item.title, duration: durationLabel(n, item.borrowDuration) }),
      formatMoney(item.itemTotal),
    ]);
  }
  rows.push([t('orders.rows.subtotal'), formatMoney(order.subtotal)]);
  if (order.shippingCost !== null) rows.push([t('orders.rows.shipping'), formatMoney(order.shippingCost)]);
  if (order.total !== null) rows.push([t('orders.rows.total'), formatMoney(order.total)]);
  return rows;
}

/**
 * The payment deadline as a reader in Bali reads it, in their language: "Thursday, 26 November 2026
 * at 14:05 (Bali time)" / "Kamis, 26 November 2026 pukul 14.05 WITA".
 */
export function deadlineLabel(lang: UiLanguage, at: Date, timeZone: string): string {
  return momentInZone(lang, momentWords(lang, at, timeZone), timeZone);
}

/** The pickup point's words for a sentence that names it ({{place}}, {{address}} ({{location}})). */
function pickupPlace({ order }: NoticeContext): { place?: string; address?: string; location?: string } {
  const p = order.pickupLocation;
  return p ? { place: p.name, address: p.address, location: p.location } : {};
}

function handover({ order, t }: NoticeContext): string {
  if (order.deliveryMethod === 'pickup' && order.pickupLocation) {
    const p = order.pickupLocation;
    return t('orders.handover.pickup', { place: p.name, address: p.address, location: p.location });
  }
  if (order.deliveryAddress) {
    const a = order.deliveryAddress;
    return t('orders.handover.delivery', { name: a.fullName, address: a.address, phone: a.phone });
  }
  return '';
}

/** A paid order's next step for the borrower: the owner hands the books over (a revived order's too). */
const paidNext = (n: NoticeContext) =>
  n.t(
    isPickup(n)
      ? 'orders.paymentConfirmed.borrower.pickupNext'
      : 'orders.paymentConfirmed.borrower.deliveryNext',
    { owner: n.order.ownerName, handover: handover(n) },
  );

const viewButton = (n: NoticeContext) => ({ label: n.t('buttons.viewYourOrder'), url: n.link });
const viewTheOrder = (n: NoticeContext) => ({ label: n.t('buttons.viewTheOrder'), url: n.link });
const openButton = (n: NoticeContext) => ({ label: n.t('buttons.openTheOrder'), url: n.link });

/** The parameters most sentences name. */
const words = (n: NoticeContext) => ({
  number: n.number,
  borrower: n.order.userName,
  owner: n.order.ownerName,
  email: n.order.userEmail,
});
const isPickup = (n: NoticeContext) => n.order.deliveryMethod === 'pickup';
/** At checkout an order with a shipping cost already is payable at once (pickup, or a priced route). */
const pricedAtCheckout = (n: NoticeContext) => n.order.shippingCost !== null;
/**
 * What comes after placing: pickup's free drop-off, a priced delivery's payment email, or
 * the shipping cost and payment instructions within 24 hours.
 */
const placedNext = (n: NoticeContext, who: 'borrower' | 'admin') =>
  isPickup(n)
    ? (`orders.placed.${who}.pickupNext` as const)
    : pricedAtCheckout(n)
      ? (`orders.placed.${who}.deliveryPricedNext` as const)
      : (`orders.placed.${who}.deliveryNext` as const);
const amountDue = (n: NoticeContext) => formatMoney(n.order.total ?? n.order.subtotal);
const payWords = (n: NoticeContext) => ({
  bank: n.config.payment.bankName,
  accountName: n.config.payment.accountName,
  accountNumber: n.config.payment.accountNumber,
});

/** A template that says the same to every reader it names, greeting each by name. */
function sameForAll(
  key: string,
  readers: Partial<Record<Recipient, 'greet' | 'plain'>>,
  button: (n: NoticeContext) => { label: string; url: string },
  ownerButton = viewTheOrder,
): Template {
  const template: Template = {};
  for (const [who, greet] of Object.entries(readers) as Array<[Recipient, 'greet' | 'plain']>) {
    template[who] = (n) => ({
      subject: n.t(`${key}.${who}.subject`, words(n)),
      title: n.t(`${key}.${who}.title`),
      paragraphs: [
        n.t(`${key}.${who}.body`, {
          ...words(n),
          name: greet === 'greet' ? (who === 'owner' ? n.order.ownerName : n.order.userName) : undefined,
        }),
      ],
      rows: orderRows(n),
      button: who === 'owner' ? ownerButton(n) : who === 'admin' ? openButton(n) : button(n),
    });
  }
  return template;
}

const TEMPLATES: Record<Exclude<OrderNotice, keyof typeof CLAIM_TEMPLATES>, Template> = {
  placed: {
    borrower: (n) => ({
      subject: n.t('orders.placed.borrower.subject', words(n)),
      title: n.t('orders.placed.borrower.title'),
      paragraphs: [
        n.t(
          pricedAtCheckout(n)
            ? 'orders.placed.borrower.readyForPayment'
            : 'orders.placed.borrower.waitingForReview',
          { ...words(n), name: n.order.userName },
        ),
        // A pickup order names its place once, in the sentence that says pickup is free.
        n.t(placedNext(n, 'borrower'), { handover: handover(n), ...pickupPlace(n) }),
      ],
      rows: orderRows(n),
      button: viewButton(n),
    }),
    owner: (n) => ({
      subject: n.t('orders.placed.owner.subject', words(n)),
      title: n.t('orders.placed.owner.title'),
      paragraphs: [
        n.t('orders.placed.owner.intro', { ...words(n), name: n.order.ownerName }),
        isPickup(n) && n.order.pickupLocation
          ? n.t('orders.placed.owner.pickupNext', pickupPlace(n))
          : n.t('orders.placed.owner.deliveryNext'),
        ...(n.order.ownerShare
          ? [n.t('orders.placed.owner.share', { amount: formatMoney(n.order.ownerShare) })]
          : []),
      ],
      rows: [
        ...orderRows(n),
        ...(n.order.ownerShare
          ? [[n.t('orders.rows.yourShare'), formatMoney(n.order.ownerShare)] as [string, string]]
          : []),
      ],
      button: viewTheOrder(n),
    }),
    admin: (n) => ({
      subject: n.t(
        isPickup(n)
          ? 'orders.placed.admin.subjectPickup'
          : pricedAtCheckout(n)
            ? 'orders.placed.admin.subjectDeliveryPriced'
            : 'orders.placed.admin.subjectDelivery',
        words(n),
      ),
      title: n.t(
        isPickup(n)
          ? 'orders.placed.admin.titlePickup'
          : pricedAtCheckout(n)
            ? 'orders.placed.admin.titleDeliveryPriced'
            : 'orders.placed.admin.titleDelivery',
      ),
      paragraphs: [
        n.t('orders.placed.admin.intro', words(n)),
        n.t(placedNext(n, 'admin'), { handover: handover(n) }),
      ],
      rows: orderRows(n),
      button: openButton(n),
    }),
  },
  shipping_cost_set: {
    borrower: (n) => ({
      subject: n.t('orders.shippingCostSet.subject', words(n)),
      title: n.t('orders.shippingCostSet.title'),
      paragraphs: [
        n.t('orders.shippingCostSet.total', { ...words(n), name: n.order.userName, amount: amountDue(n) }),
        n.facts.transfer
          ? n.t('orders.shippingCostSet.transferExact', {
              ...payWords(n),
              amount: formatMoney(n.facts.transfer.amount),
              code: formatMoney(n.facts.transfer.code),
            })
          : n.t('orders.shippingCostSet.transfer', { ...words(n), ...payWords(n) }),
        n.t(isPickup(n) ? 'orders.shippingCostSet.payHerePickup' : 'orders.shippingCostSet.payHere'),
        n.order.paymentDueAt
          ? n.t('orders.shippingCostSet.payBy', {
              deadline: deadlineLabel(n.lang, n.order.paymentDueAt, n.config.timeZone),
            })
          : n.t('orders.shippingCostSet.payWithin', { hours: n.config.paymentWindowHours }),
        n.t('orders.shippingCostSet.held'),
      ],
      rows: [
        ...orderRows(n),
        [n.t('orders.rows.bank'), n.config.payment.bankName],
        [n.t('orders.rows.accountName'), n.config.payment.accountName],
        [n.t('orders.rows.accountNumber'), n.config.payment.accountNumber],
        n.facts.transfer
          ? [n.t('orders.rows.transferAmount'), formatMoney(n.facts.transfer.amount)]
          : [n.t('orders.rows.reference'), n.number],
      ],
      button: viewButton(n),
    }),
  },
  payment_confirmed: {
    borrower: (n) => ({
      subject: n.t('orders.paymentConfirmed.borrower.subject', words(n)),
      title: n.t('orders.paymentConfirmed.borrower.title'),
      paragraphs: [
        n.t('orders.paymentConfirmed.borrower.intro', { ...words(n), name: n.order.userName }),
        paidNext(n),
      ],
      rows: orderRows(n),
      button: viewButton(n),
    }),
    owner: (n) => ({
      subject: n.t(
        isPickup(n)
          ? 'orders.paymentConfirmed.owner.subjectPickup'
          : 'orders.paymentConfirmed.owner.subjectDelivery',
        words(n),
      ),
      title: n.t('orders.paymentConfirmed.owner.title'),
      paragraphs: [
        n.t('orders.paymentConfirmed.owner.intro', { ...words(n), name: n.order.ownerName }),
        n.t(
          isPickup(n)
            ? 'orders.paymentConfirmed.owner.pickupNext'
            : 'orders.paymentConfirmed.owner.deliveryNext',
          { hours: PICKUP_DROP_OFF_HOURS, handover: handover(n) },
        ),
      ],
      rows: orderRows(n),
      button: viewTheOrder(n),
    }),
  },
  shipped: statusPair('orders.shipped', (n, who) => [
    isPickup(n)
      ? 'orders.shipped.toPickup'
      : who === 'owner'
        ? 'orders.shipped.toBorrowerOwner'
        : 'orders.shipped.toBorrower',
  ]),
  delivered: statusPair('orders.delivered', (n, who) => [
    who === 'owner' ? 'orders.delivered.bodyOwner' : 'orders.delivered.body',
    { duration: durationLabel(n, n.order.borrowDuration), date: dueDay(n) },
  ]),
  return_started: statusPair('orders.returnStarted', () => ['orders.returnStarted.body']),
  completed: withRating(statusPair('orders.completed', () => ['orders.completed.body'])),
  cancelled: statusPair('orders.cancelled', () => ['orders.cancelled.body']),
  payment_refunded: {
    borrower: (n) => {
      const refund = n.facts.refund;
      const amount = refund ? formatMoney(refund.amount) : '';
      return {
        subject: n.t('orders.paymentRefunded.subject', words(n)),
        title: n.t('orders.paymentRefunded.title'),
        paragraphs: [
          n.t(`orders.paymentRefunded.why.${refund?.why ?? 'late'}`, {
            ...words(n),
            name: n.order.userName,
            amount,
          }),
          refund?.bankReference
            ? n.t('orders.paymentRefunded.byHand', { amount, reference: refund.bankReference })
            : n.t('orders.paymentRefunded.byProvider', { amount }),
        ],
        rows: [
          [n.t('orders.rows.orderNumber'), `#${n.number}`],
          [n.t('orders.rows.refunded'), amount],
        ],
        button: viewButton(n),
      };
    },
  },
  order_revived: {
    borrower: (n) => ({
      subject: n.t('orders.orderRevived.subject', words(n)),
      title: n.t('orders.orderRevived.title'),
      paragraphs: [n.t('orders.orderRevived.intro', { ...words(n), name: n.order.userName }), paidNext(n)],
      rows: orderRows(n),
      button: viewButton(n),
    }),
    // The owner was told of the cancellation; now the order is paid, as any paid order.
    owner: (n) => TEMPLATES.payment_confirmed.owner!(n),
  },
  // The borrower cancelled before paying; the owner and the admins hear of it.
  cancelled_by_borrower: sameForAll(
    'orders.cancelledByBorrower',
    { borrower: 'greet', owner: 'greet', admin: 'plain' },
    viewButton,
  ),
};

const CLAIM_TEMPLATES: Record<
  | 'payment_claimed'
  | 'payment_claim_waiting'
  | 'payment_claim_rejected'
  | 'cancelled_refund_owed'
  | 'shipping_promise_due',
  Template
> = {
  payment_claimed: {
    admin: (n) => ({
      subject: n.t('orders.paymentClaimed.subject', words(n)),
      title: n.t('orders.paymentClaimed.title'),
      paragraphs: [
        n.t('orders.paymentClaimed.body', { ...words(n), amount: amountDue(n) }),
        n.t('orders.paymentClaimed.next'),
      ],
      rows: orderRows(n),
      button: openButton(n),
    }),
  },
  shipping_promise_due: {
    admin: (n) => ({
      subject: n.t('orders.shippingPromiseDue.subject', words(n)),
      title: n.t('orders.shippingPromiseDue.title'),
      paragraphs: [
        n.t('orders.shippingPromiseDue.body', {
          ...words(n),
          deadline: n.facts.deadline ? deadlineLabel(n.lang, n.facts.deadline, n.config.timeZone) : '',
        }),
      ],
      rows: orderRows(n),
      button: openButton(n),
    }),
  },
  payment_claim_waiting: {
    admin: (n) => ({
      subject: n.t('orders.paymentClaimWaiting.subject', words(n)),
      title: n.t('orders.paymentClaimWaiting.title'),
      paragraphs: [n.t('orders.paymentClaimWaiting.body', words(n))],
      rows: orderRows(n),
      button: openButton(n),
    }),
  },
  payment_claim_rejected: {
    borrower: (n) => ({
      subject: n.t('orders.paymentClaimRejected.subject', words(n)),
      title: n.t('orders.paymentClaimRejected.title'),
      paragraphs: [
        n.t('orders.paymentClaimRejected.body', {
          ...words(n),
          name: n.order.userName,
          reason: n.facts.reason ?? '',
        }),
        n.facts.transfer
          ? n.t('orders.paymentClaimRejected.transferExact', {
              ...payWords(n),
              amount: formatMoney(n.facts.transfer.amount),
            })
          : n.t('orders.paymentClaimRejected.transfer', {
              ...words(n),
              ...payWords(n),
              amount: amountDue(n),
            }),
        n.facts.deadline
          ? n.t('orders.shippingCostSet.payBy', {
              deadline: deadlineLabel(n.lang, n.facts.deadline, n.config.timeZone),
            })
          : '',
      ].filter(Boolean),
      rows: orderRows(n),
      button: viewButton(n),
    }),
  },
  cancelled_refund_owed: sameForAll(
    'orders.cancelledRefundOwed',
    { borrower: 'greet', owner: 'greet', admin: 'plain' },
    viewButton,
  ),
};

/**
 * The status notices that go to both the borrower and the owner, each greeted by name.
 */
function statusPair(
  key: string,
  sentence: (n: NoticeContext, who: Recipient) => [string, Record<string, string>?],
): Template {
  const build =
    (who: 'borrower' | 'owner') =>
    (n: NoticeContext): EmailContent => {
      const [sentenceKey, params] = sentence(n, who);
      const name = who === 'owner' ? n.order.ownerName : n.order.userName;
      return {
        subject: n.t(`${key}.subject`, words(n)),
        title: n.t(`${key}.title`),
        paragraphs: [n.t(sentenceKey, { ...words(n), ...params, name })],
        rows: orderRows(n),
        button: who === 'owner' ? viewTheOrder(n) : viewButton(n),
      };
    };
  return { borrower: build('borrower'), owner: build('owner') };
}

/**
 * The completion email asks each side to rate the loan on the order page, where the
 * button leads; the review stays hidden from the other side until both wrote or 14 days passed.
 */
function withRating(template: Template): Template {
  const rated: Template = {};
  for (const [who, build] of Object.entries(template) as Array<
    [Recipient, (n: NoticeContext) => EmailContent]
  >) {
    const other = (n: NoticeContext) => (who === 'borrower' ? n.order.ownerName : n.order.userName);
    rated[who] = (n) => {
      const content = build(n);
      return {
        ...content,
        paragraphs: [...content.paragraphs, n.t('orders.completed.rate', { other: other(n) })],
        button: { label: n.t('buttons.rateLoan'), url: n.link },
      };
    };
  }
  return rated;
}

/** Queues the emails of one order event for every reader D16 names. */
export async function queueOrderNotices(
  tx: Tx,
  config: Config,
  orderId: string,
  notice: OrderNotice,
  facts: NoticeFacts = {},
): Promise<void> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
  if (order) await queueNoticesOf(tx, config, order, notice, facts);
}

async function queueNoticesOf(
  tx: Tx,
  config: Config,
  order: Order,
  notice: OrderNotice,
  facts: NoticeFacts = {},
): Promise<void> {
  const items = await tx
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id))
    .orderBy(asc(orderItems.createdAt), asc(orderItems.title));
  // The amount to transfer, where the statement adapter asks for a unique one.
  const transfer =
    notice === 'shipping_cost_set' || notice === 'payment_claim_rejected'
      ? await statementTransferOf(tx, config, order)
      : null;
  await enqueueEmails(
    tx,
    noticeEmails(config, notice, order, items, await recipientsOf(tx, order), { ...facts, transfer }),
  );
}

/**
 * The emails of a status change (src/server/wiring.ts lists this listener): the new status's
 * notice, except a cancellation by the borrower or one that leaves a refund owed, which
 * say so. Runs after the order row was updated, so it reads the order as it now is.
 */
export const orderNoticesListener = listen(['order-status-changed'], async (tx, event, ctx) => {
  const [order] = await tx.select().from(orders).where(eq(orders.id, event.orderId));
  if (!order) return;
  const notice =
    event.to === 'Cancelled' && order.refundOwedAt !== null
      ? 'cancelled_refund_owed'
      : event.to === 'Cancelled' && event.actorRole === 'borrower'
        ? 'cancelled_by_borrower'
        : // A cancelled order an admin revived with money that came late.
          event.from === 'Cancelled' && event.to === 'Processed'
          ? 'order_revived'
          : noticeForStatus(event.to);
  if (notice) await queueNoticesOf(tx, ctx.config, order, notice);
});

/**
 * The 'placed' notices of a checkout (src/server/wiring.ts lists this listener first, so they are
 * queued before any notice the new orders' next moves send): rendered from what the event
 * carries, with no query but the insert.
 */
export const placedNoticesListener = listen(['order-placed'], async (tx, event, ctx) => {
  const { told } = event;
  // Nothing reads the insert's answer: it comes back with checkout's commit (db/unawaited-writes.ts).
  await writeWithoutWaiting(
    tx,
    enqueueEmails(
      tx,
      placedNoticeEmails(ctx.config, told.orders, {
        owner: (ownerId) => told.owners.get(ownerId) ?? null,
        admins: told.admins,
        borrowerLanguage: told.borrowerLanguage,
      }),
    ),
  );
});

/**
 * The 'placed' notices of a whole checkout from the orders and items it wrote (items sorted as
 * queueOrderNotices reads them) and the addresses it read with the cart (owners) and the
 * member's lock (admins, oldest first).
 */
function placedNoticeEmails(
  config: Config,
  placed: ReadonlyArray<{ order: NoticeOrder; items: ReadonlyArray<NoticeItem> }>,
  addresses: {
    owner: (ownerId: string) => Addressee | null;
    admins: readonly Addressee[];
    /** The borrower's saved language (the member placing the orders). */
    borrowerLanguage: string;
  },
): QueuedEmail[] {
  return placed.flatMap(({ order, items }) => {
    const owner = order.ownerId ? addresses.owner(order.ownerId) : null;
    // A checkout's items share one created_at (its transaction's): by title, then.
    const sorted = [...items].sort((a, b) => a.title.localeCompare(b.title));
    return noticeEmails(
      config,
      'placed',
      order,
      sorted,
      recipientList(order, addresses.borrowerLanguage, owner, addresses.admins),
    );
  });
}

function noticeEmails(
  config: Config,
  notice: OrderNotice,
  order: NoticeOrder,
  items: NoticeItem[],
  recipients: ReadonlyArray<NoticeRecipient>,
  facts: NoticeFacts = {},
): QueuedEmail[] {
  const shared = {
    facts,
    order,
    items,
    config,
    number: orderNumber(order.id),
    link: `${config.appUrl}/orders/${order.id}`,
  };
  const template =
    notice in CLAIM_TEMPLATES
      ? CLAIM_TEMPLATES[notice as keyof typeof CLAIM_TEMPLATES]
      : TEMPLATES[notice as keyof typeof TEMPLATES];
  const emails: QueuedEmail[] = [];
  for (const { email, type, language } of recipients) {
    const build = template[type];
    if (!build) continue;
    const lang = languageOf(language);
    const content = build({ ...shared, lang, t: emailWords(lang) });
    emails.push({
      to: email,
      recipientType: type,
      emailType: `order_${notice}`,
      orderId: order.id,
      push: pushOf(notice, type, { ...shared, lang, t: emailWords(lang) }),
      // The admins' daily reminder of a waiting claim is a notice: it shares one email with
      // their other notices of that moment (the other claims' reminders, overdue loans).
      ...(notice === 'payment_claim_waiting' ? renderNotice(lang, content) : renderEmail(lang, content)),
    });
  }
  return emails;
}

/** The push where hours count (D45): a payment due or confirmed, and the owner's order to hand over. */
function pushOf(notice: OrderNotice, type: Recipient, n: NoticeContext): PushContent | undefined {
  const key =
    type === 'borrower' && notice === 'shipping_cost_set'
      ? 'paymentDue'
      : type === 'borrower' && notice === 'payment_confirmed'
        ? 'paymentConfirmed'
        : type === 'owner' && notice === 'payment_confirmed'
          ? 'handover'
          : null;
  if (!key) return undefined;
  const words = {
    books: bookWords(
      n.lang,
      n.items.map((item) => item.title),
    ),
    number: n.number,
  };
  return {
    language: n.lang,
    title: n.t(`push.${key}.title`, words),
    body: n.t(`push.${key}.body`, words),
    url: n.link,
  };
}

/** An address and the language its reader saved (D29). */
interface Addressee {
  email: string;
  language: string;
}

type NoticeRecipient = Addressee & { type: Recipient };

/**
 * The borrower (while their account exists), the owner, and every admin; each address once per
 * role, each with its own language. The language is read as the notice is queued, in the
 * transaction of the change: the email says what happened in the language the reader had then,
 * and the outbox sends the rendered text as it is, whatever the worker's timing.
 */
async function recipientsOf(tx: Tx, order: Order): Promise<NoticeRecipient[]> {
  const people = await tx
    .select({ id: user.id, email: user.email, language: user.language, role: user.role })
    .from(user)
    .where(
      or(
        eq(user.role, 'admin'),
        order.ownerId ? eq(user.id, order.ownerId) : undefined,
        order.userId ? eq(user.id, order.userId) : undefined,
      ),
    )
    .orderBy(asc(user.createdAt), asc(user.id));
  const borrower = people.find((p) => p.id === order.userId);
  const owner = people.find((p) => p.id === order.ownerId) ?? null;
  return recipientList(
    order,
    borrower?.language ?? 'en',
    owner,
    people.filter((p) => p.role === 'admin'),
  );
}

function recipientList(
  order: NoticeOrder,
  borrowerLanguage: string,
  owner: Addressee | null,
  admins: readonly Addressee[],
): NoticeRecipient[] {
  const list: NoticeRecipient[] = [];
  if (order.userId) list.push({ email: order.userEmail, language: borrowerLanguage, type: 'borrower' });
  if (owner) list.push({ email: owner.email, language: owner.language, type: 'owner' });
  for (const admin of admins) list.push({ email: admin.email, language: admin.language, type: 'admin' });
  return list;
}
