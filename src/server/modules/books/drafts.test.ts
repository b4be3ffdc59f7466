import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '@domain/api-types';
import { IMPORT_MAX_ROWS } from '@domain/constants';
import type { MyDrafts } from '@domain/draft-types';
import { bookDrafts, books } from '@server/db/schema';
import { createBook } from '@server/seed/factories';
import { createTestContext, type Member, type TestContext, undeclaredInput } from '@tests/support/harness';
import { englishCode } from '@tests/support/texts';
import type { BooksApi } from './routes';
import type { CoversApi } from '@server/modules/covers/routes';

// Shelf import: a CSV becomes the owner's drafts (prefilled by D30 where the ISBN is listed),
// bad rows come back by line, nothing repeats on a second upload, and each draft is listed
// through the upload path only once it has its condition, price and photo.

let ctx: TestContext;
let photo: Buffer;
beforeAll(async () => {
  ctx = await createTestContext();
  photo = await sharp({ create: { width: 60, height: 90, channels: 3, background: '#0f766e' } })
    .jpeg()
    .toBuffer();
});
afterAll(() => ctx.close());

/** A Goodreads "Export Library" file: ISBNs as ="...", an empty ="" where it has none. */
const GOODREADS = [
  'Book Id,Title,Author,Author l-f,Additional Authors,ISBN,ISBN13,My Rating,Publisher,Binding,Number of Pages,Exclusive Shelf,My Review',
  '2767052,"The Hunger Games (The Hunger Games, #1)",Suzanne Collins,"Collins, Suzanne",,"=""0439023483""","=""9780439023481""",5,Scholastic Press,Hardcover,374,read,',
  '1885,Pride and Prejudice,Jane Austen,"Austen, Jane",,"=""""","=""9780141439518""",4,Penguin,Paperback,279,read,"Loved it.',
  'Read it twice."',
  '5907,The Hobbit,J.R.R. Tolkien,"Tolkien, J.R.R.",,"=""""","=""""",5,Houghton Mifflin,Paperback,366,to-read,',
].join('\n');

const importCsv = (member: Member, csv: string, name = 'shelf.csv') => {
  const data = new FormData();
  data.append('file', new File([csv], name, { type: 'text/csv' }));
  return ctx.answer(
    ctx.client<BooksApi>(member.cookie).my.drafts.import.$post({ ...undeclaredInput({ form: data }) }),
  );
};

const api = (member: Member) => ctx.client<BooksApi>(member.cookie);

async function drafts(member: Member): Promise<MyDrafts['items']> {
  const res = await api(member).my.drafts.$get();
  if (res.status !== 200) throw new Error(`drafts: ${res.status}`);
  return (await res.json()).items;
}

const setPhoto = (member: Member, id: string) => {
  const cover = new File([new Uint8Array(photo)], 'cover.jpg', { type: 'image/jpeg' });
  return ctx.answer(
    ctx
      .client<BooksApi>(member.cookie)
      .my.drafts[':id'].photo.$put({ param: { id }, ...undeclaredInput({ form: { cover } }) }),
  );
};

/** Condition, weekly price and photo: what an imported draft lacks before it can be listed. */
async function complete(member: Member, id: string, weeklyPrice = '15.000') {
  const changed = await api(member).my.drafts[':id'].$patch({
    param: { id },
    json: { condition: 'Good', weeklyPrice },
  });
  expect(changed.status).toBe(200);
  expect((await setPhoto(member, id)).status).toBe(200);
}

const publish = (member: Member, ids: string[]) => api(member).my.drafts.publish.$post({ json: { ids } });

