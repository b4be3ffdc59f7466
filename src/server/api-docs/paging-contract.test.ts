import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countedPageSchema, PAGE_MARKER, pageSchema } from '@domain/cursor-page';
import { z } from 'zod';
import { createBook } from '@server/seed/factories';
import { createTestContext, type Member, type TestContext } from '@tests/support/harness';
import type { ConversationsApi } from '@server/modules/conversations/routes';
import type { BooksApi } from '@server/modules/books/routes';

// One paging vocabulary (docs/api.md, "Paging"): every list the API pages answers the shared
// page schema of src/domain/cursor-page.ts (`items`, `nextCursor`, `prevCursor`, and a capped
// `total` where the list counts), marked in the document with PAGE_MARKER, and takes the page
// back as `cursor`. This walks the document the app builds from its route declarations, and
// then calls every list once and holds its real answer to the shared schema. A list declared
// with `next`, `results`, `after` or a page of its own making fails here.

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  $ref?: string;
  [PAGE_MARKER]?: boolean;
};
type Parameter = { name: string; in: string };
type Operation = {
  parameters?: Parameter[];
  responses: Record<string, { content?: Record<string, { schema?: Schema }> }>;
};
type Document = { paths: Record<string, Record<string, Operation>> };

/** Names of the paging vocabularies this API no longer speaks, in an answer or a query string. */
const OLD_ANSWER_FIELDS = ['next', 'prev', 'results', 'after', 'before', 'cursor', 'offset', 'hasMore'];
const OLD_QUERY_PARAMS = ['after', 'before', 'offset', 'next', 'prev', 'start'];

/**
 * Lists answered whole, never paged: each is bounded by what it is (its limit in constants.ts or
 * its own rule), so it has no cursor to give. A new list is either paged with the shared schema
 * or added here with the bound that keeps it small.
 */
const WHOLE_LISTS: Record<string, string> = {
  'get /api/pickup-locations': 'the partner places, a handful the admins keep',
  'get /api/areas': 'the areas of listed books: the owners’ locations',
  'get /api/books/{id}/more-from-owner': 'MORE_FROM_OWNER_LIMIT books',
  'get /api/my/drafts': 'one shelf import, at most 500 rows',
  'get /api/waitlist': "the member's own waits",
  'get /api/admin/books/{id}/waitlist': "one book's queue",
  'get /api/borrowed-books': 'the borrowed section below a search, a fixed number',
  'get /api/owners/{id}/borrowed-books': "the borrowed section of one shelf's search, a fixed number",
  'get /api/search/suggestions': 'a few suggestions per keystroke',
  'get /api/wanted': "the member's wanted books, at most `max`",
  'get /api/admin/delivery-prices': 'one price per delivery zone',
  // Not a list: one order, whose `items` are its books (at most a cart's).
  'get /api/orders/{id}': "an order's own books",
};

/**
 * Answers that carry the first page of a list read on at another route (which takes `cursor`):
 * a conversation opens with its latest messages, older ones come from its messages route.
 */
const FIRST_PAGE_OF: Record<string, string> = {
  'get /api/conversations/{id}': 'get /api/conversations/{id}/messages',
  'get /api/orders/{id}/conversation': 'get /api/conversations/{id}/messages',
  'get /api/books/{id}/conversation': 'get /api/conversations/{id}/messages',
};

interface FoundPage {
  /** Where the page sits in the answer: '' for the whole answer, else its property. */
  at: string;
  schema: Schema;
}

const isArray = (s: Schema | undefined) =>
  s?.type === 'array' || (Array.isArray(s?.type) && s.type.includes('array'));
const nullableString = (s: Schema | undefined) =>
  Array.isArray(s?.type) && s.type.includes('string') && s.type.includes('null');

