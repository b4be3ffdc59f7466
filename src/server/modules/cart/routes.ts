import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { MSG } from '@domain/messages';
import { addToCartSchema, borrowDurationSchema, updateCartItemSchema } from '@domain/schemas/cart';
import type { AppEnv } from '@server/app-env';
import { requireUser } from '@server/auth/middleware';
import { unauthorized } from '@server/lib/errors';
import { parseJson } from '@server/lib/validate';
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

/** Guests pressing add get the spec's own words (section 5), not the generic 'Please sign in'. */
const requireUserToAdd = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.var.user) throw unauthorized(MSG.signInToAddToCart);
  await next();
});

export function cartRoutes() {
  return new Hono<AppEnv>()
    .post('/cart/items', requireUserToAdd, async (c) => {
      const { bookId } = await parseJson(c, addToCartSchema);
      return c.json(await addToCart(c.var.deps.db, { actorId: c.var.user!.id, bookId }), 201);
    })
    .use('/cart', requireUser)
    .use('/cart/*', requireUser)
    .get('/cart', async (c) => c.json(await getCart(c.var.deps.db, { actorId: c.var.user!.id })))
    .get('/cart/count', async (c) =>
      c.json({ count: await countCart(c.var.deps.db, { actorId: c.var.user!.id }) }),
    )
    .patch('/cart/items/:itemId', async (c) => {
      const { quantity } = await parseJson(c, updateCartItemSchema);
      const input = { actorId: c.var.user!.id, itemId: c.req.param('itemId'), quantity };
      return c.json(await updateCartItemQuantity(c.var.deps.db, input));
    })
    .delete('/cart/items/:itemId', async (c) =>
      c.json(await removeCartItem(c.var.deps.db, { actorId: c.var.user!.id, itemId: c.req.param('itemId') })),
    )
    .patch('/cart/owners/:ownerId', async (c) => {
      const { borrowDuration } = await parseJson(c, borrowDurationSchema);
      const input = { actorId: c.var.user!.id, ownerId: c.req.param('ownerId'), borrowDuration };
      return c.json(await setOwnerDuration(c.var.deps.db, input));
    })
    .delete('/cart/owners/:ownerId', async (c) =>
      c.json(
        await removeOwnerItems(c.var.deps.db, { actorId: c.var.user!.id, ownerId: c.req.param('ownerId') }),
      ),
    )
    .delete('/cart', async (c) => c.json(await clearCart(c.var.deps.db, { actorId: c.var.user!.id })))
    .post('/cart/validate', async (c) =>
      c.json(await validateCart(c.var.deps.db, { actorId: c.var.user!.id })),
    );
}
