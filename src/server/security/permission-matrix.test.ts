import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  books,
  cartItems,
  deliveryPrices,
  emailNotifications,
  messages,
  orders,
  paymentNotices,
  paymentTasks,
  payoutBatches,
  payouts,
  rateLimit,
  reviews,
  user,
  waitlistEntries,
  wantedBooks,
  bookDrafts,
} from '@server/db/schema';
import { createBook, createPickupLocation, createUser } from '@server/seed/factories';
import { addToCart } from '@server/modules/cart/service';
import { createTestContext, type Member, type TestContext } from '@tests/support/harness';
import { insertOrder } from '@tests/support/order-fixture';
import { claimPayment } from '@server/modules/payments/service';
import { preparePayoutBatch } from '@server/modules/payout-batches/service';
import { advanceTestOrder, asSessionUser, placeTestOrder } from '@tests/support/order-factories';
import { registeredApiRoutes, routeKey } from '@tests/support/registered-routes';
import { insertPaymentTask } from '@tests/support/payment-tasks';
import { unsubscribeToken } from '@server/outbox/unsubscribe';
import type { ConversationsApi } from '@server/modules/conversations/routes';
import type { LoansApi } from '@server/modules/loans/routes';
import type { ReviewsApi } from '@server/modules/reviews/routes';
import type { CartApi } from '@server/modules/cart/routes';
import type { OrdersApi } from '@server/modules/orders/routes';
import type { BooksApi } from '@server/modules/books/routes';
import type { AccountApi } from '@server/modules/account/routes';

// Every API route the app registers, read from Hono's router, with the answer each kind of
// caller gets, run cell by cell against a seeded database. A new route without an entry here
// fails the first test. Columns:
//   guest   no session
//   member  a signed-in member with no part in the resource (their own cart, profile...)
//   owner   the member the resource belongs to (the book's owner, the order's borrower, the cart's holder)
//   other   another member reaching for the owner's resource by its id
//   admin   an admin
// Each cell gets fresh resources from `setup`, so one cell's change never decides another's
// answer; `still` checks afterwards that a refused caller changed nothing of the owner's.

type Role = 'guest' | 'member' | 'owner' | 'other' | 'admin';
const ROLES: Role[] = ['guest', 'member', 'owner', 'other', 'admin'];

interface Cell {
  path: string;
  body?: unknown;
  /** For a caller whose session the call ends (sign-out): a fresh session of the same account. */
  freshSession?: boolean;
  /** The call ends the caller's other sessions (password change, D11): sign in again after it. */
  endsSessions?: boolean;
  /** After a refused call: the owner's resource is still there, unchanged. */
  still?: () => Promise<boolean>;
}

interface Entry {
  expect: Record<Role, number>;
  setup: (actor: Role) => Promise<Cell>;
}

const PUBLIC = { guest: 200, member: 200, owner: 200, other: 200, admin: 200 };
const SIGNED_IN = { guest: 401, member: 200, owner: 200, other: 200, admin: 200 };
const ADMIN_ONLY = { guest: 401, member: 403, owner: 403, other: 403, admin: 200 };

let ctx: TestContext;
const actors = {} as Record<Exclude<Role, 'guest'>, Member>;
const PASSWORDS: Record<Exclude<Role, 'guest'>, string> = {
  member: 'matrix-member-1',
  owner: 'matrix-owner-1',
  other: 'matrix-other-1',
  admin: 'matrix-admin-1',
};
let coverKey: string;
let png: Buffer;

beforeAll(async () => {
  ctx = await createTestContext({ RATE_LIMIT_ENABLED: 'false' });
  actors.member = await ctx.member({ password: PASSWORDS.member });
  actors.owner = await ctx.member({ password: PASSWORDS.owner });
  actors.other = await ctx.member({ password: PASSWORDS.other });
  actors.admin = await ctx.admin({ password: PASSWORDS.admin });
  png = await sharp({ create: { width: 200, height: 300, channels: 3, background: '#b45309' } })
    .png()
    .toBuffer();
  const uploaded = await ctx.rawRequest('POST', '/api/books', {
    cookie: actors.owner.cookie,
    body: bookForm(),
  });
  coverKey = uploaded.body.cover.card.split('/')[3];
}, 120_000);
afterAll(() => ctx.close());

/** An outbox row whose retry window is over (failed), for the retry routes. */
async function failedEmail(): Promise<string> {
  const [row] = await ctx.db
    .insert(emailNotifications)
    .values({
      recipientEmail: 'matrix-failed@example.com',
      recipientType: 'user',
      emailType: 'test',
      subject: 'Matrix failed',
      textBody: 'x',
      htmlBody: '<p>x</p>',
      attempts: 21,
      lastError: 'Connection refused',
      failedAt: new Date(),
    })
    .returning({ id: emailNotifications.id });
  return row.id;
}

async function emailStillFailed(id: string): Promise<boolean> {
  const [row] = await ctx.db.select().from(emailNotifications).where(eq(emailNotifications.id, id));
  return row?.failedAt !== null && row?.sentAt === null;
}

function bookForm(): FormData {
  const form = new FormData();
  form.set('title', 'Matrix Book');
  form.set('author', 'Matrix Author');
  form.set('weeklyPrice', '12000');
  form.set('cover', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'cover.png');
  return form;
}

const ownersBook = () => createBook(ctx.db, { ownerId: actors.owner.user.id });
const bookUnchanged = (id: string) => async () => {
  const [row] = await ctx.db.select().from(books).where(eq(books.id, id));
  return row.status === 'Available' && row.deletedAt === null && row.title.startsWith('Book ');
};
/** A draft of the owner's, ready to publish (its photo key names no file: nothing reads it here). */
async function ownersDraft() {
  const [row] = await ctx.db
    .insert(bookDrafts)
    .values({
      ownerId: actors.owner.user.id,
      importKey: randomUUID(),
      title: 'Matrix Draft',
      author: 'Matrix Author',
      condition: 'Good',
      weeklyPrice: '12000.00',
      photoKey: randomUUID(),
    })
    .returning();
  return row;
}
const draftUnchanged = (id: string) => async () => {
  const [row] = await ctx.db.select().from(bookDrafts).where(eq(bookDrafts.id, id));
  return row?.title === 'Matrix Draft' && row.photoKey !== null;
};
/** A book of a new lender in the owner's cart (at most 5 per lender): the item and the lender. */
async function ownersCartItem() {
  await clearOwnersCart();
  const lender = await createUser(ctx.db);
  const book = await createBook(ctx.db, { ownerId: lender.id });
  await addToCart(ctx.db, { actorId: actors.owner.user.id, bookId: book.id });
  const [item] = await ctx.db
    .select()
    .from(cartItems)
    .where(and(eq(cartItems.userId, actors.owner.user.id), eq(cartItems.bookId, book.id)));
  return { id: item.id, ownerId: lender.id };
}
const cartItemStill = (id: string) => async () =>
  (await ctx.db.select().from(cartItems).where(eq(cartItems.id, id))).length === 1;
