import type { Config } from '@server/config';
import type { Tx } from '@server/db/client';
import { renderEmail } from '@server/outbox/layout';
import { enqueueEmails } from '@server/outbox/outbox';

// The waitlist's emails (D25), queued in the transaction that made the hold or ended the list.

export interface HoldOffer {
  userId: string;
  email: string;
  name: string;
  bookId: string;
  title: string;
  holdUntil: Date;
}

type NoticeConfig = Pick<Config, 'appUrl' | 'timeZone'>;

/** "Friday, 4 December 2026 at 10:00" in the operator's time zone. */
function holdEndLabel(at: Date, timeZone: string): string {
  const date = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(at);
  const time = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit' }).format(at);
  return `${date} at ${time}`;
}

/** One email per member for every hold that became theirs in this transaction (D25). */
export async function queueHoldOffers(tx: Tx, config: NoticeConfig, offers: HoldOffer[]): Promise<void> {
  const byMember = new Map<string, HoldOffer[]>();
  for (const offer of offers) byMember.set(offer.userId, [...(byMember.get(offer.userId) ?? []), offer]);
  await enqueueEmails(
    tx,
    [...byMember.values()].map((held) => {
      const first = held[0];
      const several = held.length > 1;
      const link = several ? `${config.appUrl}/my-waitlist` : `${config.appUrl}/books/${first.bookId}`;
      return {
        to: first.email,
        recipientType: 'user' as const,
        emailType: 'waitlist_hold',
        ...renderEmail({
          subject: several ? `${held.length} books are held for you` : `"${first.title}" is held for you`,
          title: several ? 'Books you waited for are ready' : 'A book you waited for is ready',
          paragraphs: [
            `Hi ${first.name}, ${several ? 'these books are' : 'this book is'} back and held for you alone for 48 hours.`,
            several
              ? 'Add them to your cart and check out before each hold ends; after that each goes to the next member waiting, or back to the shop.'
              : 'Add it to your cart and check out before the hold ends; after that it goes to the next member waiting, or back to the shop.',
          ],
          rows: held.map((h): [string, string] => [
            h.title,
            `held until ${holdEndLabel(h.holdUntil, config.timeZone)}`,
          ]),
          button: { label: several ? 'See my waitlist' : 'See the book', url: link },
        }),
      };
    }),
  );
}

/** D25: a deleted or sold book ends its waitlist, with an email to each waiter. */
export async function queueWaitlistEnded(
  tx: Tx,
  config: NoticeConfig,
  book: { title: string; reason: 'deleted' | 'sold' },
  members: Array<{ email: string; name: string }>,
): Promise<void> {
  const why = book.reason === 'sold' ? 'has been sold' : 'has been taken off Rakbuku by its owner';
  await enqueueEmails(
    tx,
    members.map((m) => ({
      to: m.email,
      recipientType: 'user' as const,
      emailType: 'waitlist_ended',
      ...renderEmail({
        subject: `"${book.title}" is no longer available`,
        title: 'A waitlist has ended',
        paragraphs: [
          `Hi ${m.name}, "${book.title}" ${why}, so its waitlist has ended and you are no longer waiting for it.`,
        ],
        button: { label: 'Browse books', url: `${config.appUrl}/books` },
      }),
    })),
  );
}
