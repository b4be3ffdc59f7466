import { asc, eq, or } from 'drizzle-orm';
import { dayWords, daysFromNowWords } from '@domain/date-words';
import { loanClock, localDate, type ReminderKind } from '@domain/loan';
import { formatMoney } from '@domain/money';
import { orderNumber } from '@domain/order-number';
import type { Config } from '@server/config';
import type { Tx } from '@server/db/client';
import { type Order, type OrderExtension, type OrderItem, orderItems, user } from '@server/db/schema';
import type { UiLanguage } from '@domain/ui-language';
import { now } from '@server/lib/clock';
import { type EmailWords, emailWords, languageOf, translate } from '@server/lib/i18n';
import { type EmailContent, renderNotice } from '@server/outbox/layout';
import { enqueueEmails, type QueuedEmail } from '@server/outbox/outbox';
import { bookWords, type PushContent } from '@server/outbox/push';
import { waitingForOrder } from '@server/modules/waitlist/service';

// Loan emails: reminders to the borrower, the overdue notice to owner and admins,
// and an extension's notice. Queued inside the timer's or the extension's transaction.

type Recipient = QueuedEmail['recipientType'];

/** A readable due date in the operator's zone, in `lang`: "Wednesday, 9 December 2026" / "Rabu, 9 Desember 2026". */
function dueDateLabel(lang: UiLanguage, dueAt: Date, timeZone: string): string {
  return dayWords(lang, localDate(dueAt, timeZone));
}

/** "due tomorrow", "3 days overdue" / "jatuh tempo besok", "terlambat 3 hari": the due badge's words. */
export function dueLabel(lang: UiLanguage, daysLeft: number): string {
  if (daysLeft === 0) return translate(lang, 'orders:loan.dueToday');
  if (daysLeft > 0) return translate(lang, 'orders:loan.dueWhen', { when: daysFromNowWords(lang, daysLeft) });
  return translate(lang, 'orders:loan.overdue', { count: -daysLeft });
}

/**
 * Each reader's address and saved language (D29). The language is read as the notice is queued,
 * in the timer's or the extension's transaction: the reader's language at that moment; the
 * outbox then sends the rendered text as it is.
 */
async function addresses(
  tx: Tx,
  order: Order,
  types: Recipient[],
): Promise<Array<{ to: string; type: Recipient; lang: UiLanguage }>> {
  const list: Array<{ to: string; type: Recipient; lang: UiLanguage }> = [];
  const people = await tx
    .select({ id: user.id, email: user.email, language: user.language, role: user.role })
    .from(user)
    .where(
      or(
        types.includes('admin') ? eq(user.role, 'admin') : undefined,
        order.ownerId ? eq(user.id, order.ownerId) : undefined,
        order.userId ? eq(user.id, order.userId) : undefined,
      ),
    )
    .orderBy(asc(user.createdAt), asc(user.id));
  if (types.includes('borrower') && order.userId) {
    const borrower = people.find((p) => p.id === order.userId);
    list.push({ to: order.userEmail, type: 'borrower', lang: languageOf(borrower?.language) });
  }
  const owner = people.find((p) => p.id === order.ownerId);
  if (types.includes('owner') && owner)
    list.push({ to: owner.email, type: 'owner', lang: languageOf(owner.language) });
  if (types.includes('admin')) {
    for (const admin of people.filter((p) => p.role === 'admin')) {
      list.push({ to: admin.email, type: 'admin', lang: languageOf(admin.language) });
    }
  }
  return list;
}

/** What one reader reads, in their language. */
type Build = Partial<Record<Recipient, (lang: UiLanguage, t: EmailWords) => EmailContent>>;
/** The push a reader gets too, where hours count (D45). */
type PushBuild = Partial<Record<Recipient, (lang: UiLanguage, t: EmailWords) => PushContent>>;

async function queue(
  tx: Tx,
  order: Order,
  emailType: string,
  build: Build,
  pushes: PushBuild = {},
): Promise<void> {
  const recipients = await addresses(tx, order, Object.keys(build) as Recipient[]);
  await enqueueEmails(
    tx,
    recipients.map(({ to, type, lang }) => ({
      to,
      recipientType: type,
      emailType,
      orderId: order.id,
      // Reminders and loan notices share one email with the reader's other notices due at once (D37).
      ...renderNotice(lang, build[type]!(lang, emailWords(lang))),
      push: pushes[type]?.(lang, emailWords(lang)),
    })),
  );
}