const ownersOrder = async () => {
  await clearOwnersCart();
  return (await placeTestOrder(ctx, { borrower: actors.owner })).order;
};
/** Cart limits (5 owners, 5 books each) would otherwise fill up across cells. */
const clearOwnersCart = () => ctx.db.delete(cartItems).where(eq(cartItems.userId, actors.owner.user.id));
/** The conversation of a new order of the owner (as borrower), with one message of theirs. */
async function ownersThread() {
  const order = await ownersOrder();
  const res = await ctx.answer(
    ctx
      .client<ConversationsApi>(actors.owner.cookie)
      .orders[':id'].conversation.$post({ param: { id: order.id }, json: { body: 'First message' } }),
  );
  return { id: res.body.id as string, orderId: order.id };
}
const messagesStill = (threadId: string) => async () =>
  (await ctx.db.select().from(messages).where(eq(messages.threadId, threadId))).length === 1;
const noReview = (orderId: string) => async () =>
  (await ctx.db.select().from(reviews).where(eq(reviews.orderId, orderId))).length === 0;
const reviewShown = (id: string) => async () =>
  (await ctx.db.select().from(reviews).where(eq(reviews.id, id)))[0]?.hiddenAt === null;
const freshUser = () => createUser(ctx.db);
/** A book of `ownerId` (a new lender by default) in a new member's open order (D25). */
async function lentBookWithOrder(ownerId?: string) {
  const book = await createBook(ctx.db, { ownerId: ownerId ?? (await createUser(ctx.db)).id });
  const placed = await placeTestOrder(ctx, { books: [book] });
  return { book, orderId: placed.order.id };
}
const lentBook = async (ownerId?: string) => (await lentBookWithOrder(ownerId)).book;
const queueIs = (bookId: string, n: number) => async () =>
  (await ctx.db.select().from(waitlistEntries).where(eq(waitlistEntries.bookId, bookId))).length === n;
const profileBody = {
  name: 'Matrix Member',
  phone: '+6281234567',
  location: 'Ubud',
  address: 'Jl. Raya Ubud No. 1',
};
const delivery = {
  deliveryMethod: 'delivery',
  deliveryAddress: { fullName: 'Matrix Member', phone: '+6281234567', address: 'Jl. Raya Ubud No. 1' },
};

