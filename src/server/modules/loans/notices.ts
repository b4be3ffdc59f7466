import { eq } from 'drizzle-orm';
import { dueWords, loanClock, localDate, type ReminderKind } from '@domain/loan';
import { formatMoney } from '@domain/money';
import { orderNumber } from '@domain/order-number';
import type { Config } from '@server/config';
import type { Tx } from '@server/db/client';
import { type Order, type OrderExtension, type OrderItem, user } from '@server/db/schema';
import { now } from '@server/lib/clock';
import { type EmailContent, renderEmail } from '@server/outbox/layout';
import { enqueueEmails, type QueuedEmail } from '@server/outbox/outbox';
import { waitingForOrder } from '@server/modules/waitlist/service';

// Loan emails (D22, D23): reminders to the borrower, the overdue notice to owner and admins,
// and an extension's notice. Queued inside the timer's or the extension's transaction.

type Recipient = QueuedEmail['recipientType'];

/** A readable due date in the operator's zone: "Wednesday, 9 December 2026". */
function dueDateLabel(dueAt: Date, timeZone: string): string {
  const [y, m, d] = localDate(dueAt, timeZone).split('-').map(Number);
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: 'UTC',
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(new Date(Date.UTC(y, m - 1, d)));
}

async function addresses(
  tx: Tx,
  order: Order,
  types: Recipient[],
): Promise<Array<{ to: string; type: Recipient }>> {
  const list: Array<{ to: string; type: Recipient }> = [];
  if (types.includes('borrower') && order.userId) list.push({ to: order.userEmail, type: 'borrower' });
  if (types.includes('owner') && order.ownerId) {
    const [owner] = await tx.select({ email: user.email }).from(user).where(eq(user.id, order.ownerId));
    if (owner) list.push({ to: owner.email, type: 'owner' });
  }
  if (types.includes('admin')) {
    const admins = await tx.select({ email: user.email }).from(user).where(eq(user.role, 'admin'));
    for (const admin of admins) list.push({ to: admin.email, type: 'admin' });
  }
  return list;
}

async function queue(
  tx: Tx,
  order: Order,
  emailType: string,
  build: Partial<Record<Recipient, EmailContent>>,
): Promise<void> {
  const recipients = await addresses(tx, order, Object.keys(build) as Recipient[]);
  await enqueueEmails(
    tx,
    recipients.map(({ to, type }) => ({
      to,
      recipientType: type,
      emailType,
      orderId: order.id,
      ...renderEmail(build[type]!),
    })),
  );
}

/** D22: the reminder of `kind` for the order's current due date. */
export async function queueReminder(tx: Tx, config: Config, order: Order, kind: ReminderKind): Promise<void> {
  if (!order.dueAt) return;
  const number = orderNumber(order.id);
  const link = `${config.appUrl}/orders/${order.id}`;
  const clock = loanClock(order.dueAt, now(), config.timeZone);
  const words = dueWords(clock.daysLeft);
  const date = dueDateLabel(order.dueAt, config.timeZone);
  const overdue = clock.daysLeft < 0;
  // D25: the borrower knows when someone waits for these books.
  const waiting = await waitingForOrder(tx, order.id);
  const them = waiting.books === 1 ? 'this book' : 'these books';
  const waitLine =
    waiting.members > 0
      ? `${waiting.members === 1 ? '1 person is' : `${waiting.members} people are`} waiting for ${them}, so please return ${waiting.books === 1 ? 'it' : 'them'} on time.`
      : null;
  const build: Partial<Record<Recipient, EmailContent>> = {
    borrower: {
      subject: overdue ? `Order #${number} is ${words}` : `Order #${number} is ${words}: ${date}`,
      title: overdue ? 'Please return your books' : 'Your loan is almost over',
      paragraphs: [
        `Hi ${order.userName}, the books of order #${number} from ${order.ownerName} are ${words} (due ${date}).`,
        overdue
          ? 'Please start the return on the order page today: someone else may be waiting for them.'
          : waitLine
            ? 'Start the return on the order page.'
            : 'Start the return on the order page, or extend the loan there while it is not overdue.',
        ...(waitLine ? [waitLine] : []),
      ],
      button: { label: 'View your order', url: link },
    },
  };
  // The owner and the admins hear once, with the first overdue reminder of this due date (D22):
  // one day overdue, or later when a downtime skipped that one (D37).
  if (kind.startsWith('overdue_') && order.overdueRemindedAt === null) {
    const paragraph = `${order.userName} has not started returning the books of order #${number} (due ${date}).`;
    build.owner = {
      subject: `Order #${number} is overdue`,
      title: 'A loan of your books is overdue',
      paragraphs: [
        `Hi ${order.ownerName}, ${paragraph[0].toLowerCase()}${paragraph.slice(1)}`,
        'We have reminded the borrower and will follow up.',
      ],
      button: { label: 'View the order', url: link },
    };
    build.admin = {
      subject: `Order #${number} is overdue`,
      title: 'An overdue loan',
      paragraphs: [paragraph, `Borrower: ${order.userName} (${order.userEmail}). Owner: ${order.ownerName}.`],
      button: { label: 'Open the order', url: link },
    };
  }
  await queue(tx, order, `loan_reminder_${kind}`, build);
}

/** D23: an extension tells the owner and the admins; the borrower gets the charge to pay. */
export async function queueExtensionNotices(
  tx: Tx,
  config: Config,
  order: Order,
  items: OrderItem[],
  extension: OrderExtension,
): Promise<void> {
  const number = orderNumber(order.id);
  const link = `${config.appUrl}/orders/${order.id}`;
  const date = dueDateLabel(extension.newDueAt, config.timeZone);
  const weeks = extension.weeks === 1 ? '1 week' : `${extension.weeks} weeks`;
  const rows: Array<[string, string]> = [
    ['Order number', `#${number}`],
    ...items.map((item): [string, string] => [item.title, `${weeks}`]),
    ['Extension', formatMoney(extension.amount)],
    ['New due date', date],
  ];
  await queue(tx, order, 'loan_extended', {
    borrower: {
      subject: `Order #${number} extended by ${weeks}`,
      title: 'Your loan is extended',
      paragraphs: [
        `Hi ${order.userName}, your loan of order #${number} now runs until ${date}.`,
        `Please transfer ${formatMoney(extension.amount)} to ${config.payment.bankName}, account name ${config.payment.accountName}, account number ${config.payment.accountNumber}, with the reference ${number}.`,
      ],
      rows,
      button: { label: 'View your order', url: link },
    },
    owner: {
      subject: `Order #${number} extended by ${weeks}`,
      title: 'A loan of your books is extended',
      paragraphs: [
        `Hi ${order.ownerName}, ${order.userName} extended order #${number} by ${weeks}; the books are now due ${date}.`,
      ],
      rows,
      button: { label: 'View the order', url: link },
    },
    admin: {
      subject: `Order #${number} extended by ${weeks}: ${formatMoney(extension.amount)} to collect`,
      title: 'A loan was extended',
      paragraphs: [
        `${order.userName} (${order.userEmail}) extended order #${number} from ${order.ownerName} by ${weeks}.`,
        'Mark the extension paid on the order once the transfer arrives.',
      ],
      rows,
      button: { label: 'Open the order', url: link },
    },
  });
}