/** What is wrong with one answer schema, and the pages it holds. */
function checkAnswer(key: string, root: Schema): { problems: string[]; pages: FoundPage[] } {
  const problems: string[] = [];
  const pages: FoundPage[] = [];
  const visit = (s: Schema | undefined, at: string) => {
    if (!s || typeof s !== 'object') return;
    for (const part of [...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])]) visit(part, at);
    if (at === '' && isArray(s) && !WHOLE_LISTS[key])
      problems.push(`${key}: answers a bare array, not a page`);
    const props = s.properties ?? {};
    for (const name of Object.keys(props)) {
      if (OLD_ANSWER_FIELDS.includes(name))
        problems.push(`${key}${at}: has \`${name}\`, not the shared page schema`);
    }
    if (s[PAGE_MARKER]) {
      pages.push({ at, schema: s });
      const required = s.required ?? [];
      for (const field of ['items', 'nextCursor', 'prevCursor']) {
        if (!required.includes(field)) problems.push(`${key}${at}: page without a required \`${field}\``);
      }
      if (!isArray(props.items)) problems.push(`${key}${at}: page whose \`items\` is not an array`);
      if (!nullableString(props.nextCursor) || !nullableString(props.prevCursor)) {
        problems.push(`${key}${at}: page cursors that are not nullable strings`);
      }
      if ('total' in props !== 'totalCapped' in props)
        problems.push(`${key}${at}: a total without its cap flag`);
    } else if (!WHOLE_LISTS[key]) {
      // A list of rows outside the page schema: `items`, or any array named as a list's results.
      for (const name of ['items', 'results', 'rows', 'data']) {
        if (isArray(props[name])) problems.push(`${key}${at}: \`${name}\` outside the shared page schema`);
      }
    }
    for (const [name, child] of Object.entries(props)) if (!isArray(child)) visit(child, `${at}.${name}`);
  };
  visit(root, '');
  return { problems, pages };
}

/** Every GET's problems with the one vocabulary, in answers and query strings, and its pages. */
function checkDocument(doc: Document) {
  const problems: string[] = [];
  const lists: { path: string; key: string; pages: FoundPage[] }[] = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    const op = ops.get;
    if (!op) continue;
    const key = `get ${path}`;
    const query = (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
    for (const name of query) {
      if (OLD_QUERY_PARAMS.includes(name)) problems.push(`${key}: takes \`${name}\`, not \`cursor\``);
    }
    const schema = op.responses['200']?.content?.['application/json']?.schema;
    if (!schema) continue;
    const found = checkAnswer(key, schema);
    problems.push(...found.problems);
    // One cursor per page: `cursor` for the answer's page (or its first), `<list>Cursor` for a
    // second list in the same answer (docs/api.md, "Paging").
    const cursors = query.filter((name) => name === 'cursor' || name.endsWith('Cursor'));
    const readOn = FIRST_PAGE_OF[key];
    if (readOn) {
      const [, readOnPath] = readOn.split(' ');
      const takesCursor = (doc.paths[readOnPath]?.get?.parameters ?? []).some(
        (p) => p.in === 'query' && p.name === 'cursor',
      );
      if (!takesCursor) problems.push(`${key}: its list is read on at ${readOn}, which takes no \`cursor\``);
      if (found.pages.length !== 1 || found.pages[0].at === '')
        problems.push(`${key}: should carry exactly one first page of ${readOn}`);
      continue;
    }
    if (found.pages.length > 0 && !query.includes('cursor'))
      problems.push(`${key}: pages without \`cursor\``);
    if (cursors.length !== found.pages.length) {
      problems.push(`${key}: ${found.pages.length} page(s) but cursor parameters ${JSON.stringify(cursors)}`);
    }
    if (found.pages.length > 0) lists.push({ path, key, pages: found.pages });
  }
  return { problems, lists };
}

let ctx: TestContext;
let owner: Member;
let admin: Member;
let asker: Member;
/** A conversation of two messages between `asker` and `owner`, for the messages list. */
let threadId: string;
let document: Document;
beforeAll(async () => {
  ctx = await createTestContext();
  owner = await ctx.member({ name: 'Paging Owner' });
  admin = await ctx.admin({ name: 'Paging Admin' });
  // Two books, so a page of one has a next page and its cursors are not all null.
  const book = await createBook(ctx.db, { ownerId: owner.user.id });
  await createBook(ctx.db, { ownerId: owner.user.id });
  asker = await ctx.member({ name: 'Paging Asker' });
  for (const body of ['Is it still here?', 'And the cover?']) {
    const asked = await ctx.answer(
      ctx
        .client<ConversationsApi>(asker.cookie)
        .books[':id'].conversation.$post({ param: { id: book.id }, json: { body } }),
    );
    threadId = asked.body.id;
  }
  document = (await ctx.rawRequest<Document>('GET', '/api/openapi.json')).body;
});
afterAll(() => ctx.close());