const MATRIX: Record<string, Entry> = {
  'GET /api/health': { expect: PUBLIC, setup: async () => ({ path: '/api/health' }) },
  'GET /api/openapi.json': { expect: PUBLIC, setup: async () => ({ path: '/api/openapi.json' }) },
  'GET /api/docs': { expect: PUBLIC, setup: async () => ({ path: '/api/docs' }) },
  'GET /api/docs/start.js': { expect: PUBLIC, setup: async () => ({ path: '/api/docs/start.js' }) },
  'GET /api/docs/reference.js': { expect: PUBLIC, setup: async () => ({ path: '/api/docs/reference.js' }) },
  'GET /api/me': { expect: PUBLIC, setup: async () => ({ path: '/api/me' }) },
  'PATCH /api/profile': {
    expect: SIGNED_IN,
    setup: async () => ({ path: '/api/profile', body: profileBody }),
  },
  // D29: a member saves their own language; there is no one else's to save.
  'PUT /api/profile/language': {
    expect: SIGNED_IN,
    setup: async () => ({ path: '/api/profile/language', body: { language: 'en' } }),
  },
  'POST /api/profile/password': {
    expect: SIGNED_IN,
    // The caller's own password, kept the same, so the next cell can still sign in with it.
    setup: async (actor) => {
      const password = actor === 'guest' ? 'whatever-1' : PASSWORDS[actor];
      return {
        path: '/api/profile/password',
        body: { currentPassword: password, newPassword: password, confirmPassword: password },
        endsSessions: true,
      };
    },
  },
  // Public: the emailed token is the credential; a wrong one is refused alike for everyone.
  'POST /api/account/confirm-email': {
    expect: { guest: 400, member: 400, owner: 400, other: 400, admin: 400 },
    setup: async () => ({ path: '/api/account/confirm-email', body: { token: 'not-a-token' } }),
  },
  'GET /api/pickup-locations': { expect: PUBLIC, setup: async () => ({ path: '/api/pickup-locations' }) },
  'GET /api/areas': { expect: PUBLIC, setup: async () => ({ path: '/api/areas' }) },
  'GET /api/profile/pickup-locations': {
    expect: SIGNED_IN,
    setup: async () => ({ path: '/api/profile/pickup-locations' }),
  },
  'PUT /api/profile/pickup-locations': {
    expect: SIGNED_IN,
    setup: async () => ({ path: '/api/profile/pickup-locations', body: { ids: [] } }),
  },
  // Each caller's own favourite: nobody reads or sets another member's.
  'GET /api/profile/favourite-pickup-location': {
    expect: SIGNED_IN,
    setup: async () => ({ path: '/api/profile/favourite-pickup-location' }),
  },
  'PUT /api/profile/favourite-pickup-location': {
    expect: SIGNED_IN,
    setup: async () => ({
      path: '/api/profile/favourite-pickup-location',
      body: { pickupLocationId: (await createPickupLocation(ctx.db)).id },
    }),
  },
  'GET /api/books': { expect: PUBLIC, setup: async () => ({ path: '/api/books' }) },
  'POST /api/books': {
    expect: { guest: 401, member: 201, owner: 201, other: 201, admin: 201 },
    setup: async () => ({ path: '/api/books', body: bookForm() }),
  },
  'GET /api/books/:id': {
    expect: PUBLIC,
    setup: async () => ({ path: `/api/books/${(await ownersBook()).id}` }),
  },
  'PATCH /api/books/:id': {
    // Admins change books through /api/admin/books, not the owner's edit form.
    expect: { guest: 401, member: 403, owner: 200, other: 403, admin: 403 },
    setup: async () => {
      const book = await ownersBook();
      return { path: `/api/books/${book.id}`, body: bookForm(), still: bookUnchanged(book.id) };
    },
  },
  'PATCH /api/books/:id/status': {
    expect: { guest: 401, member: 403, owner: 200, other: 403, admin: 403 },
    setup: async () => {
      const book = await ownersBook();
      return {
        path: `/api/books/${book.id}/status`,
        body: { status: 'Unavailable' },
        still: bookUnchanged(book.id),
      };
    },
  },
  'DELETE /api/books/:id': {
    expect: { guest: 401, member: 403, owner: 204, other: 403, admin: 403 },
    setup: async () => {
      const book = await ownersBook();
      return { path: `/api/books/${book.id}`, still: bookUnchanged(book.id) };
    },
  },
  'GET /api/books/isbn/:isbn': {
    // D30's prefill: any member filling in the form; the answer is a listed book's public fields.
    expect: SIGNED_IN,
    setup: async () => {
      await createBook(ctx.db, { ownerId: actors.owner.user.id, isbn: '9786020332956' });
      return { path: '/api/books/isbn/602-03-3295-0' };
    },
  },
  'GET /api/books/:id/more-from-owner': {
    expect: PUBLIC,
    setup: async () => ({ path: `/api/books/${(await ownersBook()).id}/more-from-owner` }),
  },
  'GET /api/owners/:id': {
    expect: PUBLIC,
    setup: async () => ({ path: `/api/owners/${actors.owner.user.id}` }),
  },
  'GET /api/owners/:id/books': {
    expect: PUBLIC,
    setup: async () => ({ path: `/api/owners/${actors.owner.user.id}/books` }),
  },
  'GET /api/my/books': { expect: SIGNED_IN, setup: async () => ({ path: '/api/my/books' }) },
  'GET /api/covers/:key/:variant': {
    expect: PUBLIC,
    setup: async () => ({ path: `/api/covers/${coverKey}/card.webp` }),
  },
  'POST /api/cart/items': {
    // The owner of the book cannot borrow it (spec: 'You cannot borrow your own book').
    expect: { guest: 401, member: 201, owner: 422, other: 201, admin: 201 },
    setup: async () => ({ path: '/api/cart/items', body: { bookId: (await ownersBook()).id } }),
  },
  'GET /api/cart': { expect: SIGNED_IN, setup: async () => ({ path: '/api/cart' }) },
  'GET /api/cart/count': { expect: SIGNED_IN, setup: async () => ({ path: '/api/cart/count' }) },
  'PATCH /api/cart/items/:itemId': {
    expect: { guest: 401, member: 404, owner: 200, other: 404, admin: 404 },
    setup: async () => {
      const item = await ownersCartItem();
      return { path: `/api/cart/items/${item.id}`, body: { quantity: 1 }, still: cartItemStill(item.id) };
    },
  },
  'DELETE /api/cart/items/:itemId': {
    expect: { guest: 401, member: 404, owner: 200, other: 404, admin: 404 },
    setup: async () => {
      const item = await ownersCartItem();
      return { path: `/api/cart/items/${item.id}`, still: cartItemStill(item.id) };
    },
  },
  'PATCH /api/cart/owners/:ownerId': {
    // Addresses the caller's own cart group for that lender: for anyone else a no-op.
    expect: SIGNED_IN,
    setup: async () => {
      const item = await ownersCartItem();
      return {
        path: `/api/cart/owners/${item.ownerId}`,
        body: { borrowDuration: 2 },
        still: cartItemStill(item.id),
      };
    },
  },
  'DELETE /api/cart/owners/:ownerId': {
    expect: SIGNED_IN,
    setup: async () => {
      const item = await ownersCartItem();
      return { path: `/api/cart/owners/${item.ownerId}`, still: cartItemStill(item.id) };
    },
  },
  'DELETE /api/cart': {
    expect: SIGNED_IN,
    setup: async () => {
      const item = await ownersCartItem();
      return { path: '/api/cart', still: cartItemStill(item.id) };
    },
  },
  'POST /api/cart/validate': { expect: SIGNED_IN, setup: async () => ({ path: '/api/cart/validate' }) },
  'GET /api/checkout/options': { expect: SIGNED_IN, setup: async () => ({ path: '/api/checkout/options' }) },
  'POST /api/checkout': {
    // Only the owner has something in the cart; the others check out an empty cart.
    expect: { guest: 401, member: 422, owner: 201, other: 422, admin: 422 },
    setup: async () => {
      const item = await ownersCartItem();
      return {
        path: '/api/checkout',
        body: { idempotencyKey: randomUUID(), ...delivery },
        still: cartItemStill(item.id),
      };
    },
  },
  'GET /api/orders': { expect: SIGNED_IN, setup: async () => ({ path: '/api/orders' }) },
  'GET /api/orders/:id': {
    expect: { guest: 401, member: 403, owner: 200, other: 403, admin: 200 },
    setup: async () => ({ path: `/api/orders/${(await ownersOrder()).id}` }),
  },
  'POST /api/orders/:id/actions': {
    // The borrower's own action on an order on its way; not the admin's to take (D8, spec 4).
    expect: { guest: 401, member: 403, owner: 200, other: 403, admin: 403 },
    setup: async () => {
      const order = await ownersOrder();
      await advanceTestOrder(ctx, { orderId: order.id, admin: actors.admin, to: 'Delivery in Progress' });
      return { path: `/api/orders/${order.id}/actions`, body: { type: 'confirm_received' } };
    },
  },
  'POST /api/orders/:id/extensions': {
    // D23: the borrower's alone.
    expect: { guest: 401, member: 403, owner: 201, other: 403, admin: 403 },
    setup: async () => {
      const order = await ownersOrder();
      await advanceTestOrder(ctx, { orderId: order.id, admin: actors.admin, to: 'Delivered' });
      return { path: `/api/orders/${order.id}/extensions`, body: { weeks: 1 } };
    },
  },
  'POST /api/orders/:id/extensions/:extensionId/paid': {
    expect: ADMIN_ONLY,
    setup: async () => {
      const order = await ownersOrder();
      await advanceTestOrder(ctx, { orderId: order.id, admin: actors.admin, to: 'Delivered' });
      const extended = await ctx.answer(
        ctx
          .client<LoansApi>(actors.owner.cookie)
          .orders[':id'].extensions.$post({ param: { id: order.id }, json: { weeks: 1 } }),
      );
      return { path: `/api/orders/${order.id}/extensions/${extended.body.extensions[0].id}/paid` };
    },
  },
  'GET /api/orders/:id/due-date.ics': {
    expect: { guest: 401, member: 403, owner: 200, other: 403, admin: 200 },
    setup: async () => {
      const order = await ownersOrder();
      await advanceTestOrder(ctx, { orderId: order.id, admin: actors.admin, to: 'Delivered' });
      return { path: `/api/orders/${order.id}/due-date.ics` };
    },
  },
  // D33: the payment panel and the share; "I have paid" is the borrower's alone; the receipt is
  // the borrower's and the admins'.
  'GET /api/orders/:id/money': {
    expect: { guest: 401, member: 403, owner: 200, other: 403, admin: 200 },
    setup: async () => ({ path: `/api/orders/${(await ownersOrder()).id}/money` }),
  },
  // Payments that confirm themselves (D42): a notice needs the provider's token, not a session;
  // the gateway's codes are the borrower's and the admins'; test mode's simulate the borrower's
  // (the order here waits for its shipping cost, so the borrower is told it is not payable yet).
  'POST /api/payments/notices': {
    expect: { guest: 401, member: 401, owner: 401, other: 401, admin: 401 },
    setup: async () => ({ path: '/api/payments/notices', body: { event: 'payment.capture', data: {} } }),
  },
  'GET /api/orders/:id/payment/gateway': {
    expect: { guest: 401, member: 403, owner: 200, other: 403, admin: 200 },
    setup: async () => ({ path: `/api/orders/${(await ownersOrder()).id}/payment/gateway` }),
  },
  'POST /api/orders/:id/payment/simulate': {
    expect: { guest: 401, member: 403, owner: 409, other: 403, admin: 403 },
    setup: async () => {
      const order = await ownersOrder();
      return {
        path: `/api/orders/${order.id}/payment/simulate`,
        still: async () =>
          (await ctx.db.select().from(orders).where(eq(orders.id, order.id)))[0].status === 'Draft',
      };
    },
  },
  'POST /api/orders/:id/payment-claim/reject': {
    expect: ADMIN_ONLY,
    setup: async () => {
      const order = await ownersOrder();
      await advanceTestOrder(ctx, { orderId: order.id, admin: actors.admin, to: 'Waiting for Payment' });
      await claimPayment(ctx.deps, {
        actor: asSessionUser(actors.owner.user),
        orderId: order.id,
        receipt: null,
      });
      return {
        path: `/api/orders/${order.id}/payment-claim/reject`,
        body: { reason: 'No transfer found' },
        still: async () => {
          const [row] = await ctx.db.select().from(orders).where(eq(orders.id, order.id));
          return row.paymentClaimedAt !== null;
        },
      };
    },
  },
  'POST /api/orders/:id/payment-claim': {
    expect: { guest: 401, member: 403, owner: 200, other: 403, admin: 403 },
    setup: async () => {
      const order = await ownersOrder();
      await advanceTestOrder(ctx, { orderId: order.id, admin: actors.admin, to: 'Waiting for Payment' });
      return {
        path: `/api/orders/${order.id}/payment-claim`,
        // The claim is a multipart form (an optional receipt): an empty form claims without one.
        body: new FormData(),
        still: async () => {
          const [row] = await ctx.db.select().from(orders).where(eq(orders.id, order.id));
          return row.paymentClaimedAt === null;
        },
      };
    },
  },
  'GET /api/orders/:id/receipt': {
    expect: { guest: 401, member: 403, owner: 200, other: 403, admin: 200 },
    setup: async () => {
      const order = await ownersOrder();
      await advanceTestOrder(ctx, { orderId: order.id, admin: actors.admin, to: 'Waiting for Payment' });
      await claimPayment(ctx.deps, {
        actor: asSessionUser(actors.owner.user),
        orderId: order.id,
        receipt: png,
      });
      return { path: `/api/orders/${order.id}/receipt` };
    },
  },
  // D34: earnings and payout details are each member's own; payouts are the admins'.
  // D26: an order's conversation is its borrower's (here "owner"), its owner's and the admins'.
  'GET /api/orders/:id/conversation': {
    expect: { guest: 401, member: 403, owner: 200, other: 403, admin: 200 },
    setup: async () => ({ path: `/api/orders/${(await ownersOrder()).id}/conversation` }),
  },
  'POST /api/orders/:id/conversation': {
    expect: { guest: 401, member: 403, owner: 201, other: 403, admin: 201 },
    setup: async () => {
      const thread = await ownersThread();
      return {
        path: `/api/orders/${thread.orderId}/conversation`,
        body: { body: 'Hello' },
        still: messagesStill(thread.id),
      };
    },
  },
  // Asking about a book: any member but its owner (409, their own book).
  'GET /api/books/:id/conversation': {
    expect: { guest: 401, member: 200, owner: 409, other: 200, admin: 200 },
    setup: async () => ({ path: `/api/books/${(await ownersBook()).id}/conversation` }),
  },
  'POST /api/books/:id/conversation': {
    expect: { guest: 401, member: 201, owner: 409, other: 201, admin: 201 },
    setup: async () => ({
      path: `/api/books/${(await ownersBook()).id}/conversation`,
      body: { body: 'Hello' },
    }),
  },
  'GET /api/conversations': { expect: SIGNED_IN, setup: async () => ({ path: '/api/conversations' }) },
  'GET /api/conversations/unread': {
    expect: SIGNED_IN,
    setup: async () => ({ path: '/api/conversations/unread' }),
  },
  'GET /api/conversations/:id': {
    expect: { guest: 401, member: 403, owner: 200, other: 403, admin: 200 },
    setup: async () => ({ path: `/api/conversations/${(await ownersThread()).id}` }),
  },
  'GET /api/conversations/:id/messages': {
    expect: { guest: 401, member: 403, owner: 200, other: 403, admin: 200 },
    setup: async () => ({ path: `/api/conversations/${(await ownersThread()).id}/messages` }),
  },
  'POST /api/conversations/:id/messages': {
    expect: { guest: 401, member: 403, owner: 201, other: 403, admin: 201 },
    setup: async () => {
      const thread = await ownersThread();
      return {
        path: `/api/conversations/${thread.id}/messages`,
        body: { body: 'Hello' },
        still: messagesStill(thread.id),
      };
    },
  },
  'POST /api/conversations/:id/read': {
    expect: { guest: 401, member: 403, owner: 200, other: 403, admin: 200 },
    setup: async () => ({ path: `/api/conversations/${(await ownersThread()).id}/read` }),
  },
  'GET /api/admin/conversations': {
    expect: ADMIN_ONLY,
    setup: async () => ({ path: '/api/admin/conversations' }),
  },
  // D27: the borrower (here "owner") and the owner of a Completed order rate it; admins read.
  'GET /api/orders/:id/reviews': {
    expect: { guest: 401, member: 403, owner: 200, other: 403, admin: 200 },
    setup: async () => ({ path: `/api/orders/${(await ownersOrder()).id}/reviews` }),
  },
  'POST /api/orders/:id/reviews': {
    expect: { guest: 401, member: 403, owner: 201, other: 403, admin: 403 },
    setup: async () => {
      const order = await ownersOrder();
      await advanceTestOrder(ctx, { orderId: order.id, admin: actors.admin, to: 'Completed' });
      return { path: `/api/orders/${order.id}/reviews`, body: { rating: 5 }, still: noReview(order.id) };
    },
  },
  'GET /api/members/:id/reputation': {
    expect: PUBLIC,
    setup: async () => ({ path: `/api/members/${actors.owner.user.id}/reputation` }),
  },
  'GET /api/admin/reviews': { expect: ADMIN_ONLY, setup: async () => ({ path: '/api/admin/reviews' }) },
  'POST /api/admin/reviews/:id/hide': {
    expect: ADMIN_ONLY,
    setup: async () => {
      const order = await ownersOrder();
      await advanceTestOrder(ctx, { orderId: order.id, admin: actors.admin, to: 'Completed' });
      const rated = await ctx.answer(
        ctx
          .client<ReviewsApi>(actors.owner.cookie)
          .orders[':id'].reviews.$post({ param: { id: order.id }, json: { rating: 1 } }),
      );
      const id = rated.body.mine.id as string;
      return { path: `/api/admin/reviews/${id}/hide`, still: reviewShown(id) };
    },
  },
  // D28: the book's owner or an admin marks it Sold.
  'POST /api/books/:id/sold': {
    expect: { guest: 401, member: 403, owner: 200, other: 403, admin: 200 },
    setup: async () => {
      const book = await ownersBook();
      return { path: `/api/books/${book.id}/sold`, still: bookUnchanged(book.id) };
    },
  },
  // Each list's cursor ('last' is every list's oldest page) reads only the caller's own rows.
  'GET /api/earnings': {
    expect: SIGNED_IN,
    setup: async () => ({ path: '/api/earnings?cursor=last&payoutsCursor=last' }),
  },
  'GET /api/profile/payout-details': {
    expect: SIGNED_IN,
    setup: async () => ({ path: '/api/profile/payout-details' }),
  },
  'PUT /api/profile/payout-details': {
    expect: SIGNED_IN,
    setup: async () => ({
      path: '/api/profile/payout-details',
      body: { bankName: 'BCA', accountName: 'Matrix Member', accountNumber: '1234567890' },
    }),
  },
  'GET /api/admin/payouts': {
    expect: ADMIN_ONLY,
    setup: async () => ({ path: '/api/admin/payouts?cursor=last&ownersCursor=last&ownersPageSize=50' }),
  },
  'POST /api/admin/payouts': {
    expect: { ...ADMIN_ONLY, admin: 201 },
    setup: async () => {
      // A lender with one Completed order (inserted directly: the status path has its own tests).
      const lender = await createUser(ctx.db);
      await insertOrder(ctx.db, { borrower: actors.member.user, ownerId: lender.id, status: 'Completed' });
      return {
        path: '/api/admin/payouts',
        body: { ownerId: lender.id, amount: '1000', paidOn: '2026-01-02', reference: 'MATRIX-1' },
        still: async () =>
          (await ctx.db.select().from(payouts).where(eq(payouts.ownerId, lender.id))).length === 0,
      };
    },
  },
  'GET /api/admin/stats': { expect: ADMIN_ONLY, setup: async () => ({ path: '/api/admin/stats' }) },
  'GET /api/admin/queue': { expect: ADMIN_ONLY, setup: async () => ({ path: '/api/admin/queue' }) },
  'GET /api/admin/orders': { expect: ADMIN_ONLY, setup: async () => ({ path: '/api/admin/orders' }) },
  'POST /api/admin/orders/bulk-status': {
    expect: ADMIN_ONLY,
    setup: async () => {
      const order = await ownersOrder();
      await advanceTestOrder(ctx, { orderId: order.id, admin: actors.admin, to: 'Delivery in Progress' });
      return {
        path: '/api/admin/orders/bulk-status',
        body: { action: 'mark_delivered', orderIds: [order.id] },
        still: async () =>
          (await ctx.db.select().from(orders).where(eq(orders.id, order.id)))[0].status ===
          'Delivery in Progress',
      };
    },
  },
  'GET /api/admin/books': { expect: ADMIN_ONLY, setup: async () => ({ path: '/api/admin/books' }) },
  'PATCH /api/admin/books/:id': {
    expect: ADMIN_ONLY,
    setup: async () => {
      const book = await ownersBook();
      return {
        path: `/api/admin/books/${book.id}`,
        body: { status: 'Unavailable' },
        still: bookUnchanged(book.id),
      };
    },
  },
  'DELETE /api/admin/books/:id': {
    expect: { ...ADMIN_ONLY, admin: 204 },
    setup: async () => {
      const book = await ownersBook();
      return { path: `/api/admin/books/${book.id}`, still: bookUnchanged(book.id) };
    },
  },
  'GET /api/admin/users': { expect: ADMIN_ONLY, setup: async () => ({ path: '/api/admin/users' }) },
  'PATCH /api/admin/users/:id': {
    expect: ADMIN_ONLY,
    setup: async () => {
      const target = await freshUser();
      return {
        path: `/api/admin/users/${target.id}`,
        body: { role: 'admin' },
        still: async () =>
          (await ctx.db.select().from(user).where(eq(user.id, target.id)))[0].role === 'user',
      };
    },
  },
  'DELETE /api/admin/users/:id': {
    expect: { ...ADMIN_ONLY, admin: 204 },
    setup: async () => {
      const target = await freshUser();
      return {
        path: `/api/admin/users/${target.id}`,
        still: async () => (await ctx.db.select().from(user).where(eq(user.id, target.id))).length === 1,
      };
    },
  },
  'GET /api/admin/emails': { expect: ADMIN_ONLY, setup: async () => ({ path: '/api/admin/emails' }) },
  'GET /api/admin/emails/pending-count': {
    expect: ADMIN_ONLY,
    setup: async () => ({ path: '/api/admin/emails/pending-count' }),
  },
  'POST /api/admin/emails/process': {
    expect: ADMIN_ONLY,
    setup: async () => ({ path: '/api/admin/emails/process' }),
  },
  'POST /api/admin/emails/:id/retry': {
    expect: ADMIN_ONLY,
    setup: async () => {
      const id = await failedEmail();
      return { path: `/api/admin/emails/${id}/retry`, still: () => emailStillFailed(id) };
    },
  },
  'POST /api/admin/emails/retry-failed': {
    expect: ADMIN_ONLY,
    setup: async () => {
      const id = await failedEmail();
      return { path: '/api/admin/emails/retry-failed', still: () => emailStillFailed(id) };
    },
  },
  // The operator's day: delivery prices per pair of areas (D49)
  'GET /api/admin/delivery-prices': {
    expect: ADMIN_ONLY,
    setup: async () => ({ path: '/api/admin/delivery-prices' }),
  },
  'PUT /api/admin/delivery-prices': {
    expect: ADMIN_ONLY,
    setup: async () => {
      const borrowerArea = `Area ${randomUUID().slice(0, 8)}`;
      return {
        path: '/api/admin/delivery-prices',
        body: { ownerArea: null, borrowerArea, price: '10000' },
        still: async () =>
          (await ctx.db.select().from(deliveryPrices).where(eq(deliveryPrices.borrowerArea, borrowerArea)))
            .length === 0,
      };
    },
  },
  'DELETE /api/admin/delivery-prices/:id': {
    expect: { ...ADMIN_ONLY, admin: 204 },
    setup: async () => {
      const [row] = await ctx.db
        .insert(deliveryPrices)
        .values({ ownerArea: null, borrowerArea: `Area ${randomUUID().slice(0, 8)}`, price: '10000.00' })
        .returning();
      return {
        path: `/api/admin/delivery-prices/${row.id}`,
        still: async () =>
          (await ctx.db.select().from(deliveryPrices).where(eq(deliveryPrices.id, row.id))).length === 1,
      };
    },
  },
  // Better Auth's wildcard routes: one representative each (its other endpoints have their own tests).
  // The one GET served (the reset link): an unknown token is sent back to the reset page.
  'GET /api/auth/*': {
    expect: { guest: 302, member: 302, owner: 302, other: 302, admin: 302 },
    setup: async () => ({ path: '/api/auth/reset-password/unknown-token?callbackURL=%2Freset-password' }),
  },
  'POST /api/auth/*': {
    expect: PUBLIC,
    setup: async () => ({ path: '/api/auth/sign-out', body: {}, freshSession: true }),
  },
  // D25: the waitlist. Each cell gets a fresh lent book; "owner" is the member on its list (or,
  // for joining, the book's owner, who may not queue for their own book).
  'GET /api/books/:id/waitlist': {
    expect: PUBLIC,
    setup: async () => ({ path: `/api/books/${(await lentBook()).id}/waitlist` }),
  },
  'POST /api/books/:id/waitlist': {
    expect: { guest: 401, member: 201, owner: 422, other: 201, admin: 201 },
    setup: async () => ({ path: `/api/books/${(await lentBook(actors.owner.user.id)).id}/waitlist` }),
  },
  'DELETE /api/books/:id/waitlist': {
    expect: { guest: 401, member: 404, owner: 200, other: 404, admin: 404 },
    setup: async () => {
      const book = await lentBook();
      await ctx.db.insert(waitlistEntries).values({ bookId: book.id, userId: actors.owner.user.id });
      return { path: `/api/books/${book.id}/waitlist`, still: queueIs(book.id, 1) };
    },
  },
  'POST /api/books/:id/waitlist/pass': {
    expect: { guest: 401, member: 409, owner: 200, other: 409, admin: 409 },
    setup: async () => {
      const { book, orderId } = await lentBookWithOrder();
      await ctx.db.insert(waitlistEntries).values({ bookId: book.id, userId: actors.owner.user.id });
      await advanceTestOrder(ctx, { orderId, admin: actors.admin, to: 'Completed' });
      return { path: `/api/books/${book.id}/waitlist/pass`, still: queueIs(book.id, 1) };
    },
  },
  'GET /api/waitlist': { expect: SIGNED_IN, setup: async () => ({ path: '/api/waitlist' }) },
  'GET /api/waitlist/counts': {
    expect: PUBLIC,
    setup: async () => ({ path: `/api/waitlist/counts?bookIds=${(await lentBook()).id}` }),
  },
  'GET /api/admin/books/:id/waitlist': {
    expect: ADMIN_ONLY,
    setup: async () => ({ path: `/api/admin/books/${(await lentBook()).id}/waitlist` }),
  },
  'DELETE /api/admin/waitlist/:id': {
    expect: { ...ADMIN_ONLY, admin: 204 },
    setup: async () => {
      const book = await lentBook();
      const [entry] = await ctx.db
        .insert(waitlistEntries)
        .values({ bookId: book.id, userId: actors.owner.user.id })
        .returning();
      return { path: `/api/admin/waitlist/${entry.id}`, still: queueIs(book.id, 1) };
    },
  },
  // Where members are: WhatsApp chat links (D45). The number is the member's own; an order's
  // contacts are its parties' and the admins'.
  'GET /api/profile/whatsapp': { expect: SIGNED_IN, setup: async () => ({ path: '/api/profile/whatsapp' }) },
  'PUT /api/profile/whatsapp': {
    expect: SIGNED_IN,
    setup: async () => ({ path: '/api/profile/whatsapp', body: { number: '0812 3456 7890', consent: true } }),
  },
  'DELETE /api/profile/whatsapp': {
    expect: SIGNED_IN,
    setup: async () => ({ path: '/api/profile/whatsapp' }),
  },
  'GET /api/orders/:id/whatsapp': {
    expect: { guest: 401, member: 403, owner: 200, other: 403, admin: 200 },
    setup: async () => ({ path: `/api/orders/${(await ownersOrder()).id}/whatsapp` }),
  },
  // Wanted books (D47): each member's own list; another's entry is not found and stays.
  // D48: each caller's own away dates; nobody reads or sets another member's (the path names no one).
  'GET /api/profile/away': { expect: SIGNED_IN, setup: async () => ({ path: '/api/profile/away' }) },
  'PUT /api/profile/away': {
    expect: SIGNED_IN,
    setup: async () => {
      const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
      return { path: '/api/profile/away', body: { from: day(3), to: day(5) } };
    },
  },
  'DELETE /api/profile/away': { expect: SIGNED_IN, setup: async () => ({ path: '/api/profile/away' }) },
  'GET /api/wanted': { expect: SIGNED_IN, setup: async () => ({ path: '/api/wanted' }) },
  'POST /api/wanted': {
    expect: { guest: 401, member: 201, owner: 201, other: 201, admin: 201 },
    setup: async () => ({ path: '/api/wanted', body: { title: `Wanted ${randomUUID()}` } }),
  },
  'DELETE /api/wanted/:id': {
    expect: { guest: 401, member: 404, owner: 200, other: 404, admin: 404 },
    setup: async () => {
      const [row] = await ctx.db
        .insert(wantedBooks)
        .values({ userId: actors.owner.user.id, title: 'Owned wish' })
        .returning();
      const still = async () =>
        (await ctx.db.select().from(wantedBooks).where(eq(wantedBooks.id, row.id))).length === 1;
      return { path: `/api/wanted/${row.id}`, still };
    },
  },
  // Shelf import: each owner's own drafts, never public; another's draft is not found and stays.
  'GET /api/my/drafts': { expect: SIGNED_IN, setup: async () => ({ path: '/api/my/drafts' }) },
  'POST /api/my/drafts/import': {
    expect: { guest: 401, member: 201, owner: 201, other: 201, admin: 201 },
    setup: async () => {
      const form = new FormData();
      form.set(
        'file',
        new Blob([`Title,Author\nMatrix ${randomUUID()},Someone\n`], { type: 'text/csv' }),
        'shelf.csv',
      );
      return { path: '/api/my/drafts/import', body: form };
    },
  },
  'PATCH /api/my/drafts/:id': {
    expect: { guest: 401, member: 404, owner: 200, other: 404, admin: 404 },
    setup: async () => {
      const draft = await ownersDraft();
      return {
        path: `/api/my/drafts/${draft.id}`,
        body: { title: 'Changed' },
        still: draftUnchanged(draft.id),
      };
    },
  },
  'PUT /api/my/drafts/:id/photo': {
    expect: { guest: 401, member: 404, owner: 200, other: 404, admin: 404 },
    setup: async () => {
      const draft = await ownersDraft();
      const form = new FormData();
      form.set('cover', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'cover.png');
      return { path: `/api/my/drafts/${draft.id}/photo`, body: form, still: draftUnchanged(draft.id) };
    },
  },
  'DELETE /api/my/drafts/:id': {
    expect: { guest: 401, member: 404, owner: 204, other: 404, admin: 404 },
    setup: async () => {
      const draft = await ownersDraft();
      return { path: `/api/my/drafts/${draft.id}`, still: draftUnchanged(draft.id) };
    },
  },
  'POST /api/my/drafts/publish': {
    expect: { guest: 401, member: 404, owner: 201, other: 404, admin: 404 },
    setup: async () => {
      const draft = await ownersDraft();
      return { path: '/api/my/drafts/publish', body: { ids: [draft.id] }, still: draftUnchanged(draft.id) };
    },
  },
  // Members choose their channels (D45): each member's own choices and devices; the unsubscribe
  // link is public, its signed token the proof (notices.test.ts: a forged one changes nothing).
  'GET /api/notices/push-key': { expect: PUBLIC, setup: async () => ({ path: '/api/notices/push-key' }) },
  'GET /api/profile/notices': { expect: SIGNED_IN, setup: async () => ({ path: '/api/profile/notices' }) },
  'PUT /api/profile/notices': {
    expect: SIGNED_IN,
    setup: async () => ({
      path: '/api/profile/notices',
      body: { kind: 'orders', channel: 'email', enabled: false },
    }),
  },
  'POST /api/profile/push-subscriptions': {
    expect: { guest: 401, member: 201, owner: 201, other: 201, admin: 201 },
    setup: async () => ({
      path: '/api/profile/push-subscriptions',
      body: {
        endpoint: `https://push.example.test/${randomUUID()}`,
        keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'AAAAAAAAAAAAAAAAAAAAAA' },
      },
    }),
  },
  'DELETE /api/profile/push-subscriptions': {
    expect: SIGNED_IN,
    setup: async () => ({
      path: '/api/profile/push-subscriptions?endpoint=https%3A%2F%2Fpush.example.test%2Fgone',
    }),
  },
  'POST /api/notices/unsubscribe': {
    expect: PUBLIC,
    setup: async () => ({
      path: `/api/notices/unsubscribe?token=${unsubscribeToken(ctx.config.authSecret, actors.member.user.email, ['messages'])}`,
    }),
  },
  // Every book findable (D46): public reads; a held book shows only to its holder (find.test.ts).
  'GET /api/borrowed-books': {
    expect: PUBLIC,
    setup: async () => ({ path: `/api/borrowed-books?q=${encodeURIComponent((await lentBook()).title)}` }),
  },
  'GET /api/owners/:id/borrowed-books': {
    expect: PUBLIC,
    setup: async () => ({ path: `/api/owners/${actors.owner.user.id}/borrowed-books` }),
  },
  'GET /api/search/suggestions': {
    expect: PUBLIC,
    setup: async () => ({ path: '/api/search/suggestions?q=gatbsy' }),
  },
};

