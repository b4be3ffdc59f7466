import { createMiddleware } from 'hono/factory';
import { cartValidationSchema, cartViewSchema } from '@domain/cart-types';
import { addToCartSchema, borrowDurationSchema, updateCartItemSchema } from '@domain/schemas/cart';
import type { SessionUser } from '@server/app-env';
import { AppError } from '@server/lib/errors';
import {
  codeAnswer,
  errorAnswer,
  jsonAnswer,
  jsonBody,
  memberRoute,
  router,
  memberIdParam,
  uuidParam,
  z,
} from '@server/lib/openapi';
import {
  addToCart,
  clearCart,
  countCart,
  getCart,
  removeCartItem,
  removeOwnerItems,
  setOwnerDuration,
  updateCartItemQuantity,
  validateCart,
} from './service';

const tags = ['Cart'];
// Written out per route, not spread into a wider answers object: a spread of this loses the 200
// from the route's client type (the typed client then knows only the errors).
const theCart = (description: string) => ({ 200: jsonAnswer(cartViewSchema, description) });
const itemParams = z.object({ itemId: uuidParam('CART_ITEM_NOT_FOUND') });
/** An owner's id (a member's: domain/ids.ts isMemberId); an unknown owner changes nothing. */
const ownerParams = z.object({ ownerId: memberIdParam('OWNER_NOT_FOUND') });
const itemNotFound = codeAnswer('CART_ITEM_NOT_FOUND');
/** A malformed owner id names nobody; a real owner with no book in the cart changes nothing. */
const ownerNotFound = codeAnswer('OWNER_NOT_FOUND');

/** Guests pressing add get the spec's own words (section 5), not the generic 'Please sign in'. */
const requireUserToAdd = createMiddleware<{ Variables: { user: SessionUser; sessionId: string } }>(
  async (c, next) => {
    if (!(c.get('user') as SessionUser | null)) throw new AppError('SIGN_IN_TO_ADD_TO_CART');
    await next();
  },
);

const addItem = {
  ...memberRoute({
    method: 'post',
    path: '/cart/items',
    tags,
    summary: 'Add a book to the cart (every rule of spec section 5, in its order)',
    request: { body: jsonBody(addToCartSchema) },
    responses: {
      201: jsonAnswer(cartViewSchema, 'Added: the whole cart'),
      401: codeAnswer('SIGN_IN_TO_ADD_TO_CART'),
      404: errorAnswer('The book does not exist (BOOK_NOT_FOUND)'),
      409: errorAnswer('The book is not available, or already in the cart'),
      422: errorAnswer('Invalid input, the member’s own book, or a cart limit reached'),
    },
  }),
  middleware: [requireUserToAdd] as [typeof requireUserToAdd],
};

const viewCart = memberRoute({
  method: 'get',
  path: '/cart',
  tags,
  summary: 'The cart, grouped by owner, with the totals',
  responses: theCart('The cart'),
});

const cartCount = memberRoute({
  method: 'get',
  path: '/cart/count',
  tags,
  summary: 'How many books are in the cart (the header badge)',
  responses: { 200: jsonAnswer(z.object({ count: z.number().int() }), 'The number of books') },
});

const updateItem = memberRoute({
  method: 'patch',
  path: '/cart/items/{itemId}',
  tags,
  summary: 'Quantity is always 1: 0 or less removes the item, anything else only touches it',
  request: { params: itemParams, body: jsonBody(updateCartItemSchema) },
  responses: { 200: jsonAnswer(cartViewSchema, 'The cart after the change'), 404: itemNotFound },
});

const removeItem = memberRoute({
  method: 'delete',
  path: '/cart/items/{itemId}',
  tags,
  summary: 'Remove one book from the cart',
  request: { params: itemParams },
  responses: { 200: jsonAnswer(cartViewSchema, 'The cart after the removal'), 404: itemNotFound },
});

const setDuration = memberRoute({
  method: 'patch',
  path: '/cart/owners/{ownerId}',
  tags,
  summary: 'One borrow duration for all of an owner’s books in the cart',
  request: { params: ownerParams, body: jsonBody(borrowDurationSchema) },
  responses: { 200: jsonAnswer(cartViewSchema, 'The cart after the change'), 404: ownerNotFound },
});

const removeOwner = memberRoute({
  method: 'delete',
  path: '/cart/owners/{ownerId}',
  tags,
  summary: 'Remove every book of one owner from the cart',
  request: { params: ownerParams },
  responses: { 200: jsonAnswer(cartViewSchema, 'The cart after the removal'), 404: ownerNotFound },
});

const emptyCart = memberRoute({
  method: 'delete',
  path: '/cart',
  tags,
  summary: 'Empty the cart',
  responses: theCart('The empty cart'),
});

const checkCart = memberRoute({
  method: 'post',
  path: '/cart/validate',
  tags,
  summary: 'Re-check every book before leaving the cart (spec section 5)',
  responses: { 200: jsonAnswer(cartValidationSchema, 'Whether the cart can be checked out, and why not') },
});

export function cartRoutes() {
  return router()
    .openapi(addItem, async (c) => {
      const { bookId } = c.req.valid('json');
      return c.json(await addToCart(c.get('deps').db, { actorId: c.get('user').id, bookId }), 201);
    })
    .openapi(viewCart, async (c) =>
      c.json(await getCart(c.get('deps').db, { actorId: c.get('user').id }), 200),
    )
    .openapi(cartCount, async (c) =>
      c.json({ count: await countCart(c.get('deps').db, { actorId: c.get('user').id }) }, 200),
    )
    .openapi(updateItem, async (c) => {
      const { quantity } = c.req.valid('json');
      const input = { actorId: c.get('user').id, itemId: c.req.valid('param').itemId, quantity };
      return c.json(await updateCartItemQuantity(c.get('deps').db, input), 200);
    })
    .openapi(removeItem, async (c) => {
      const input = { actorId: c.get('user').id, itemId: c.req.valid('param').itemId };
      return c.json(await removeCartItem(c.get('deps').db, input), 200);
    })
    .openapi(setDuration, async (c) => {
      const { borrowDuration } = c.req.valid('json');
      const input = { actorId: c.get('user').id, ownerId: c.req.valid('param').ownerId, borrowDuration };
      return c.json(await setOwnerDuration(c.get('deps').db, input), 200);
    })
    .openapi(removeOwner, async (c) => {
      const input = { actorId: c.get('user').id, ownerId: c.req.valid('param').ownerId };
      return c.json(await removeOwnerItems(c.get('deps').db, input), 200);
    })
    .openapi(emptyCart, async (c) =>
      c.json(await clearCart(c.get('deps').db, { actorId: c.get('user').id }), 200),
    )
    .openapi(checkCart, async (c) =>
      c.json(await validateCart(c.get('deps').db, { actorId: c.get('user').id }), 200),
    );
}

export type CartApi = ReturnType<typeof cartRoutes>;
