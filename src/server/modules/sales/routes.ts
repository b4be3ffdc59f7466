import { codeAnswer, jsonAnswer, memberRoute, router, uuidParam, z } from '@server/lib/openapi';
import { markSold } from './service';

// Marking a book Sold (its sale price is part of the book form, books module).

const sold = memberRoute({
  method: 'post',
  path: '/books/{id}/sold',
  tags: ['Books'],
  summary: 'The owner or an admin marks the book Sold: it leaves the shop, the shelf, carts and waitlists',
  request: { params: z.object({ id: uuidParam('BOOK_NOT_FOUND') }) },
  responses: {
    200: jsonAnswer(z.object({ ok: z.literal(true) }), 'Sold'),
    403: codeAnswer('NOT_YOUR_BOOK'),
    404: codeAnswer('BOOK_NOT_FOUND'),
    409: codeAnswer('BOOK_SALE_IN_OPEN_ORDER'),
  },
});

export function salesRoutes() {
  return router().openapi(sold, async (c) => {
    await markSold(c.get('deps'), c.get('user'), c.req.valid('param').id);
    return c.json({ ok: true as const }, 200);
  });
}

export type SalesApi = ReturnType<typeof salesRoutes>;
