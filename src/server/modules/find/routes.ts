import {
  borrowedQuerySchema,
  borrowedSectionSchema,
  shelfBorrowedQuerySchema,
  suggestionsQuerySchema,
  suggestionsSchema,
} from '@domain/find-types';
import { codeAnswer, jsonAnswer, memberIdParam, publicRoute, router, z } from '@server/lib/openapi';
import { borrowedSection } from './service';
import { suggestSpellings } from './suggestions-service';

// Every book findable: the borrowed section below a search and a shelf, and "Did you mean".

const tags = ['Search'];

const borrowed = publicRoute({
  method: 'get',
  path: '/borrowed-books',
  tags,
  summary:
    'The books out now (reserved or borrowed) matching a search, soonest back first, each with its waitlist',
  request: { query: borrowedQuerySchema },
  responses: {
    200: jsonAnswer(borrowedSectionSchema, 'At most 8 books; a book held for someone else is left out'),
    422: codeAnswer('SEARCH_TOO_SHORT', 'VALIDATION_FAILED'),
  },
});

const shelfBorrowed = publicRoute({
  method: 'get',
  path: '/owners/{id}/borrowed-books',
  tags,
  summary: "An owner's books out now, soonest back first, each with its waitlist",
  request: { params: z.object({ id: memberIdParam('OWNER_NOT_FOUND') }), query: shelfBorrowedQuerySchema },
  responses: {
    200: jsonAnswer(borrowedSectionSchema, 'At most 8 books; a book held for someone else is left out'),
    404: codeAnswer('OWNER_NOT_FOUND'),
    422: codeAnswer('SEARCH_TOO_SHORT', 'VALIDATION_FAILED'),
  },
});

const suggestions = publicRoute({
  method: 'get',
  path: '/search/suggestions',
  tags,
  summary:
    '"Did you mean": the search with its misspelled words replaced by the nearest spellings of listed books',
  request: { query: suggestionsQuerySchema },
  responses: {
    200: jsonAnswer(
      suggestionsSchema,
      'At most 3, nearest first; none when every word is spelled as a book spells it',
    ),
  },
});

export function findRoutes() {
  return router()
    .openapi(borrowed, async (c) => {
      const query = { ...c.req.valid('query'), viewerId: c.get('user')?.id ?? null };
      return c.json(await borrowedSection(c.get('deps').db, query), 200);
    })
    .openapi(shelfBorrowed, async (c) => {
      const query = {
        ...c.req.valid('query'),
        ownerId: c.req.valid('param').id,
        viewerId: c.get('user')?.id ?? null,
      };
      return c.json(await borrowedSection(c.get('deps').db, query), 200);
    })
    .openapi(suggestions, async (c) =>
      c.json(await suggestSpellings(c.get('deps').db, c.req.valid('query').q), 200),
    );
}

export type FindApi = ReturnType<typeof findRoutes>;
