import type { Context, TypedResponse } from 'hono';
import {
  type BookPage,
  bookDetailSchema,
  bookPageSchema,
  bookSummarySchema,
  catalogAreasSchema,
  isbnPrefillSchema,
  managedBookSchema,
  ownerProfileSchema,
} from '@domain/api-types';
import { COVER_FIELD, COVER_MAX_BYTES, MAX_PHOTOS, PHOTO_ORDER_FIELD } from '@domain/constants';
import { pageSchema } from '@domain/cursor-page';
import { normalizeIsbn } from '@domain/isbn';
import { bookStatusChangeSchema } from '@domain/schemas/book-form';
import { bookQuerySchema, myBooksQuerySchema } from '@domain/schemas/book-query';
import type { AppEnv } from '@server/app-env';
import { AppError, fieldProblem } from '@server/lib/errors';
import { notModifiedAnswer, sendTagged } from '@server/lib/etag';
import { type JsonBytes, sendJson } from '@server/lib/json-response';
import {
  describeCodes,
  errorBodySchema,
  jsonAnswer,
  jsonBody,
  memberRoute,
  publicRoute,
  router,
  memberIdParam,
  uuidParam,
  z,
} from '@server/lib/openapi';
import { catalogAreas } from './areas';
import { readBookSubmission } from './book-submission';
import { getBookDetail, getOwnerProfile, isbnPrefill, listMyBooks, moreFromOwner } from './read-service';
import { listBooksJson } from './service';
import { uploadLimitsOf, withUploadLimits } from './upload-rate-limit';
import { draftRoutes } from './draft-routes';
import {
  createOwnedBook,
  deleteOwnedBook,
  loadOwnedBook,
  setOwnedBookStatus,
  updateOwnedBook,
} from './write-service';

/**
 * A body far beyond the photos' limit is refused before it is read. The margin lets four photos
 * of exactly the limit plus the text fields through, so a 2 MB + 1 byte file still gets its
 * exact message from the photo check.
 */
const FORM_BODY_MAX = MAX_PHOTOS * COVER_MAX_BYTES + 64 * 1024;
const uploadLimits = uploadLimitsOf(
  FORM_BODY_MAX,
  () => new AppError('FILE_TOO_LARGE', { fields: { cover: fieldProblem('coverTooLarge') } }),
);

const catalogVersionOf = (c: Context<AppEnv>) => async () => (await c.get('versions')()).catalog;

/**
 * A cached listing goes out as the bytes it was serialized to (sendJson), so the
 * handler returns a plain Response where the declared route wants a typed JSON answer. The bytes
 * are a BookPage (listBooksJson serializes listBooks' answer, and the test harness checks them
 * against bookPageSchema), so this one cast tells the route's type, and with it the web's
 * client, what they are.
 */
const cachedPage = (c: Context, page: JsonBytes) =>
  sendJson(c, page) as unknown as TypedResponse<BookPage, 200, 'json'>;

const tags = ['Books'];
const bookId = z.object({ id: uuidParam('BOOK_NOT_FOUND') });
const ownerId = z.object({ id: memberIdParam('OWNER_NOT_FOUND') });
const error = (description: string) => jsonAnswer(errorBodySchema, description);
const bookNotFound = error(describeCodes('BOOK_NOT_FOUND'));
const notYourBook = error(`${describeCodes('NOT_YOUR_BOOK')}, or a cross-site request`);
/** A listing's refusals: a cursor that is not one, a page past 50, a search too short. */
const listingErrors = {
  400: error(
    `${describeCodes('INVALID_CURSOR')}: not a cursor of this sort, or with page > 1 or the other cursor`,
  ),
  422: error(describeCodes('SEARCH_TOO_SHORT', 'PAGE_TOO_DEEP', 'VALIDATION_FAILED')),
};

/**
 * The book form, as the browser sends it. Declared for the document only (a plain schema, not a
 * zod one): readBookSubmission reads the body and checks every rule of spec section 5 with its
 * exact messages, which a validator in front of it would pre-empt with its own answers.
 */
