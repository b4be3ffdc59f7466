import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBook } from '@server/seed/factories';
import { createTestContext, type Member, type TestContext } from '@tests/support/harness';
import type { BooksApi } from './routes';

// The catalog and a book's page answer with an ETag and 304 Not Modified to a request that sends
// it back (lib/etag.ts, docs/api.md "Caching"): the same request twice costs no body; a changed
// book gets a new tag; one viewer's tag never matches another viewer's answer.

let ctx: TestContext;
let owner: Member;
let reader: Member;
let bookId: string;
beforeAll(async () => {
  ctx = await createTestContext();
  owner = await ctx.member();
  reader = await ctx.member();
  bookId = (await createBook(ctx.db, { ownerId: owner.user.id, title: 'Tagged Tales' })).id;
});
afterAll(() => ctx.close());

const get = (path: string, cookie?: string, etag?: string) =>
  ctx.rawRequest('GET', path, { cookie, headers: etag ? { 'if-none-match': etag } : {} });

describe.each([
  ['the catalog', () => '/api/books'],
  ["a book's page", () => `/api/books/${bookId}`],
])('%s', (_name, path) => {
  it('answers an ETag; the same request with it is 304 with no body', async () => {
    const first = await get(path());
    expect(first.status).toBe(200);
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    expect(first.headers.get('vary')).toMatch(/Cookie/);
    const again = await get(path(), undefined, etag!);
    expect(again.status).toBe(304);
    expect(again.body).toBeNull();
    expect(again.headers.get('etag')).toBe(etag);
    // A list of tags, or the strong form of the same tag, is matched too (weak comparison).
    expect((await get(path(), undefined, `"other", ${etag!.slice(2)}`)).status).toBe(304);
    // A stale tag gets the answer.
    expect((await get(path(), undefined, 'W/"stale"')).status).toBe(200);
  });

  it('after the book changes: 200 with a new ETag', async () => {
    const before = (await get(path())).headers.get('etag')!;
    const changed = await ctx.answer(
      ctx
        .client<BooksApi>(owner.cookie)
        .books[':id'].status.$patch({ param: { id: bookId }, json: { status: 'Unavailable' } }),
    );
    expect(changed.status).toBe(200);
    const after = await get(path(), undefined, before);
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(before);
    await ctx.answer(
      ctx
        .client<BooksApi>(owner.cookie)
        .books[':id'].status.$patch({ param: { id: bookId }, json: { status: 'Available' } }),
    );
  });

  it("one viewer's ETag is not another's: no 304 for a body made for someone else", async () => {
    const guest = (await get(path())).headers.get('etag')!;
    const member = await get(path(), reader.cookie, guest);
    expect(member.status).toBe(200);
    const memberTag = member.headers.get('etag')!;
    expect(memberTag).not.toBe(guest);
    expect(member.headers.get('cache-control')).toBe('private, no-cache');
    expect((await get(path(), reader.cookie, memberTag)).status).toBe(304);
    expect((await get(path(), owner.cookie, memberTag)).status).toBe(200);
    expect((await get(path(), undefined, memberTag)).status).toBe(200);
  });
});
