import { countedPageSchema, cursorQuerySchema } from '@domain/cursor-page';
import { orderReviewsSchema, reputationSchema, reviewInputSchema, reviewViewSchema } from '@domain/review';
import {
  adminRoute,
  codeAnswer,
  errorAnswer,
  jsonAnswer,
  jsonBody,
  memberRoute,
  publicRoute,
  router,
  memberIdParam,
  uuidParam,
  z,
} from '@server/lib/openapi';
import { notOnOrder, orderNotFound, orderParams } from '@server/lib/order-routes';
import { getOrderReviews, getReputation, hideReview, listReviews, writeReview } from './service';

// Reviews: the order's two reviews, a member's card, and the admins' list with Hide.

const tags = ['Reviews'];
const memberParams = z.object({ id: memberIdParam('USER_NOT_FOUND') });
const reviewParams = z.object({ id: uuidParam('REVIEW_NOT_FOUND') });

const ofOrder = memberRoute({
  method: 'get',
  path: '/orders/{id}/reviews',
  tags,
  summary: "The order's reviews as the viewer may see them (hidden from the other side until published)",
  request: { params: orderParams },
  responses: { 200: jsonAnswer(orderReviewsSchema, 'Reviews'), 403: notOnOrder, 404: orderNotFound },
});

const write = memberRoute({
  method: 'post',
  path: '/orders/{id}/reviews',
  tags,
  summary: 'Rate this loan: 1-5 stars and optional text, once per side, after Completed',
  request: { params: orderParams, body: jsonBody(reviewInputSchema) },
  responses: {
    201: jsonAnswer(orderReviewsSchema, 'Reviews after'),
    403: codeAnswer('REVIEW_NOT_PARTY'),
    404: orderNotFound,
    409: errorAnswer('Not Completed yet (REVIEW_NOT_COMPLETED), or already rated (REVIEW_ALREADY_WRITTEN)'),
  },
});

const reputation = publicRoute({
  method: 'get',
  path: '/members/{id}/reputation',
  tags,
  summary: "A member's card: average rating and count, loans completed, share returned on time",
  request: { params: memberParams },
  responses: { 200: jsonAnswer(reputationSchema, 'The card'), 404: codeAnswer('USER_NOT_FOUND') },
});

const list = adminRoute({
  method: 'get',
  path: '/admin/reviews',
  tags,
  summary: 'Every review, newest first, hidden ones included: keyset pages of 20 by `cursor`',
  request: { query: cursorQuerySchema },
  responses: {
    200: jsonAnswer(countedPageSchema(reviewViewSchema), 'One page of reviews, newest first'),
    400: codeAnswer('INVALID_CURSOR'),
  },
});

const hide = adminRoute({
  method: 'post',
  path: '/admin/reviews/{id}/hide',
  tags,
  summary: 'Hide an abusive review (kept, shown to admins as hidden)',
  request: { params: reviewParams },
  responses: {
    200: jsonAnswer(reviewViewSchema, 'The review'),
    404: codeAnswer('REVIEW_NOT_FOUND'),
  },
});

export function reviewsRoutes() {
  return router()
    .openapi(ofOrder, async (c) =>
      c.json(await getOrderReviews(c.get('deps').db, c.get('user'), c.req.valid('param').id), 200),
    )
    .openapi(write, async (c) => {
      const input = c.req.valid('json');
      return c.json(await writeReview(c.get('deps').db, c.get('user'), c.req.valid('param').id, input), 201);
    })
    .openapi(reputation, async (c) =>
      c.json(await getReputation(c.get('deps').db, c.req.valid('param').id), 200),
    )
    .openapi(list, async (c) => c.json(await listReviews(c.get('deps').db, c.req.valid('query')), 200))
    .openapi(hide, async (c) =>
      c.json(await hideReview(c.get('deps').db, c.get('user'), c.req.valid('param').id), 200),
    );
}

export type ReviewsApi = ReturnType<typeof reviewsRoutes>;