const bookForm = {
  required: true,
  content: {
    'multipart/form-data': {
      schema: {
        type: 'object' as const,
        properties: {
          [COVER_FIELD]: {
            type: 'array' as const,
            items: { type: 'string' as const, format: 'binary' },
            maxItems: MAX_PHOTOS,
            description:
              'The photos in order, the first the cover: JPG, PNG or WEBP, 2 MB each at most; ' +
              'at least one on upload; on edit, without a photo order, they replace the stored ones',
          },
          [PHOTO_ORDER_FIELD]: {
            type: 'string' as const,
            description:
              "Edit only: comma-separated stored photo keys and 'new' (the next photo sent), " +
              'the first the cover; stored photos left out are removed',
          },
          title: { type: 'string' as const },
          author: { type: 'string' as const },
          isbn: {
            type: 'string' as const,
            description: 'ISBN-10 or ISBN-13, hyphens and spaces allowed; empty for none',
          },
          language: { type: 'string' as const },
          condition: { type: 'string' as const },
          category: { type: 'string' as const },
          summary: { type: 'string' as const },
          weeklyPrice: { type: 'string' as const, description: 'Whole rupiah' },
          monthlyPrice: { type: 'string' as const, description: 'Whole rupiah; empty for none' },
          salePrice: { type: 'string' as const, description: 'Whole rupiah to buy it; empty for none' },
        },
      },
    },
  },
};
const uploadErrors = {
  413: error(`${describeCodes('FILE_TOO_LARGE')}: the body is far beyond the photos' limit`),
  429: error(describeCodes('TOO_MANY_UPLOADS')),
  507: error(`${describeCodes('STORAGE_FULL')}: nothing was stored`),
};

const listBooks = publicRoute({
  method: 'get',
  path: '/books',
  tags,
  summary: 'The catalog: books that can be borrowed now, filtered, sorted and paged',
  request: { query: bookQuerySchema },
  responses: {
    200: jsonAnswer(bookPageSchema, 'A page of the catalog'),
    ...notModifiedAnswer,
    ...listingErrors,
  },
});

const listAreas = publicRoute({
  method: 'get',
  path: '/areas',
  tags,
  summary: "The catalog's area filter options, the owners' locations of the books listed now",
  responses: { 200: jsonAnswer(catalogAreasSchema, 'The areas by name, each with its number of books') },
});

const createBookRoute = memberRoute({
  method: 'post',
  path: '/books',
  tags,
  summary: 'Upload a book (multipart form with its cover); it is Available and listed at once',
  request: { body: bookForm },
  responses: {
    201: jsonAnswer(bookDetailSchema, 'The new book'),
    409: error(`${describeCodes('PROFILE_LOCATION_REQUIRED')}: the owner has no location yet`),
    ...uploadErrors,
  },
});
const createBook = withUploadLimits(createBookRoute, uploadLimits);

const getBook = publicRoute({
  method: 'get',
  path: '/books/{id}',
  tags,
  summary: "A book's page: any book that is not deleted, whatever its availability",
  request: { params: bookId },
  responses: {
    200: jsonAnswer(bookDetailSchema, 'The book and its owner'),
    ...notModifiedAnswer,
    404: error(describeCodes('BOOK_NOT_FOUND', 'BOOK_SOLD')),
  },
});

const updateBookRoute = memberRoute({
  method: 'patch',
  path: '/books/{id}',
  tags,
  summary: 'Edit the owner’s own book: every field; the cover only when a new one is sent',
  request: { params: bookId, body: bookForm },
  responses: {
    200: jsonAnswer(bookDetailSchema, 'The book as saved'),
    403: notYourBook,
    404: bookNotFound,
    ...uploadErrors,
  },
});
const updateBook = withUploadLimits(updateBookRoute, uploadLimits);

const setStatus = memberRoute({
  method: 'patch',
  path: '/books/{id}/status',
  tags,
  summary: 'The owner switches their book between Available and Unavailable',
  request: { params: bookId, body: jsonBody(bookStatusChangeSchema) },
  responses: {
    200: jsonAnswer(bookDetailSchema, 'The book with its new status'),
    403: notYourBook,
    404: bookNotFound,
    409: error(describeCodes('BOOK_STATUS_FOLLOWS_ORDER')),
  },
});

const deleteBook = memberRoute({
  method: 'delete',
  path: '/books/{id}',
  tags,
  summary: 'Soft delete: the book leaves listings and carts; order history keeps it',
  request: { params: bookId },
  responses: {
    204: { description: 'Deleted' },
    403: notYourBook,
    404: bookNotFound,
    409: error(describeCodes('BOOK_IN_OPEN_ORDER')),
  },
});

const isbnPrefillRoute = memberRoute({
  method: 'get',
  path: '/books/isbn/{isbn}',
  tags,
  summary: 'The title, author, language and category of a listed book with this ISBN, for the book form',
  request: { params: z.object({ isbn: z.string().max(40) }) },
  responses: {
    200: jsonAnswer(isbnPrefillSchema, 'The newest listed book with this ISBN (ISBN-13 in the answer)'),
    404: error(describeCodes('ISBN_NOT_LISTED')),
    422: error('Not a valid ISBN-10 or ISBN-13 (VALIDATION_FAILED)'),
  },
});

const moreFromOwnerRoute = publicRoute({
  method: 'get',
  path: '/books/{id}/more-from-owner',
  tags,
  summary: "'More Books from' the owner: up to 10 other books that can be borrowed now",
  request: { params: bookId },
  responses: {
    200: jsonAnswer(z.object({ items: z.array(bookSummarySchema) }), 'Newest first'),
    404: bookNotFound,
  },
});

