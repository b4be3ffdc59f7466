import { emailWords } from '@server/lib/i18n';
import {
  type EmailContent,
  type EmailSection,
  type RenderedEmail,
  renderEmail,
  type StoredNotice,
} from './layout';

// Several notices for one member at one moment go in one email (D37): a loan reminder, the
// messages of their conversations, a waitlist hold. Each notice was queued with its content as
// data (layout.ts, renderNotice) and a digest key (its address and language); the outbox, about
// to send one, takes the other notices of that key due at that moment and sends this email in
// their place. Each notice keeps its own heading and its own link to act on it or answer.

/** How many notices one email carries at most; the rest go in the next. */
export const DIGEST_LIMIT = 20;

/** The digest key of a notice: the same address in the same language shares an email. */
export function digestKeyOf(to: string, notice: StoredNotice): string {
  return `${notice.language}:${to.trim().toLowerCase()}`;
}

/** One notice as parts of the combined email: its own sections, or one section of its own. */
function sectionsOf(content: EmailContent): EmailSection[] {
  if (content.sections?.length) return content.sections;
  const rows = (content.rows ?? []).map(([label, value]) => `${label}: ${value}`);
  return [
    {
      heading: content.subject,
      paragraphs: [...content.paragraphs, ...rows],
      link: content.button,
    },
  ];
}

/** The one email carrying `notices` (oldest first), in their language. */
export function combineNotices(notices: StoredNotice[]): RenderedEmail {
  const lang = notices[0].language;
  const t = emailWords(lang);
  const footnotes = [...new Set(notices.map((n) => n.content.footnote).filter((f): f is string => !!f))];
  return renderEmail(lang, {
    subject: t('digest.subject', { first: notices[0].content.subject, count: notices.length - 1 }),
    title: t('digest.title', { count: notices.length }),
    paragraphs: [t('digest.intro')],
    sections: notices.flatMap((n) => sectionsOf(n.content)),
    footnote: footnotes.length ? footnotes.join(' ') : undefined,
  });
}