// Payouts in one batch (D34): every route is the admins' alone.
/** A lender with a Completed order and bank details: someone a batch pays. */
async function payableLender() {
  const lender = await createUser(ctx.db, {
    payoutBankName: 'BCA',
    payoutAccountName: 'Matrix Lender',
    payoutAccountNumber: '1234567890',
  });
  await insertOrder(ctx.db, { borrower: actors.member.user, ownerId: lender.id, status: 'Completed' });
  return lender;
}
/** The open batch, prepared for a new payable lender when there is none. */
async function openBatch() {
  const [open] = await ctx.db.select().from(payoutBatches).where(isNull(payoutBatches.paidAt));
  if (open) return open;
  await payableLender();
  return preparePayoutBatch(ctx.deps, asSessionUser(actors.admin.user));
}
const batchStillOpen = (id: string) => async () =>
  (
    await ctx.db
      .select()
      .from(payoutBatches)
      .where(and(eq(payoutBatches.id, id), isNull(payoutBatches.paidAt)))
  ).length === 1;
const PAYOUT_BATCH_ROUTES: Record<string, Entry> = {
  'GET /api/admin/payout-batches': {
    expect: ADMIN_ONLY,
    setup: async () => ({ path: '/api/admin/payout-batches' }),
  },
  'POST /api/admin/payout-batches': {
    expect: { ...ADMIN_ONLY, admin: 201 },
    setup: async () => {
      await ctx.db.delete(payoutBatches).where(isNull(payoutBatches.paidAt));
      await payableLender();
      return {
        path: '/api/admin/payout-batches',
        still: async () =>
          (await ctx.db.select().from(payoutBatches).where(isNull(payoutBatches.paidAt))).length === 0,
      };
    },
  },
  'GET /api/admin/payout-batches/:id/transfers.csv': {
    expect: ADMIN_ONLY,
    setup: async () => ({ path: `/api/admin/payout-batches/${(await openBatch()).id}/transfers.csv` }),
  },
  'POST /api/admin/payout-batches/:id/paid': {
    expect: ADMIN_ONLY,
    setup: async () => {
      const batch = await openBatch();
      return {
        path: `/api/admin/payout-batches/${batch.id}/paid`,
        body: { paidOn: '2026-01-02' },
        still: batchStillOpen(batch.id),
      };
    },
  },
  'DELETE /api/admin/payout-batches/:id': {
    expect: { ...ADMIN_ONLY, admin: 204 },
    setup: async () => {
      const batch = await openBatch();
      return { path: `/api/admin/payout-batches/${batch.id}`, still: batchStillOpen(batch.id) };
    },
  },
};
Object.assign(MATRIX, PAYOUT_BATCH_ROUTES);