describe('importing a CSV', () => {
  it('makes drafts from a Goodreads export, prefilled from a listing with the same ISBN (D30)', async () => {
    const other = await ctx.member();
    await createBook(ctx.db, {
      ownerId: other.user.id,
      title: 'Pride and Prejudice',
      author: 'Jane Austen',
      isbn: '9780141439518',
      language: 'English',
      category: 'Teen',
    });
    const owner = await ctx.member();
    const res = await importCsv(owner, GOODREADS);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ drafted: 3, skipped: [], badRows: [] });

    const mine = await drafts(owner);
    expect(mine.map((d) => [d.title, d.author, d.isbn])).toEqual([
      ['Pride and Prejudice', 'Jane Austen', '9780141439518'],
      ['The Hobbit', 'J.R.R. Tolkien', null],
      ['The Hunger Games (The Hunger Games, #1)', 'Suzanne Collins', '9780439023481'],
    ]);
    const prefilled = mine.find((d) => d.isbn === '9780141439518');
    expect(prefilled).toMatchObject({ category: 'Teen', condition: null, weeklyPrice: null, photo: null });
    expect(prefilled?.missing).toEqual(['condition', 'weeklyPrice', 'photo']);
    // Drafts are never public: nothing was listed.
    expect(await ctx.db.select().from(books).where(eq(books.ownerId, owner.user.id))).toEqual([]);
  });

  it('reads a bare ISBN list with no header, one per line, and a file with Indonesian headers', async () => {
    const owner = await ctx.member();
    const bare = await importCsv(owner, '0306406152\n978-602-03-3295-6\n\n9780061120084\n');
    expect(bare.status).toBe(201);
    expect(bare.body).toEqual({ drafted: 3, skipped: [], badRows: [] });
    const byIsbn = await drafts(owner);
    expect(byIsbn.map((d) => d.isbn).sort()).toEqual(['9780061120084', '9780306406157', '9786020332956']);
    // No listing knows these ISBNs: the title and author are for the owner to type.
    expect(byIsbn[0]).toMatchObject({ title: '', author: '' });
    expect(byIsbn[0].missing).toEqual(['title', 'author', 'condition', 'weeklyPrice', 'photo']);

    const id = await importCsv(
      owner,
      'Judul;Penulis\nBumi Manusia;Pramoedya Ananta Toer\nCantik Itu Luka;Eka Kurniawan\n',
    );
    expect(id.body).toEqual({ drafted: 2, skipped: [], badRows: [] });
    expect((await drafts(owner)).map((d) => d.author)).toContain('Pramoedya Ananta Toer');
  });

  it('reports bad rows by their line in the file and drafts the good ones', async () => {
    const owner = await ctx.member();
    const csv = [
      'Title,Author,ISBN',
      'Good Book,Someone,',
      ',,0306406153', // wrong check digit
      ',Nobody,', // neither a title nor an ISBN
      `${'x'.repeat(101)},Someone,`,
      `Fine Title,${'y'.repeat(101)},`,
      '"A title over',
      'two lines",Writer,12345',
    ].join('\n');
    const res = await importCsv(owner, csv);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      drafted: 1,
      skipped: [],
      badRows: [
        { line: 3, problem: 'isbnInvalid' },
        { line: 4, problem: 'noTitleOrIsbn' },
        { line: 5, problem: 'titleTooLong' },
        { line: 6, problem: 'authorTooLong' },
        { line: 7, problem: 'isbnInvalid' },
      ],
    });
  });

  it(`refuses a file of ${IMPORT_MAX_ROWS + 1} rows whole and stores nothing; ${IMPORT_MAX_ROWS} are read`, async () => {
    const owner = await ctx.member();
    const rows = (n: number) => [
      'Title,Author',
      ...Array.from({ length: n }, (_, i) => `Book ${i},Writer ${i}`),
    ];
    const refused = await importCsv(owner, rows(IMPORT_MAX_ROWS + 1).join('\n'));
    expect(refused.status).toBe(422);
    expect(refused.body.error).toMatchObject({
      code: 'IMPORT_TOO_MANY_ROWS',
      message: englishCode('IMPORT_TOO_MANY_ROWS', { max: IMPORT_MAX_ROWS, rows: IMPORT_MAX_ROWS + 1 }),
    });
    expect(await drafts(owner)).toEqual([]);

    const taken = await importCsv(owner, rows(IMPORT_MAX_ROWS).join('\n'));
    expect(taken.status).toBe(201);
    expect(taken.body.drafted).toBe(IMPORT_MAX_ROWS);
  });

  it('refuses a file with no book columns, and one that is not a CSV', async () => {
    const owner = await ctx.member();
    const noColumns = await importCsv(owner, 'Name,Price\nFoo,1\n');
    expect(noColumns.status).toBe(422);
    expect(noColumns.body.error.code).toBe('IMPORT_NO_COLUMNS');
    const unreadable = await importCsv(owner, 'Title,Author\n"never closed,x\n');
    expect(unreadable.status).toBe(422);
    expect(unreadable.body.error.code).toBe('IMPORT_UNREADABLE');
    const noFile = await ctx.answer(
      ctx
        .client<BooksApi>(owner.cookie)
        .my.drafts.import.$post({ ...undeclaredInput({ form: new FormData() }) }),
    );
    expect(noFile.status).toBe(422);
    expect(noFile.body.error.fields?.file).toBeDefined();
    expect(await drafts(owner)).toEqual([]);
  });

  it('makes no second draft on a re-upload, and skips books the owner already lists', async () => {
    const owner = await ctx.member();
    // On the shelf by ISBN (whatever its title) and by title and author, folded.
    await createBook(ctx.db, {
      ownerId: owner.user.id,
      title: 'Catching Fire',
      author: 'X',
      isbn: '9780439023481',
    });
    await createBook(ctx.db, { ownerId: owner.user.id, title: 'the hobbit', author: 'J.R.R. TOLKIEN' });
    const first = await importCsv(owner, GOODREADS);
    expect(first.body).toEqual({
      drafted: 1,
      skipped: [
        { line: 2, reason: 'alreadyOnShelf', title: 'The Hunger Games (The Hunger Games, #1)' },
        { line: 5, reason: 'alreadyOnShelf', title: 'The Hobbit' },
      ],
      badRows: [],
    });
    const again = await importCsv(owner, GOODREADS);
    expect(again.body.drafted).toBe(0);
    expect(again.body.skipped.map((s) => [s.line, s.reason])).toEqual([
      [2, 'alreadyOnShelf'],
      [3, 'alreadyDrafted'],
      [5, 'alreadyOnShelf'],
    ]);

    // Without an ISBN a draft is known by its title and author, folded (case, accents, spaces).
    await importCsv(owner, 'Title,Author\nBumi Manusia,Pramoedya Ananta Toer\n');
    const folded = await importCsv(
      owner,
      'Judul,Penulis\nBUMI MANUSIA,Pramoedya Ananta Tóer\n Bumi  manusia ,pramoedya ananta toer\n',
    );
    expect(folded.body.drafted).toBe(0);
    expect(folded.body.skipped.map((s) => s.reason)).toEqual(['alreadyDrafted', 'alreadyDrafted']);
    expect(await drafts(owner)).toHaveLength(2);
  });
});

