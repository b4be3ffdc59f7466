import { describe, expect, it } from 'vitest';
import { compactIsbn, looksLikeIsbn, normalizeIsbn } from './isbn';
import { FIELD_MSG } from './error-codes';
import { bookFormSchema } from './schemas/book-form';

describe('normalizeIsbn (D30: isbn3 checks, ISBN-13 out)', () => {
  it.each([
    ['9780306406157', '9780306406157'], // ISBN-13
    ['978-0-306-40615-7', '9780306406157'], // hyphens
    ['978 0 306 40615 7', '9780306406157'], // spaces
    ['0306406152', '9780306406157'], // ISBN-10
    ['0-306-40615-2', '9780306406157'],
    ['0-8044-2957-X', '9780804429573'], // X check digit
    ['080442957x', '9780804429573'], // lower-case x
    ['602-03-3295-0', '9786020332956'], // Indonesian ISBN-10 (group 602)
    ['978-602-03-3295-6', '9786020332956'], // the same book as ISBN-13
    ['979-10-90636-07-1', '9791090636071'], // a 979 prefix
  ])('%s is %s', async (typed, isbn13) => {
    expect(await normalizeIsbn(typed)).toBe(isbn13);
  });

  it.each([
    ['0306406153', 'ISBN-10 with a wrong check digit'],
    ['9780306406158', 'ISBN-13 with a wrong check digit'],
    ['602-03-3295-1', 'Indonesian ISBN-10 with a wrong check digit'],
    ['978030640615', '12 digits'],
    ['97803064061577', '14 digits'],
    ['X306406152', 'X anywhere but the check digit'],
    ['9780306406157X', 'X after thirteen digits'],
    ['abcdefghij', 'letters'],
    ['', 'nothing'],
    ['1234567890', 'ten digits that are no ISBN'],
  ])('%s is refused (%s)', async (typed) => {
    expect(await normalizeIsbn(typed)).toBeNull();
  });

  it('compacts hyphens, spaces and no-break spaces, and upper-cases the X', () => {
    expect(compactIsbn(' 0-8044\u00a02957 x ')).toBe('080442957X');
    expect(looksLikeIsbn('0-8044-2957-x')).toBe(true);
    expect(looksLikeIsbn('garden')).toBe(false);
  });
});

describe('the book form schema (shared by the form and the server)', () => {
  const base = { title: 'Laskar Pelangi', author: 'Andrea Hirata', weeklyPrice: '25000' };

  it('stores an ISBN-10 as its ISBN-13 and takes an empty one as none', async () => {
    const ok = await bookFormSchema.safeParseAsync({ ...base, isbn: '602-03-3295-0' });
    expect(ok.success && ok.data.isbn).toBe('9786020332956');
    const empty = await bookFormSchema.safeParseAsync({ ...base, isbn: '  ' });
    expect(empty.success && empty.data.isbn).toBeUndefined();
  });

  it('refuses a bad ISBN on the isbn field with its message', async () => {
    const bad = await bookFormSchema.safeParseAsync({ ...base, isbn: '978-0-306-40615-8' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues).toEqual([
      expect.objectContaining({ path: ['isbn'], message: FIELD_MSG.isbnInvalid }),
    ]);
  });
});
