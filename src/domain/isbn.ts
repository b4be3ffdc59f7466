// D30: an ISBN is checked and normalized by isbn3 (check digits and the registration groups'
// ranges, Indonesia's 602/623 included), never by a checksum of our own. The library carries the
// ranges table (about 100 KB), so it is loaded on first use: the upload page's first load stays
// as small as it was, and the server pays the import once.

type Isbn3 = typeof import('isbn3');
let isbn3: Promise<Isbn3> | undefined;
function loadIsbn3(): Promise<Isbn3> {
  // A CommonJS package: its functions are on the default export under ESM.
  isbn3 ??= import('isbn3').then((m) => ((m as { default?: Isbn3 }).default ?? m) as Isbn3);
  return isbn3;
}

/** The ISBN as typed, without the hyphens and spaces people and barcodes put in it. */
export function compactIsbn(text: string): string {
  return text.replace(/[\s\u00a0-]/g, '').toUpperCase();
}

/** Whether the text could be an ISBN at all (10 or 13 characters once compacted): worth checking. */
export function looksLikeIsbn(text: string): boolean {
  return /^(\d{9}[\dX]|\d{13})$/.test(compactIsbn(text));
}

/** The ISBN-13 of an ISBN-10 or ISBN-13 typed with or without hyphens and spaces; null when it is none. */
export async function normalizeIsbn(text: string): Promise<string | null> {
  if (!looksLikeIsbn(text)) return null;
  const parsed = (await loadIsbn3()).parse(compactIsbn(text));
  return parsed?.isValid ? parsed.isbn13 : null;
}