/** D22: the reminder of `kind` for the order's current due date. */
export async function queueReminder(tx: Tx, config: Config, order: Order, kind: ReminderKind): Promise<void> {
  if (!order.dueAt) return;
  const dueAt = order.dueAt;
  const number = orderNumber(order.id);
  const link = `${config.appUrl}/orders/${order.id}`;
  const clock = loanClock(dueAt, now(), config.timeZone);
  const overdue = clock.daysLeft < 0;
  // The borrower knows when someone waits for these books.
  const waiting = await waitingForOrder(tx, order.id);
  const said = (lang: UiLanguage) => ({
    number,
    words: dueLabel(lang, clock.daysLeft),
    date: dueDateLabel(lang, dueAt, config.timeZone),
    borrower: order.userName,
    owner: order.ownerName,
    email: order.userEmail,
  });
  const build: Build = {
    borrower: (lang, t) => ({
      subject: t(overdue ? 'loans.reminder.subjectOverdue' : 'loans.reminder.subject', said(lang)),
      title: t(overdue ? 'loans.reminder.titleOverdue' : 'loans.reminder.title'),
      paragraphs: [
        t('loans.reminder.body', { ...said(lang), name: order.userName }),
        t(
          overdue
            ? 'loans.reminder.returnToday'
            : waiting.members > 0
              ? 'loans.reminder.returnNow'
              : 'loans.reminder.returnOrExtend',
        ),
        ...(waiting.members > 0
          ? [
              t(waiting.books === 1 ? 'loans.reminder.waitingOne' : 'loans.reminder.waitingSeveral', {
                count: waiting.members,
              }),
            ]
          : []),
      ],
      button: { label: t('buttons.viewYourOrder'), url: link },
    }),
  };
  // The owner and the admins hear once, with the first overdue reminder of this due date:
  // one day overdue, or later when a downtime skipped that one.
  if (kind.startsWith('overdue_') && order.overdueRemindedAt === null) {
    build.owner = (lang, t) => ({
      subject: t('loans.overdue.subject', said(lang)),
      title: t('loans.overdue.ownerTitle'),
      paragraphs: [
        t('loans.overdue.ownerBody', { ...said(lang), name: order.ownerName }),
        t('loans.overdue.ownerNext'),
      ],
      button: { label: t('buttons.viewTheOrder'), url: link },
    });
    build.admin = (lang, t) => ({
      subject: t('loans.overdue.subject', said(lang)),
      title: t('loans.overdue.adminTitle'),
      paragraphs: [t('loans.overdue.adminBody', said(lang)), t('loans.overdue.adminWho', said(lang))],
      button: { label: t('buttons.openTheOrder'), url: link },
    });
  }
  // The borrower's reminder goes by push too: a due date is where hours count.
  const titles = (
    await tx.select({ title: orderItems.title }).from(orderItems).where(eq(orderItems.orderId, order.id))
  )
    .map((item) => item.title)
    .sort((a, b) => a.localeCompare(b));
  const pushes: PushBuild = {
    borrower: (lang, t) => ({
      language: lang,
      title: t('push.loan.title', { books: bookWords(lang, titles), words: dueLabel(lang, clock.daysLeft) }),
      body: t(
        overdue
          ? 'push.loan.returnToday'
          : waiting.members > 0
            ? 'push.loan.returnNow'
            : 'push.loan.returnOrExtend',
        { number },
      ),
      url: link,
    }),
  };
  await queue(tx, order, `loan_reminder_${kind}`, build, pushes);
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
  const amount = formatMoney(extension.amount);
  const said = (lang: UiLanguage, t: EmailWords) => ({
    number,
    amount,
    date: dueDateLabel(lang, extension.newDueAt, config.timeZone),
    weeks: t('loans.extended.weeks', { count: extension.weeks }),
    borrower: order.userName,
    owner: order.ownerName,
    email: order.userEmail,
    bank: config.payment.bankName,
    accountName: config.payment.accountName,
    accountNumber: config.payment.accountNumber,
  });
  const rows = (lang: UiLanguage, t: EmailWords): Array<[string, string]> => [
    [t('orders.rows.orderNumber'), `#${number}`],
    ...items.map((item): [string, string] => [item.title, said(lang, t).weeks]),
    [t('loans.extended.rowExtension'), amount],
    [t('loans.extended.rowNewDueDate'), said(lang, t).date],
  ];
  await queue(tx, order, 'loan_extended', {
    borrower: (lang, t) => ({
      subject: t('loans.extended.subject', said(lang, t)),
      title: t('loans.extended.borrowerTitle'),
      paragraphs: [
        t('loans.extended.borrowerBody', { ...said(lang, t), name: order.userName }),
        t('loans.extended.borrowerPay', said(lang, t)),
      ],
      rows: rows(lang, t),
      button: { label: t('buttons.viewYourOrder'), url: link },
    }),
    owner: (lang, t) => ({
      subject: t('loans.extended.subject', said(lang, t)),
      title: t('loans.extended.ownerTitle'),
      paragraphs: [t('loans.extended.ownerBody', { ...said(lang, t), name: order.ownerName })],
      rows: rows(lang, t),
      button: { label: t('buttons.viewTheOrder'), url: link },
    }),
    admin: (lang, t) => ({
      subject: t('loans.extended.adminSubject', said(lang, t)),
      title: t('loans.extended.adminTitle'),
      paragraphs: [t('loans.extended.adminBody', said(lang, t)), t('loans.extended.adminNext')],
      rows: rows(lang, t),
      button: { label: t('buttons.openTheOrder'), url: link },
    }),
  });
}
