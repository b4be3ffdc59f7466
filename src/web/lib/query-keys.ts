import type { QueryKey } from '@tanstack/react-query';

// Every query key of the web app comes from these factories, so a change invalidates
// by a prefix that really covers what it changed: every list of books (the home page's latest
// ones included) lives under catalogKeys.all, so an upload or edit refreshes them all.

export const sessionKeys = { all: ['session'] as const };

/** Keys outside the session: what a sign-in or sign-out drops (they belong to another member). */
export const isMemberData = (key: QueryKey) => key[0] !== sessionKeys.all[0];

export const catalogKeys = {
  all: ['catalog'] as const,
  // Listing keys are plain QueryKeys so one listing component can take either endpoint.
  books: (query: object): QueryKey => ['catalog', 'books', query],
  latest: (limit: number) => ['catalog', 'latest', limit] as const,
  /** The area filter's options. */
  areas: ['catalog', 'areas'] as const,
  book: (id: string) => ['catalog', 'book', id] as const,
  moreFromOwner: (id: string) => ['catalog', 'more-from-owner', id] as const,
  owner: (id: string) => ['catalog', 'owner', id] as const,
  isbn: (isbn: string) => ['catalog', 'isbn', isbn] as const,
  ownerBooks: (id: string, query: object): QueryKey => ['catalog', 'owner-books', id, query],
  /** The signed-in owner's Manage books table. */
  mine: ['catalog', 'mine'] as const,
  // Every book findable: under 'catalog', so a waitlist join or a catalog write refreshes them.
  borrowed: (scope: string, q: string | undefined, category: string | undefined): QueryKey => [
    'catalog',
    'borrowed',
    scope,
    q ?? null,
    category ?? null,
  ],
  suggestions: (q: string) => ['catalog', 'suggestions', q] as const,
};

export const accountKeys = {
  pickupLocations: ['pickup-locations'] as const,
  myPickupChoices: ['profile', 'pickup-locations'] as const,
  payoutDetails: ['profile', 'payout-details'] as const,
  // Where members are: WhatsApp chat links
  whatsapp: ['profile', 'whatsapp'] as const,
  // Members choose their channels: the choices, and this browser's own subscription
  notices: ['profile', 'notices'] as const,
  pushDevice: ['push-device'] as const,
};

export const cartKeys = {
  all: ['cart'] as const,
  count: ['cart', 'count'] as const,
  view: ['cart', 'view'] as const,
  checkoutOptions: ['cart', 'checkout-options'] as const,
};

export const orderKeys = {
  all: ['orders'] as const,
  list: (as: string) => ['orders', 'list', as] as const,
  detail: (id: string) => ['orders', 'detail', id] as const,
  /** The payment panel and share of one order; the status is part of the key (a new deadline). */
  money: (id: string, status?: string) =>
    status === undefined ? (['orders', 'money', id] as const) : (['orders', 'money', id, status] as const),
  // Where members are: WhatsApp chat links; under 'orders', so a cancel refreshes them.
  whatsapp: (id: string) => ['orders', 'whatsapp', id] as const,
  // Gateway payments: the QRIS code and virtual accounts of one payable order.
  gateway: (id: string) => ['orders', 'gateway', id] as const,
};

/** Conversations: every key starts with 'conversations', so one write refreshes counts and views. */
export const conversationKeys = {
  all: ['conversations'] as const,
  unread: ['conversations', 'unread'] as const,
  unreadOrdersAll: ['conversations', 'unread-orders'] as const,
  /** The per-order counts of the orders one list shows (their ids, comma-separated). */
  unreadOrders: (orders: string) => ['conversations', 'unread-orders', orders] as const,
  list: ['conversations', 'list'] as const,
  listPage: (cursor: string | undefined) => ['conversations', 'list', cursor ?? ''] as const,
  order: (id: string) => ['conversations', 'order', id] as const,
  book: (id: string) => ['conversations', 'book', id] as const,
  thread: (id: string) => ['conversations', 'thread', id] as const,
  inbox: (cursor: string | undefined) => ['conversations', 'inbox', cursor ?? ''] as const,
};

/** Reviews: an order's, a member's card, the admins' list. */
export const reviewKeys = {
  all: ['reviews'] as const,
  order: (id: string) => ['reviews', 'order', id] as const,
  reputation: (memberId: string) => ['reviews', 'reputation', memberId] as const,
  admin: (cursor: string | undefined) => ['reviews', 'admin', cursor ?? ''] as const,
};

/** Every key starts with 'waitlist', so one invalidation refreshes the book panels and lists. */
/** Wanted books: the member's own list. */
export const wantedKeys = { mine: ['wanted', 'mine'] as const };

/** Shelf import: the owner's drafts. */
export const draftKeys = { mine: ['drafts', 'mine'] as const };
/** The signed-in owner's away dates. */
export const awayKeys = { mine: ['away', 'mine'] as const };

export const waitlistKeys = {
  all: ['waitlist'] as const,
  book: (id: string) => ['waitlist', 'book', id] as const,
  mine: ['waitlist', 'mine'] as const,
  counts: (ids: string) => ['waitlist', 'counts', ids] as const,
  admin: (id: string) => ['waitlist', 'admin', id] as const,
};

export const earningsKeys = {
  all: ['earnings'] as const,
  page: (cursor: string | undefined, payoutsCursor: string | undefined) =>
    ['earnings', cursor ?? '', payoutsCursor ?? ''] as const,
};

export const adminKeys = {
  all: ['admin'] as const,
  stats: ['admin', 'stats'] as const,
  pendingEmails: ['admin', 'emails', 'pending-count'] as const,
  list: (tab: string, params: object) => ['admin', tab, params] as const,
  payouts: ['admin', 'payouts'] as const,
  payoutsPage: (cursor: string | undefined, ownersCursor: string | undefined) =>
    ['admin', 'payouts', cursor ?? '', ownersCursor ?? ''] as const,
  /** Payouts in one batch: under `payouts`, so a payout recorded refreshes it too. */
  payoutBatch: ['admin', 'payouts', 'batch'] as const,
  // Delivery priced by area
  deliveryPrices: ['admin', 'delivery-prices'] as const,
  // Late and wrong money and the month's figures with the gateway's fees
  paymentTasks: (state: string, cursor: string | undefined) =>
    ['admin', 'payment-tasks', state, cursor ?? ''] as const,
  finance: (month: string) => ['admin', 'finance', month] as const,
  // The marketplace at a glance: twelve weeks of figures
  statistics: ['admin', 'statistics'] as const,
};