describe('publishing drafts', () => {
  it('refuses a draft without condition, price or photo and lists nothing', async () => {
    const owner = await ctx.member();
    await importCsv(owner, 'Title,Author\nSaman,Ayu Utami\nLaut Bercerita,Leila S. Chudori\n');
    const [a, b] = await drafts(owner);
    await complete(owner, a.id);
    const refused = await publish(owner, [a.id, b.id]);
    expect(refused.status).toBe(422);
    const body = (await refused.json()) as unknown as ApiErrorBody;
    expect(body.error).toMatchObject({
      code: 'DRAFTS_INCOMPLETE',
      message: englishCode('DRAFTS_INCOMPLETE', { count: 1 }),
    });
    expect(await ctx.db.select().from(books).where(eq(books.ownerId, owner.user.id))).toEqual([]);
    expect(await drafts(owner)).toHaveLength(2);
  });

  it("checks a draft price by the upload form's rules (whole rupiah, at least Rp 1.000)", async () => {
    const owner = await ctx.member();
    await importCsv(owner, 'Title,Author\nSaman,Ayu Utami\n');
    const [draft] = await drafts(owner);
    for (const weeklyPrice of ['500', '12.5', 'abc']) {
      const res = await api(owner).my.drafts[':id'].$patch({
        param: { id: draft.id },
        json: { weeklyPrice },
      });
      expect(res.status, weeklyPrice).toBe(422);
    }
    const ok = await api(owner).my.drafts[':id'].$patch({
      param: { id: draft.id },
      json: { weeklyPrice: 'Rp 12.000' },
    });
    if (ok.status !== 200) throw new Error(`patch: ${ok.status}`);
    expect((await ok.json()).weeklyPrice).toBe('12000.00');
  });

  it('lists several at once through the upload path; they leave the drafts and show on the shelf', async () => {
    const owner = await ctx.member();
    await importCsv(
      owner,
      'Title,Author,ISBN\nSaman,Ayu Utami,\nLaut Bercerita,Leila S. Chudori,\nAmba,Laksmi Pamuntjak,0306406152\n',
    );
    const [amba, laut, saman] = await drafts(owner);
    await complete(owner, amba.id, '20000');
    await complete(owner, saman.id);
    const res = await publish(owner, [amba.id, saman.id]);
    if (res.status !== 201) throw new Error(`publish: ${res.status}`);
    const { published } = await res.json();
    expect(published.map((p) => p.draftId).sort()).toEqual([amba.id, saman.id].sort());

    const listed = await ctx.db.select().from(books).where(eq(books.ownerId, owner.user.id));
    expect(
      listed.map((b) => [b.title, b.isbn, b.weeklyPrice, b.condition, b.status, b.listed]).sort(),
    ).toEqual([
      ['Amba', '9780306406157', '20000.00', 'Good', 'Available', true],
      ['Saman', null, '15000.00', 'Good', 'Available', true],
    ]);
    // The draft's photo is the book's cover, served as any cover.
    const cover = await ctx.answer(
      ctx.client<CoversApi>().covers[':key'][':variant'].$get({
        param: { key: listed[0].coverKey ?? '', variant: 'card.webp' },
      }),
    );

    expect(cover.status).toBe(200);
    expect((await drafts(owner)).map((d) => d.id)).toEqual([laut.id]);
    const shelf = await ctx.answer(
      ctx.client<BooksApi>().owners[':id'].books.$get({ param: { id: owner.user.id }, query: {} }),
    );
    expect(shelf.body.items.map((b) => b.id).sort()).toEqual(published.map((p) => p.bookId).sort());
    // Published, a later import of the same file skips them as on the shelf.
    const again = await importCsv(
      owner,
      'Title,Author,ISBN\nSaman,Ayu Utami,\nAmba,Laksmi Pamuntjak,0306406152\n',
    );
    expect(again.body.skipped.map((s) => s.reason)).toEqual(['alreadyOnShelf', 'alreadyOnShelf']);
  });

  it('asks an owner without a location for it first, as the upload does (D38)', async () => {
    const owner = await ctx.member({ location: null });
    await importCsv(owner, 'Title,Author\nSaman,Ayu Utami\n');
    const [draft] = await drafts(owner);
    await complete(owner, draft.id);
    const res = await publish(owner, [draft.id]);
    expect(res.status).toBe(409);
    expect(await drafts(owner)).toHaveLength(1);
  });

  it('deletes a draft with its photo', async () => {
    const owner = await ctx.member();
    await importCsv(owner, 'Title,Author\nSaman,Ayu Utami\n');
    const [draft] = await drafts(owner);
    await complete(owner, draft.id);
    const res = await api(owner).my.drafts[':id'].$delete({ param: { id: draft.id } });
    expect(res.status).toBe(204);
    expect(await drafts(owner)).toEqual([]);
  });
});

describe("another member and a member's drafts", () => {
  it('cannot see, change, photograph, publish or delete them: not found, and nothing changes', async () => {
    const owner = await ctx.member();
    const stranger = await ctx.member();
    await importCsv(owner, 'Title,Author\nSaman,Ayu Utami\n');
    const [draft] = await drafts(owner);
    await complete(owner, draft.id);

    expect(await drafts(stranger)).toEqual([]);
    const change = await api(stranger).my.drafts[':id'].$patch({
      param: { id: draft.id },
      json: { title: 'Mine' },
    });
    expect(change.status).toBe(404);
    expect((await setPhoto(stranger, draft.id)).status).toBe(404);
    const published = await publish(stranger, [draft.id]);
    expect(published.status).toBe(404);
    const deleted = await api(stranger).my.drafts[':id'].$delete({ param: { id: draft.id } });
    expect(deleted.status).toBe(404);

    const [row] = await ctx.db.select().from(bookDrafts).where(eq(bookDrafts.id, draft.id));
    expect(row).toMatchObject({ title: 'Saman', ownerId: owner.user.id });
    expect(await ctx.db.select().from(books).where(eq(books.ownerId, stranger.user.id))).toEqual([]);
  });
});