// Late and wrong money (D44) and the month's figures (D43): the admins' alone. Each cell gets a
// fresh late payment for a cancelled order of the owner (as borrower) whose book is still free.
async function lateTask() {
  const lender = await createUser(ctx.db);
  const { order } = await insertOrder(ctx.db, {
    borrower: actors.owner.user,
    ownerId: lender.id,
    status: 'Cancelled',
    deliveryMethod: 'pickup',
    shippingCost: '0',
  });
  return insertPaymentTask(ctx.db, { order });
}
const taskStillOpen = (id: string) => async () => {
  const [task] = await ctx.db.select().from(paymentTasks).where(eq(paymentTasks.id, id));
  return task.resolvedAt === null && task.refundStartedAt === null;
};
const PAYMENT_TASK_ROUTES: Record<string, Entry> = {
  'GET /api/admin/payment-tasks': {
    expect: ADMIN_ONLY,
    setup: async () => ({ path: '/api/admin/payment-tasks?state=open' }),
  },
  'POST /api/admin/payment-tasks/:id/refund': {
    expect: ADMIN_ONLY,
    setup: async () => {
      const task = await lateTask();
      return {
        path: `/api/admin/payment-tasks/${task.id}/refund`,
        body: { bankReference: 'MATRIX-REFUND-1' },
        still: taskStillOpen(task.id),
      };
    },
  },
  'POST /api/admin/payment-tasks/:id/revive': {
    expect: ADMIN_ONLY,
    setup: async () => {
      const task = await lateTask();
      return { path: `/api/admin/payment-tasks/${task.id}/revive`, still: taskStillOpen(task.id) };
    },
  },
  'POST /api/admin/payment-tasks/:id/dismiss': {
    expect: ADMIN_ONLY,
    setup: async () => {
      const task = await lateTask();
      return {
        path: `/api/admin/payment-tasks/${task.id}/dismiss`,
        body: { note: 'Handled already' },
        still: taskStillOpen(task.id),
      };
    },
  },
  // D42's statement adapter: only admins upload a statement. This context runs the fake gateway,
  // so the admin is answered STATEMENT_ONLY; the statement tests run the upload itself.
  'POST /api/admin/payment-statements': {
    expect: { ...ADMIN_ONLY, admin: 409 },
    setup: async () => {
      const form = new FormData();
      form.append('statement', new File(['date,description,amount\n2026-12-02,TRANSFER,15000\n'], 's.csv'));
      return {
        path: '/api/admin/payment-statements',
        body: form,
        still: async () =>
          (await ctx.db.select().from(paymentNotices).where(eq(paymentNotices.provider, 'statement')))
            .length === 0,
      };
    },
  },
  'GET /api/admin/finance': {
    expect: ADMIN_ONLY,
    setup: async () => ({ path: '/api/admin/finance?month=2026-12' }),
  },
  'GET /api/admin/statistics': { expect: ADMIN_ONLY, setup: async () => ({ path: '/api/admin/statistics' }) },
};
Object.assign(MATRIX, PAYMENT_TASK_ROUTES);

