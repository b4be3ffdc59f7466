import { describe, expect, it } from 'vitest';
import { groupRupiah, parseRupiah, rupiahToDecimal } from './price-parse';

// D32: whole rupiah as Indonesians type them.
describe('parseRupiah', () => {
  const CASES: Array<[string, ReturnType<typeof parseRupiah>]> = [
    ['12.000', { ok: true, rupiah: 12000 }],
    ['12,000', { ok: true, rupiah: 12000 }],
    ['12000', { ok: true, rupiah: 12000 }],
    ['1.000.000', { ok: true, rupiah: 1_000_000 }],
    ['1,000,000', { ok: true, rupiah: 1_000_000 }],
    ['Rp 12.000', { ok: true, rupiah: 12000 }],
    [' 25000.00 ', { ok: true, rupiah: 25000 }],
    ['12.000,00', { ok: true, rupiah: 12000 }],
    ['0', { ok: true, rupiah: 0 }],
    ['12.5', { ok: false, reason: 'fraction' }],
    ['12,50', { ok: false, reason: 'fraction' }],
    ['25000.01', { ok: false, reason: 'fraction' }],
    ['', { ok: false, reason: 'empty' }],
    ['   ', { ok: false, reason: 'empty' }],
    ['abc', { ok: false, reason: 'invalid' }],
    ['-1', { ok: false, reason: 'invalid' }],
    ['1.0000', { ok: false, reason: 'invalid' }],
    ['1000.000', { ok: false, reason: 'invalid' }],
    ['1e9', { ok: false, reason: 'invalid' }],
    ['12.', { ok: false, reason: 'invalid' }],
    ['99999999999999999999', { ok: false, reason: 'too_large' }],
  ];
  for (const [text, expected] of CASES) {
    it(`reads ${JSON.stringify(text)}`, () => {
      expect(parseRupiah(text)).toEqual(expected);
    });
  }

  it('reads numbers: whole ones only', () => {
    expect(parseRupiah(12000)).toEqual({ ok: true, rupiah: 12000 });
    expect(parseRupiah(12.5)).toEqual({ ok: false, reason: 'fraction' });
    expect(parseRupiah(Number.NaN)).toEqual({ ok: false, reason: 'invalid' });
    expect(parseRupiah(null)).toEqual({ ok: false, reason: 'empty' });
  });

  it('groups and stores whole rupiah', () => {
    expect(groupRupiah(1234567)).toBe('1.234.567');
    expect(groupRupiah(999)).toBe('999');
    expect(rupiahToDecimal(12000)).toBe('12000.00');
    expect(parseRupiah(groupRupiah(1234567))).toEqual({ ok: true, rupiah: 1234567 });
  });
});