describe('one paging vocabulary in the document', () => {
  it('every list answer is the shared page schema, paged by `cursor`', () => {
    const { problems, lists } = checkDocument(document);
    expect(problems).toEqual([]);
    // The lists this API pages (a list added to the shared schema adds itself here).
    expect(lists.length).toBeGreaterThanOrEqual(15);
    expect(lists.map((l) => l.key)).toEqual(
      expect.arrayContaining([
        'get /api/books',
        'get /api/owners/{id}/books',
        'get /api/my/books',
        'get /api/orders',
        'get /api/earnings',
        'get /api/conversations',
        'get /api/admin/conversations',
        'get /api/admin/orders',
        'get /api/admin/books',
        'get /api/admin/users',
        'get /api/admin/emails',
        'get /api/admin/queue',
        'get /api/admin/reviews',
        'get /api/admin/payment-tasks',
        'get /api/admin/payouts',
      ]),
    );
  });

  it('fails a list declared with `next`, `results` or `after`, or unmarked', () => {
    const answer = (schema: Schema, parameters: Parameter[] = []): Operation => ({
      parameters,
      responses: { 200: { content: { 'application/json': { schema } } } },
    });
    const array = { type: 'array', items: { type: 'string' } };
    const cursor = { type: ['string', 'null'] };
    const { problems } = checkDocument({
      paths: {
        '/api/with-next': {
          get: answer(
            { type: 'object', properties: { items: array, next: cursor }, required: ['items', 'next'] },
            [{ name: 'cursor', in: 'query' }],
          ),
        },
        '/api/with-results': { get: answer({ type: 'object', properties: { results: array } }) },
        '/api/by-after': {
          get: answer({ type: 'object', properties: { items: array } }, [{ name: 'after', in: 'query' }]),
        },
      },
    });
    expect(problems).toEqual(
      expect.arrayContaining([
        'get /api/with-next: has `next`, not the shared page schema',
        'get /api/with-next: `items` outside the shared page schema',
        'get /api/with-results: `results` outside the shared page schema',
        'get /api/by-after: takes `after`, not `cursor`',
      ]),
    );
  });
});

describe('one paging vocabulary in the answers', () => {
  it('every list answers the shared page schema, and nothing else about paging', async () => {
    const { lists } = checkDocument(document);
    const shared = pageSchema(z.unknown());
    const counted = countedPageSchema(z.unknown());
    const checked: string[] = [];
    for (const list of lists) {
      const messages = list.path === '/api/conversations/{id}/messages';
      const path = list.path.replace('{id}', messages ? threadId : owner.user.id);
      const cookie = list.path.startsWith('/api/admin/')
        ? admin.cookie
        : messages
          ? asker.cookie
          : owner.cookie;
      const res = await ctx.rawRequest<Record<string, unknown>>('GET', `${path}?pageSize=1`, { cookie });
      expect(res.status, list.key).toBe(200);
      for (const page of list.pages) {
        const value = page.at === '' ? res.body : res.body[page.at.slice(1)];
        const declared = Object.keys(page.schema.properties ?? {});
        const schema = 'total' in (page.schema.properties ?? {}) ? counted : shared;
        expect(schema.safeParse(value).success, `${list.key}${page.at}`).toBe(true);
        // No field beside those declared: no stray `next`, `pageSize` or `results`.
        expect(
          Object.keys(value as object).filter((k) => !declared.includes(k)),
          `${list.key}${page.at}`,
        ).toEqual([]);
        checked.push(`${list.key}${page.at}`);
      }
    }
    // The catalog's first page of one book has a next page: its cursor goes back as `cursor`.
    const first = await ctx.answer(ctx.client<BooksApi>().books.$get({ query: { pageSize: '1' } }));
    expect(first.body.nextCursor).not.toBeNull();
    const second = await ctx.answer(
      ctx.client<BooksApi>().books.$get({ query: { pageSize: '1', cursor: first.body.nextCursor ?? '' } }),
    );
    expect(second.status).toBe(200);
    expect(second.body.prevCursor).not.toBeNull();
    expect(checked.length).toBeGreaterThanOrEqual(17);
  });
});