/** The statuses that differ from the expectation, as `route role: got`, so a failure lists them all. */
async function runCell(key: string, role: Role): Promise<string | null> {
  const entry = MATRIX[key];
  const [method] = key.split(' ');
  const cell = await entry.setup(role);
  let cookie = role === 'guest' ? undefined : actors[role].cookie;
  if (cell.freshSession && role !== 'guest') {
    cookie = await ctx.signIn(actors[role].user.email, PASSWORDS[role]);
  }
  const res = await ctx.rawRequest(method, cell.path, { cookie, body: cell.body });
  if (cell.endsSessions && role !== 'guest') {
    actors[role].cookie = await ctx.signIn(actors[role].user.email, PASSWORDS[role]);
  }
  const problems: string[] = [];
  if (res.status !== entry.expect[role]) {
    problems.push(
      `got ${res.status} ${JSON.stringify(res.body)?.slice(0, 160)}, expected ${entry.expect[role]}`,
    );
  }
  if (role !== 'owner' && role !== 'admin' && cell.still && !(await cell.still())) {
    problems.push("changed the owner's resource");
  }
  // Better Auth's refusals included: they are put in our envelope (auth/answer-envelope.ts).
  if (res.status >= 400 && typeof res.body?.error?.message !== 'string') {
    problems.push('refusal without a structured error');
  }
  return problems.length > 0 ? `${key} as ${role}: ${problems.join('; ')}` : null;
}

