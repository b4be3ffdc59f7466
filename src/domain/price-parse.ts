// Whole rupiah as people type them (D32): "12.000", "12,000" and "12000" are all twelve
// thousand. The one parser behind every amount field (book prices, shipping cost, payment
// received, payouts), on the web and on the server.

export type ParsedRupiah =
  | { ok: true; rupiah: number }
  | { ok: false; reason: 'empty' | 'invalid' | 'fraction' | 'too_large' };

/** Larger than any amount we accept, small enough that integer arithmetic stays exact. */
const PARSE_LIMIT = 1_000_000_000_000;

/**
 * "12.000" | "12,000" | "12000" | "Rp 12.000" -> 12000. A `.` or `,` followed by exactly
 * three digits separates thousands; a final `.` or `,` followed by one or two digits is a
 * fraction: accepted only when it is zero ("25000.00", the API's stored form; "12.000,00"),
 * otherwise the amount is not whole rupiah ("12.5").
 */
export function parseRupiah(input: string | number | null | undefined): ParsedRupiah {
  if (input === null || input === undefined) return { ok: false, reason: 'empty' };
  if (typeof input === 'number') {
    if (!Number.isFinite(input) || input < 0) return { ok: false, reason: 'invalid' };
    if (!Number.isInteger(input)) return { ok: false, reason: 'fraction' };
    return input > PARSE_LIMIT ? { ok: false, reason: 'too_large' } : { ok: true, rupiah: input };
  }
  const text = input.replace(/^\s*rp\.?\s*/i, '').replace(/\s/g, '');
  if (text === '') return { ok: false, reason: 'empty' };
  const match = /^(\d+(?:[.,]\d{3})*)(?:[.,](\d{1,2}))?$/.exec(text);
  if (!match) return { ok: false, reason: 'invalid' };
  const [, whole, fraction] = match;
  const digits = whole.replace(/[.,]/g, '');
  // Grouped digits must be grouped from the first separator on: "1.000" yes, "1000.000" no.
  if (/[.,]/.test(whole) && !/^\d{1,3}(?:[.,]\d{3})+$/.test(whole)) return { ok: false, reason: 'invalid' };
  if (fraction !== undefined && Number(fraction) !== 0) return { ok: false, reason: 'fraction' };
  if (digits.replace(/^0+/, '').length > 13) return { ok: false, reason: 'too_large' };
  const rupiah = Number(digits);
  return rupiah > PARSE_LIMIT ? { ok: false, reason: 'too_large' } : { ok: true, rupiah };
}

/** Digits grouped as the id-ID locale writes them while typing: 1234567 -> "1.234.567". */
export function groupRupiah(rupiah: number): string {
  return String(Math.trunc(rupiah)).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}

/** The stored decimal form of whole rupiah: 12000 -> "12000.00" (numeric(12,2), D2). */
export function rupiahToDecimal(rupiah: number): string {
  return `${Math.trunc(rupiah)}.00`;
}
