// Exact money (D2): prices travel as decimal strings ("25000.00") and are computed in
// integer minor units (cents of a rupiah), never with float arithmetic on fractions.

const CURRENCY = { code: 'IDR', locale: 'id-ID', fractionDigits: 0 } as const;

/** "25000.5" | 25000.5 -> 2500050 minor units. Throws on anything that is not a decimal with at most 2 places. */
export function toMinor(value: string | number): number {
  const text = typeof value === 'number' ? value.toFixed(2) : value.trim();
  const match = /^(-)?(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) throw new Error(`Not a money amount: ${value}`);
  const [, sign, whole, fraction = ''] = match;
  const minor = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return sign ? -minor : minor;
}

/** 2500050 -> "25000.50", the form stored in numeric(12,2) columns. */
export function fromMinor(minor: number): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(Math.round(minor));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

const formatter = new Intl.NumberFormat(CURRENCY.locale, {
  style: 'currency',
  currency: CURRENCY.code,
  minimumFractionDigits: CURRENCY.fractionDigits,
  maximumFractionDigits: CURRENCY.fractionDigits,
});

/** The one price formatter (D1): "Rp 25.000". */
export function formatMoney(value: string | number): string {
  const minor =
    typeof value === 'number' && !Number.isInteger(value * 100) ? Math.round(value * 100) : toMinor(value);
  return formatter.format(minor / 100).replace(/\u00a0/g, ' ');
}