describe('permission matrix', () => {
  it('matches the OpenAPI document: every route of the matrix is described there, and nothing else', async () => {
    const doc = (await ctx.rawRequest('GET', '/api/openapi.json')).body as {
      paths: Record<string, Record<string, unknown>>;
    };
    const described = Object.entries(doc.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
    );
    // Better Auth's endpoints sit behind the matrix's /api/auth/* entries; the document and its
    // reference page do not describe themselves.
    const underAuth = (key: string) =>
      MATRIX[`${key.split(' ')[0]} /api/auth/*`] && key.includes(' /api/auth/');
    const selfDescribing = (key: string) => /^GET \/api\/(openapi\.json|docs)/.test(key);
    expect(described.filter((key) => !MATRIX[key] && !underAuth(key)).sort()).toEqual([]);
    expect(
      Object.keys(MATRIX)
        .filter((key) => !key.includes('/api/auth/') && !selfDescribing(key))
        .filter((key) => !described.includes(key))
        .sort(),
    ).toEqual([]);
  });

  it('has an entry for every route the app registers, and no entry for a route that is gone', () => {
    const registered = registeredApiRoutes(ctx.runtime.app).map(routeKey).sort();
    expect(registered.filter((key) => !MATRIX[key])).toEqual([]);
    expect(Object.keys(MATRIX).filter((key) => !registered.includes(key))).toEqual([]);
  });

  for (const key of Object.keys(MATRIX)) {
    it(`${key}: ${ROLES.map((r) => `${r} ${MATRIX[key].expect[r]}`).join(', ')}`, async () => {
      // Upload and sign-in counters are the same for every cell; limits have their own tests.
      await ctx.db.delete(rateLimit);
      const failures: string[] = [];
      for (const role of ROLES) {
        const failure = await runCell(key, role);
        if (failure) failures.push(failure);
      }
      expect(failures).toEqual([]);
      // Process emails sends every row the other cells queued (one at a time since the lease):
      // on a loaded machine that takes longer than the default 30 s.
    }, 120_000);
  }
});

