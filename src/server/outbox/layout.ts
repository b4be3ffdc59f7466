import type { UiLanguage } from '@domain/ui-language';
import { translate } from '@server/lib/i18n';

// The one email look: every template renders through here, HTML and plain text side by side,
// in the recipient's language (D29): the template's words and the layout's own (the footer).

/** One part of an email about several things, with its own link to act on it. */
export interface EmailSection {
  heading: string;
  paragraphs: string[];
  link?: { label: string; url: string };
}

export interface EmailContent {
  subject: string;
  /** Heading at the top of the message. */
  title: string;
  paragraphs: string[];
  /** Label/value rows, e.g. order number, amounts. */
  rows?: Array<[string, string]>;
  /** Parts of one email about several things, each with a heading and its own link. */
  sections?: EmailSection[];
  button?: { label: string; url: string };
  footnote?: string;
}

/** A notice kept as data beside its rendered text, to be one part of a combined email (digest.ts). */
export interface StoredNotice {
  language: UiLanguage;
  content: EmailContent;
}

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!,
  );

/**
 * A notice (D37): rendered as its own email, and kept as data so that the outbox can send it in
 * one email with the recipient's other notices due at the same moment (digest.ts). Spread it into
 * a queued email in place of `renderEmail`.
 */
export function renderNotice(
  lang: UiLanguage,
  content: EmailContent,
): RenderedEmail & { notice: StoredNotice } {
  return { ...renderEmail(lang, content), notice: { language: lang, content } };
}

export function renderEmail(lang: UiLanguage, content: EmailContent): RenderedEmail {
  const footer = translate(lang, 'emails:layout.footer');
  const text = [
    content.title,
    '',
    ...content.paragraphs.flatMap((p) => [p, '']),
    ...(content.rows ?? []).map(([k, v]) => `${k}: ${v}`),
    ...(content.rows?.length ? [''] : []),
    ...(content.sections ?? []).flatMap((section) => [
      section.heading,
      '',
      ...section.paragraphs.flatMap((p) => [p, '']),
      ...(section.link ? [`${section.link.label}: ${section.link.url}`, ''] : []),
    ]),
    ...(content.button ? [`${content.button.label}: ${content.button.url}`, ''] : []),
    ...(content.footnote ? [content.footnote, ''] : []),
    `— ${footer}`,
  ].join('\n');

  const rows = content.rows?.length
    ? `<table role="presentation" style="width:100%;border-collapse:collapse;margin:16px 0">${content.rows
        .map(
          ([k, v]) =>
            `<tr><td style="padding:6px 0;color:#6b7280">${escapeHtml(k)}</td><td style="padding:6px 0;text-align:right;font-weight:600">${escapeHtml(v)}</td></tr>`,
        )
        .join('')}</table>`
    : '';
  const sections = (content.sections ?? [])
    .map(
      (section) =>
        `<h2 style="font-size:16px;margin:20px 0 8px">${escapeHtml(section.heading)}</h2>\n${section.paragraphs
          .map((p) => `<p style="line-height:1.6;margin:0 0 8px">${escapeHtml(p)}</p>`)
          .join('\n')}\n${
          section.link
            ? `<p style="margin:8px 0 16px"><a href="${escapeHtml(section.link.url)}" style="color:#0f766e;font-weight:600">${escapeHtml(section.link.label)}</a> <span style="font-size:12px;color:#6b7280;word-break:break-all">${escapeHtml(section.link.url)}</span></p>`
            : ''
        }`,
    )
    .join('\n');
  const button = content.button
    ? `<p style="margin:24px 0"><a href="${escapeHtml(content.button.url)}" style="background:#0f766e;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600;display:inline-block">${escapeHtml(content.button.label)}</a></p><p style="font-size:12px;color:#6b7280;word-break:break-all">${escapeHtml(content.button.url)}</p>`
    : '';
  const html = `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"></head><body style="margin:0;background:#f5f5f4;font-family:system-ui,-apple-system,Segoe UI,sans-serif;color:#1c1917">
<div style="max-width:560px;margin:0 auto;padding:24px">
<div style="font-size:20px;font-weight:700;color:#0f766e;margin-bottom:16px">Rakbuku</div>
<div style="background:#fff;border-radius:12px;padding:24px;border:1px solid #e7e5e4">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(content.title)}</h1>
${content.paragraphs.map((p) => `<p style="line-height:1.6;margin:0 0 12px">${escapeHtml(p)}</p>`).join('\n')}
${rows}${sections}${button}
${content.footnote ? `<p style="font-size:13px;color:#6b7280">${escapeHtml(content.footnote)}</p>` : ''}
</div>
<p style="font-size:12px;color:#78716c;text-align:center;margin-top:16px">${escapeHtml(footer)}</p>
</div></body></html>`;
  return { subject: content.subject, text, html };
}
