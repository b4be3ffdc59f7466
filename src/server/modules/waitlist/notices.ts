import { momentWords } from '@domain/date-words';
import type { UiLanguage } from '@domain/ui-language';
import type { Config } from '@server/config';
import type { Tx } from '@server/db/client';
import { emailWords, languageOf, momentInZone } from '@server/lib/i18n';
import { renderNotice } from '@server/outbox/layout';
import { enqueueEmails } from '@server/outbox/outbox';
import { bookWords } from '@server/outbox/push';

// The waitlist's emails, queued in the transaction that made the hold or ended the list.

export interface HoldOffer {
  userId: string;
  email: string;
  name: string;
  /** The member's saved language, read as the hold is made: the email is worded then. */
  language: string;
  bookId: string;
  title: string;
  holdUntil: Date;
}

type NoticeConfig = Pick<Config, 'appUrl' | 'timeZone'>;

/** "Friday, 4 December 2026 at 10:00 (Bali time)" / "Jumat, 4 Desember 2026 pukul 10.00 WITA". */
function holdEndLabel(lang: UiLanguage, at: Date, timeZone: string): string {
  return momentInZone(lang, momentWords(lang, at, timeZone), timeZone);
}

/** One email per member for every hold that became theirs in this transaction (D25). */
export async function queueHoldOffers(tx: Tx, config: NoticeConfig, offers: HoldOffer[]): Promise<void> {
  const byMember = new Map<string, HoldOffer[]>();
  for (const offer of offers) byMember.set(offer.userId, [...(byMember.get(offer.userId) ?? []), offer]);
  await enqueueEmails(
    tx,
    [...byMember.values()].map((held) => {
      const first = held[0];
      const lang = languageOf(first.language);
      const t = emailWords(lang);
      const several = held.length > 1;
      const form = several ? 'Several' : 'One';
      const link = several ? `${config.appUrl}/my-waitlist` : `${config.appUrl}/books/${first.bookId}`;
      return {
        to: first.email,
        recipientType: 'user' as const,
        emailType: 'waitlist_hold',
        ...renderNotice(lang, {
          subject: t(`waitlist.hold.subject${form}`, { title: first.title, count: held.length }),
          title: t(`waitlist.hold.title${form}`),
          paragraphs: [t(`waitlist.hold.body${form}`, { name: first.name }), t(`waitlist.hold.next${form}`)],
          rows: held.map((h): [string, string] => [
            h.title,
            t('waitlist.hold.heldUntil', { moment: holdEndLabel(lang, h.holdUntil, config.timeZone) }),
          ]),
          button: { label: t(`waitlist.hold.button${form}`), url: link },
        }),
        // D45: a hold lasts 48 hours, so it goes by push too; it ends at the first one's end.
        push: {
          language: lang,
          title: t('push.hold.title', {
            books: bookWords(
              lang,
              held.map((h) => h.title),
            ),
          }),
          body: t('push.hold.body', {
            moment: holdEndLabel(
              lang,
              new Date(Math.min(...held.map((h) => h.holdUntil.getTime()))),
              config.timeZone,
            ),
          }),
          url: link,
        },
      };
    }),
  );
}

/** A hold about to lapse: its holder hears by email and push while there is time to borrow. */
export async function queueHoldEnding(tx: Tx, config: NoticeConfig, hold: HoldOffer): Promise<void> {
  const lang = languageOf(hold.language);
  const t = emailWords(lang);
  const moment = holdEndLabel(lang, hold.holdUntil, config.timeZone);
  const link = `${config.appUrl}/books/${hold.bookId}`;
  await enqueueEmails(tx, [
    {
      to: hold.email,
      recipientType: 'user',
      emailType: 'waitlist_hold_ending',
      ...renderNotice(lang, {
        subject: t('waitlist.ending.subject', { title: hold.title }),
        title: t('waitlist.ending.title'),
        paragraphs: [t('waitlist.ending.body', { name: hold.name, title: hold.title, moment })],
        button: { label: t('waitlist.ending.button'), url: link },
      }),
      push: {
        language: lang,
        title: t('push.holdEnding.title', { books: bookWords(lang, [hold.title]) }),
        body: t('push.holdEnding.body', { moment }),
        url: link,
      },
    },
  ]);
}

/** A deleted or sold book ends its waitlist, with an email to each waiter in their language. */
export async function queueWaitlistEnded(
  tx: Tx,
  config: NoticeConfig,
  book: { title: string; reason: 'deleted' | 'sold' },
  members: Array<{ email: string; name: string; language: string }>,
): Promise<void> {
  await enqueueEmails(
    tx,
    members.map((m) => {
      const lang = languageOf(m.language);
      const t = emailWords(lang);
      return {
        to: m.email,
        recipientType: 'user' as const,
        emailType: 'waitlist_ended',
        ...renderNotice(lang, {
          subject: t('waitlist.ended.subject', { title: book.title }),
          title: t('waitlist.ended.title'),
          paragraphs: [t(`waitlist.ended.${book.reason}`, { name: m.name, title: book.title })],
          button: { label: t('waitlist.ended.button'), url: `${config.appUrl}/books` },
        }),
      };
    }),
  );
}

/**
 * A hold that lapsed unanswered, told to the member it was for: when it ended, and where
 * the book went (the next member in line, or back on the shelf), so the way back is true.
 */
export async function queueHoldLapsed(
  tx: Tx,
  config: NoticeConfig,
  lapse: {
    email: string;
    name: string;
    language: string;
    bookId: string;
    title: string;
    lapsedAt: Date;
    passedOn: boolean;
  },
): Promise<void> {
  const lang = languageOf(lapse.language);
  const t = emailWords(lang);
  await enqueueEmails(tx, [
    {
      to: lapse.email,
      recipientType: 'user' as const,
      emailType: 'waitlist_hold_lapsed',
      ...renderNotice(lang, {
        subject: t('waitlist.lapsed.subject', { title: lapse.title }),
        title: t('waitlist.lapsed.title'),
        paragraphs: [
          t('waitlist.lapsed.body', {
            name: lapse.name,
            title: lapse.title,
            moment: holdEndLabel(lang, lapse.lapsedAt, config.timeZone),
          }),
          t(lapse.passedOn ? 'waitlist.lapsed.passedOn' : 'waitlist.lapsed.backOnShelf'),
        ],
        button: { label: t('waitlist.lapsed.button'), url: `${config.appUrl}/books/${lapse.bookId}` },
      }),
    },
  ]);
}