describe("one member's resources are unreachable by another by id", () => {
  it('cart, orders, books and profile of the owner are neither visible nor changeable to the other member', async () => {
    const order = await ownersOrder(); // checkout empties the cart: the item comes after
    const item = await ownersCartItem();
    const book = await ownersBook();
    const other = actors.other.cookie;
    // The other member's own cart and order list do not include the owner's things.
    const cart = await ctx.answer(ctx.client<CartApi>(other).cart.$get());
    expect(JSON.stringify(cart.body)).not.toContain(item.id);
    const list = await ctx.answer(ctx.client<OrdersApi>(other).orders.$get({ query: {} }));
    expect(JSON.stringify(list.body)).not.toContain(order.id);
    const asOwner = await ctx.answer(ctx.client<OrdersApi>(other).orders.$get({ query: { as: 'owner' } }));
    expect(JSON.stringify(asOwner.body)).not.toContain(order.id);
    // Their shelf-management list does not include the owner's book.
    const mine = await ctx.answer(ctx.client<BooksApi>(other).my.books.$get({ query: {} }));
    expect(JSON.stringify(mine.body)).not.toContain(book.id);
    // The profile endpoints only ever address the caller: no id reaches someone else's.
    const me = await ctx.answer(ctx.client<AccountApi>(other).me.$get());
    expect(me.body.user.id).toBe(actors.other.user.id);
    expect(
      (await ctx.rawRequest('GET', `/api/profile/${actors.owner.user.id}`, { cookie: other })).status,
    ).toBe(404);
    expect(await cartItemStill(item.id)()).toBe(true);
  });
});