const ownerProfile = publicRoute({
  method: 'get',
  path: '/owners/{id}',
  tags,
  summary: "An owner's shelf header: member since, books available now, pickup points",
  request: { params: ownerId },
  responses: {
    200: jsonAnswer(ownerProfileSchema, 'The owner'),
    404: error(describeCodes('OWNER_NOT_FOUND')),
  },
});

const ownerBooks = publicRoute({
  method: 'get',
  path: '/owners/{id}/books',
  tags,
  summary: "An owner's shelf: their books borrowable now (books out now are in /owners/{id}/borrowed-books)",
  request: { params: ownerId, query: bookQuerySchema },
  responses: {
    200: jsonAnswer(bookPageSchema, 'A page of the shelf'),
    ...listingErrors,
    404: error(describeCodes('OWNER_NOT_FOUND')),
  },
});

const myBooks = memberRoute({
  method: 'get',
  path: '/my/books',
  tags,
  summary: 'The signed-in owner’s Manage books table: their books that are not deleted, in keyset pages',
  request: { query: myBooksQuerySchema },
  responses: {
    200: jsonAnswer(pageSchema(managedBookSchema), 'A page of books, newest first'),
    400: error('A cursor this list did not give (INVALID_CURSOR)'),
  },
});

export function booksRoutes() {
  return router()
    .openapi(listBooks, async (c) => {
      const query = c.req.valid('query');
      // With its ETag: a client that holds the page gets 304 (lib/etag.ts).
      return sendTagged<BookPage>(
        c,
        await listBooksJson(c.get('deps').db, query, undefined, catalogVersionOf(c)),
      );
    })
    .openapi(listAreas, async (c) => c.json(await catalogAreas(c.get('deps').db, catalogVersionOf(c)), 200))
    .openapi(createBook, async (c) => {
      const submission = await readBookSubmission(c, { coverRequired: true });
      const book = await createOwnedBook(c.get('deps'), { actorId: c.get('user').id, ...submission });
      // A listing may have told members who want it: send now, not at the next pass.
      c.get('deps').outbox.kick();
      return c.json(book, 201);
    })
    .openapi(getBook, async (c) =>
      sendTagged(c, await getBookDetail(c.get('deps').db, c.req.valid('param').id)),
    )
    .openapi(updateBook, async (c) => {
      const actorId = c.get('user').id;
      const { id } = c.req.valid('param');
      // Authorize before reading (and re-encoding) what a non-owner sent.
      await loadOwnedBook(c.get('deps').db, id, actorId);
      const submission = await readBookSubmission(c, { coverRequired: false });
      return c.json(await updateOwnedBook(c.get('deps'), { actorId, bookId: id, ...submission }), 200);
    })
    .openapi(setStatus, async (c) => {
      const { status } = c.req.valid('json');
      const input = { actorId: c.get('user').id, bookId: c.req.valid('param').id, status };
      return c.json(await setOwnedBookStatus(c.get('deps'), input), 200);
    })
    .openapi(deleteBook, async (c) => {
      await deleteOwnedBook(c.get('deps'), { actorId: c.get('user').id, bookId: c.req.valid('param').id });
      return c.body(null, 204);
    })
    .openapi(isbnPrefillRoute, async (c) => {
      const isbn = await normalizeIsbn(c.req.valid('param').isbn);
      if (!isbn) throw new AppError('VALIDATION_FAILED', { fields: { isbn: fieldProblem('isbnInvalid') } });
      return c.json(await isbnPrefill(c.get('deps').db, isbn), 200);
    })
    .openapi(moreFromOwnerRoute, async (c) =>
      c.json(await moreFromOwner(c.get('deps').db, c.req.valid('param').id), 200),
    )
    .openapi(ownerProfile, async (c) =>
      c.json(await getOwnerProfile(c.get('deps').db, c.req.valid('param').id), 200),
    )
    .openapi(ownerBooks, async (c) => {
      const query = c.req.valid('query');
      // 'Owner not found' rather than an empty shelf for an id that names nobody.
      const owner = await getOwnerProfile(c.get('deps').db, c.req.valid('param').id);
      const shelf = { kind: 'shelf', ownerId: owner.id } as const;
      return cachedPage(c, await listBooksJson(c.get('deps').db, query, shelf, catalogVersionOf(c)));
    })
    .openapi(myBooks, async (c) =>
      c.json(await listMyBooks(c.get('deps').db, c.get('user').id, c.req.valid('query')), 200),
    )
    .route('/', draftRoutes());
}

export type BooksApi = ReturnType<typeof booksRoutes>;
