import { describe, expect, it } from 'vitest';
import { AppError } from '@server/lib/errors';
import { type SampleLayout, sampleStatement } from '@tests/support/statements';
import { readStatement, readStatementAmount, readStatementDate } from './statement-csv';

// Reading bank statements (D42's statement adapter): each bank's export is found by its header
// row and only its credit lines come out; a line that does not read refuses the file, naming it.

const credits = [
  { date: '2026-12-02', description: 'BUDI SANTOSO', amount: 15_432 },
  { date: '2026-12-03', description: 'WAYAN SARI', amount: 1_250_001 },
];

const refusal = (text: string) => {
  try {
    readStatement(text);
  } catch (error) {
    if (error instanceof AppError) return { code: error.code, params: error.params };
    throw error;
  }
  throw new Error('read without refusal');
};

describe('statement layouts', () => {
  it.each(['bca', 'mandiri', 'bni', 'bri', 'generic'] as SampleLayout[])(
    '%s: the credit lines, with their dates and exact amounts; debits, pending lines and totals are left out',
    (layout) => {
      const read = readStatement(sampleStatement(layout, credits));
      expect(read.layout).toBe(layout);
      expect(read.credits.map((c) => [c.bookedOn, c.amountMinor])).toEqual([
        ['2026-12-02', 1_543_200],
        ['2026-12-03', 125_000_100],
      ]);
      expect(read.credits[0]!.description).toContain('BUDI SANTOSO');
      // The line numbers are the file's (a debit line, and BCA's account details, come first).
      const lines = sampleStatement(layout, credits).split(/\r?\n/);
      expect(lines[read.credits[0]!.line - 1]).toContain('BUDI SANTOSO');
    },
  );

  it('keys a line by its content and its occurrence: identical lines differ, re-reading gives the same keys', () => {
    const twice = sampleStatement('generic', [credits[0]!, credits[0]!]);
    const first = readStatement(twice).credits;
    expect(first).toHaveLength(2);
    expect(first[0]!.key).not.toBe(first[1]!.key);
    expect(readStatement(twice).credits.map((c) => c.key)).toEqual(first.map((c) => c.key));
    // The same line in another export of the same bank (more spaces, another position) keeps its key.
    const overlapping = readStatement(
      ['date,description,amount', '2026-12-01,Other,5000', '2026-12-02,  BUDI   santoso ,15432'].join('\n'),
    ).credits;
    expect(overlapping[1]!.key).toBe(first[0]!.key);
  });

  it('reads dates and amounts as the banks write them', () => {
    expect(readStatementDate("'27/11", 2026)).toBe('2026-11-27');
    expect(readStatementDate('27/11', null)).toBeNull();
    expect(readStatementDate('27/11/26 10.15.20', null)).toBe('2026-11-27');
    expect(readStatementDate('27 Nov 2026', null)).toBe('2026-11-27');
    expect(readStatementDate('27-Des-2026', null)).toBe('2026-12-27');
    expect(readStatementDate('2026-02-30', null)).toBeNull();
    expect(readStatementAmount('1,234,567.00')).toBe(123_456_700);
    expect(readStatementAmount('1.234.567,00')).toBe(123_456_700);
    expect(readStatementAmount('15.000')).toBe(1_500_000);
    expect(readStatementAmount('Rp 15.000')).toBe(1_500_000);
    expect(readStatementAmount('-2500')).toBe(-250_000);
    expect(readStatementAmount('(2,500.00)')).toBe(-250_000);
    expect(readStatementAmount('1,234.56')).toBe(123_456);
    expect(readStatementAmount('')).toBe(0);
    expect(readStatementAmount('12,34,5')).toBeNull();
    expect(readStatementAmount('abc')).toBeNull();
  });

  it('refuses a file naming the line that does not read', () => {
    expect(refusal('date,description,amount\n2026-12-02,Ok,15000\n2026-13-45,Bad date,15000\n')).toEqual({
      code: 'STATEMENT_BAD_DATE',
      params: { line: '3', value: '2026-13-45' },
    });
    expect(refusal('date,description,amount\n2026-12-02,Bad amount,fifteen\n')).toEqual({
      code: 'STATEMENT_BAD_AMOUNT',
      params: { line: '2', value: 'fifteen' },
    });
    expect(refusal('hello,world\n1,2\n').code).toBe('STATEMENT_NOT_RECOGNISED');
    expect(refusal('').code).toBe('STATEMENT_NOT_RECOGNISED');
    expect(refusal('date,description,amount\n2026-12-02,"unclosed,15000\n2026-12-02,x,1\n').code).toBe(
      'STATEMENT_UNREADABLE',
    );
  });
});
