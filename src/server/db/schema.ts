import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import {
  BOOK_STATUSES,
  CATEGORIES,
  CONDITIONS,
  DELIVERY_METHODS,
  LANGUAGES,
  ORDER_STATUSES,
} from '@domain/constants';
import type { PAYMENT_TASK_KINDS, PAYMENT_TASK_RESOLUTIONS } from '@domain/gateway-types';
import type { DeliveryAddress, OrderEventDetails, PickupLocationSnapshot } from '@domain/order-types';
import type { NoticeChannel } from '@domain/notice-kinds';
import type { StoredNotice } from '@server/outbox/layout';
import type { PushContent } from '@server/outbox/push-content';

// One schema for PGlite and PostgreSQL. Field names are camelCase (Better Auth reads them),
// column names snake_case.

export const categoryEnum = pgEnum('category', CATEGORIES);
export const languageEnum = pgEnum('language', LANGUAGES);
export const conditionEnum = pgEnum('book_condition', CONDITIONS);
export const bookStatusEnum = pgEnum('book_status', BOOK_STATUSES);
export const orderStatusEnum = pgEnum('order_status', ORDER_STATUSES);
export const deliveryMethodEnum = pgEnum('delivery_method', DELIVERY_METHODS);

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

// ---------------------------------------------------------------- Better Auth
// The profile of spec section 3 is the auth user with phone, location, address and role.
export const user = pgTable(
  'user',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    phone: text('phone'),
    location: text('location'),
    address: text('address'),
    role: text('role').notNull().default('user'),
    // The language of the member's screens and emails: the one they signed up in, then their choice.
    language: text('language').notNull().default('en'),
    // Where an owner's earnings are paid; optional until they have something payable.
    payoutBankName: text('payout_bank_name'),
    payoutAccountName: text('payout_account_name'),
    payoutAccountNumber: text('payout_account_number'),
    banned: boolean('banned').default(false),
    banReason: text('ban_reason'),
    banExpires: timestamp('ban_expires', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('user_role_check', sql`${t.role} in ('user', 'admin')`),
    check('user_language_check', sql`${t.language} in ('en', 'id')`),
    // Admin users tab (docs/architecture.md, "Lists at scale"): keyset order, role filter, search.
    index('user_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('user_role_created_idx').on(t.role, t.createdAt.desc(), t.id.desc()),
    index('user_email_prefix_idx').on(sql`lower(${t.email}) text_pattern_ops`),
    index('user_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    index('user_location_trgm_idx').using('gin', sql`${t.location} gin_trgm_ops`),
  ],
);

export const session = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    impersonatedBy: text('impersonated_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('session_user_idx').on(t.userId)],
);

export const account = pgTable(
  'account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('account_user_idx').on(t.userId)],
);

export const verification = pgTable(
  'verification',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('verification_identifier_idx').on(t.identifier)],
);

// Rate-limit counters live in the database so several instances share them.
export const rateLimit = pgTable('rate_limit', {
  // Better Auth's rate limiter inserts without an id: the database makes one.
  id: text('id').primaryKey().default(sql`gen_random_uuid()::text`),
  key: text('key').notNull().unique(),
  count: integer('count').notNull(),
  lastRequest: bigint('last_request', { mode: 'number' }).notNull(),
});

// ---------------------------------------------------------------- pickup locations
export const pickupLocations = pgTable(
  'pickup_locations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    location: text('location').notNull(),
    address: text('address').notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index('pickup_locations_active_name_idx').on(t.active, t.name)],
);

export const ownerPickupLocations = pgTable(
  'owner_pickup_locations',
  {
    ownerId: text('owner_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    pickupLocationId: uuid('pickup_location_id')
      .notNull()
      .references(() => pickupLocations.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.ownerId, t.pickupLocationId] }),
    index('owner_pickup_location_idx').on(t.pickupLocationId),
  ],
);

/** The one location a member likes to collect books at: checkout offers it first when shared. */
export const favouritePickupLocations = pgTable(
  'favourite_pickup_locations',
  {
    memberId: text('member_id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    pickupLocationId: uuid('pickup_location_id')
      .notNull()
      .references(() => pickupLocations.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('favourite_pickup_location_idx').on(t.pickupLocationId)],
);

// ---------------------------------------------------------------- delivery prices
/**
 * What a delivery costs from an owner's area to a borrower's area (profile locations,
 * matched as written); a row without an owner area is the default into that borrower area.
 * Checkout copies the price onto the order, so a later change never touches a placed order.
 */
export const deliveryPrices = pgTable(
  'delivery_prices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerArea: text('owner_area'),
    borrowerArea: text('borrower_area').notNull(),
    price: numeric('price', { precision: 12, scale: 2 }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One price per route; the default (no owner area) is one route of its own.
    uniqueIndex('delivery_prices_route_uq').on(t.borrowerArea, sql`coalesce(${t.ownerArea}, '')`),
  ],
);

// ---------------------------------------------------------------- books
export const books = pgTable(
  'books',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Null only after the owner's account was deleted; the book is then soft-deleted too.
    ownerId: text('owner_id').references(() => user.id, { onDelete: 'set null' }),
    title: varchar('title', { length: 100 }).notNull(),
    author: varchar('author', { length: 100 }).notNull(),
    category: categoryEnum('category').notNull().default('Adult'),
    language: languageEnum('language').notNull().default('English'),
    condition: conditionEnum('condition').notNull().default('Good'),
    status: bookStatusEnum('status').notNull().default('Available'),
    summary: varchar('summary', { length: 500 }),
    weeklyPrice: numeric('weekly_price', { precision: 12, scale: 2 }).notNull(),
    monthlyPrice: numeric('monthly_price', { precision: 12, scale: 2 }),
    /** An optional price to buy the book outright. */
    salePrice: numeric('sale_price', { precision: 12, scale: 2 }),
    /** Marked Sold (the book is soft-deleted at the same moment). */
    soldAt: timestamp('sold_at', { withTimezone: true }),
    coverKey: text('cover_key').notNull(),
    // Up to 4 photos in the owner's order: coverKey is the first, these the rest.
    extraPhotoKeys: text('extra_photo_keys').array().notNull().default(sql`'{}'`),
    // The cover was drawn by the demo seed (title and author set in type): an owner's photo replaces it.
    coverDrawn: boolean('cover_drawn').notNull().default(false),
    // ISBN-13, or null when the owner gave none.
    isbn: varchar('isbn', { length: 13 }),
    // Where the book is, its owner's location. PostgreSQL copies it from the owner on every
    // write and moves it when the owner's location changes (migration 0015): never set it here.
    area: text('area'),
    // The open order that holds this book; null when the book is free.
    reservedByOrderId: uuid('reserved_by_order_id').references((): AnyPgColumn => orders.id, {
      onDelete: 'set null',
    }),
    // While an order holds the book, when its loan ends (the order's due date once delivered,
    // else its weeks from the order); null when none does. PostgreSQL keeps it from the reservation
    // and the order's dates (migration 0041): never set it here.
    loanEndsAt: timestamp('loan_ends_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    // The member whose exclusive hold this book is in (the waitlist's first waiter); null
    // when nobody holds it. Only that member may put the book in a cart or check it out.
    heldForId: text('held_for_id').references((): AnyPgColumn => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    // Borrowable now: what shop listings show (D6, D17; a held book is out of the shop, D25),
    // maintained by PostgreSQL itself: isBorrowable (domain/cart-rules.ts) but for the owner's
    // away days (D48), a fact of owner_away at a moment that a generated column cannot read
    // (ownerBackOnAt in books/availability-service.ts asks it beside this column);
    // availability-rules.test.ts pins the two.
    listed: boolean('listed')
      .notNull()
      .generatedAlwaysAs(
        sql`status = 'Available' and reserved_by_order_id is null and deleted_at is null and owner_id is not null and held_for_id is null`,
      ),
  },
  (t) => [
    check('books_weekly_price_positive', sql`${t.weeklyPrice} > 0`),
    check('books_monthly_price_positive', sql`${t.monthlyPrice} is null or ${t.monthlyPrice} > 0`),
    check('books_sale_price_positive', sql`${t.salePrice} is null or ${t.salePrice} > 0`),
    check('books_isbn_13_digits', sql`${t.isbn} is null or ${t.isbn} ~ '^97[89][0-9]{10}$'`),
    check('books_at_most_4_photos', sql`cardinality(${t.extraPhotoKeys}) <= 3`),
    index('books_isbn_idx').on(t.isbn).where(sql`${t.isbn} is not null`),
    // The orphan sweep asks which keys any book still names.
    index('books_extra_photo_keys_idx').using('gin', t.extraPhotoKeys),
    index('books_owner_idx').on(t.ownerId, t.createdAt),
    // The Statistics tab's books listed per week, deleted ones too (migration 0038).
    index('books_created_idx').on(t.createdAt),
    // Admin books tab and Manage books: keyset order over the books that are not deleted.
    index('books_live_created_idx').on(t.createdAt.desc(), t.id.desc()).where(sql`${t.deletedAt} is null`),
    index('books_live_status_created_idx')
      .on(t.status, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.deletedAt} is null`),
    index('books_live_owner_created_idx')
      .on(t.ownerId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.deletedAt} is null`),
    // Catalog indexes (D17): one per sort order, partial on `listed`, each ending with the
    // filter columns so a page's ids come from an index-only scan (filters checked in the
    // index, no heap visits until the 20 rows of the page are fetched). Descending keys say
    // NULLS FIRST so they match a plain `order by x desc`.
    index('books_listed_created_idx')
      .on(t.createdAt, t.id, t.category, t.condition, t.language, t.weeklyPrice)
      .where(sql`listed`),
    index('books_listed_price_low_idx')
      .on(
        t.weeklyPrice,
        t.createdAt.desc().nullsFirst(),
        t.id.desc().nullsFirst(),
        t.category,
        t.condition,
        t.language,
      )
      .where(sql`listed`),
    index('books_listed_price_high_idx')
      .on(
        t.weeklyPrice.desc().nullsFirst(),
        t.createdAt.desc().nullsFirst(),
        t.id.desc().nullsFirst(),
        t.category,
        t.condition,
        t.language,
      )
      .where(sql`listed`),
    // Ends with the title itself: PostgreSQL answers `lower(title)` from the index alone only
    // when `title` is in it (a page by cursor or a skip then reads no table rows).
    index('books_listed_title_idx')
      .on(sql`lower(${t.title})`, t.id, t.category, t.condition, t.language, t.weeklyPrice, t.title)
      .where(sql`listed`),
    // A filtered listing's capped count: the matching books are one range.
    index('books_listed_filters_idx')
      .on(t.category, t.condition, t.language, t.weeklyPrice)
      .where(sql`listed`),
    // An owner's shelf in each sort: their books listed now (onShelfOf, D46), so a page, a
    // cursor and the capped count read one range of the owner's entries (migration 0051).
    index('books_shelf_created_idx').on(t.ownerId, t.createdAt, t.id, t.status).where(sql`listed`),
    index('books_shelf_price_low_idx')
      .on(t.ownerId, t.weeklyPrice, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst(), t.status)
      .where(sql`listed`),
    index('books_shelf_price_high_idx')
      .on(
        t.ownerId,
        t.weeklyPrice.desc().nullsFirst(),
        t.createdAt.desc().nullsFirst(),
        t.id.desc().nullsFirst(),
        t.status,
      )
      .where(sql`listed`),
    index('books_shelf_title_idx')
      .on(t.ownerId, sql`lower(${t.title})`, t.id, t.status, t.title)
      .where(sql`listed`),
    // The catalog filtered by area, newest first, the filters checked in the index (migration 0049).
    index('books_listed_area_created_idx')
      .on(
        t.area,
        t.createdAt.desc().nullsFirst(),
        t.id.desc().nullsFirst(),
        t.category,
        t.condition,
        t.language,
        t.weeklyPrice,
      )
      .where(sql`listed`),
    // An area's filtered capped count: the matching books are one range (migration 0049).
    index('books_listed_area_filters_idx')
      .on(t.area, t.condition, t.language, t.category, t.weeklyPrice)
      .where(sql`listed`),
    index('books_title_trgm_idx').using('gin', sql`${t.title} gin_trgm_ops`),
    index('books_author_trgm_idx').using('gin', sql`${t.author} gin_trgm_ops`),
    // D46: a search among the books out now (find/service.ts outNow), few beside the shop's.
    index('books_out_title_trgm_idx')
      .using('gin', sql`${t.title} gin_trgm_ops`)
      .where(sql`deleted_at is null and (reserved_by_order_id is not null or status = 'Borrowed')`),
    index('books_out_author_trgm_idx')
      .using('gin', sql`${t.author} gin_trgm_ops`)
      .where(sql`deleted_at is null and (reserved_by_order_id is not null or status = 'Borrowed')`),
    // The borrowed section in its order: the books out now, soonest loan's end first (find/service.ts).
    index('books_out_loan_end_idx')
      .on(t.loanEndsAt, t.createdAt.desc(), t.id)
      .where(sql`deleted_at is null and (reserved_by_order_id is not null or status = 'Borrowed')`),
    // The books an order holds, for the triggers that keep loanEndsAt (migration 0041).
    index('books_reserved_by_order_idx').on(t.reservedByOrderId).where(sql`reserved_by_order_id is not null`),
    // "Did you mean": a phrase's books by its pairs of neighbouring words (migration 0041).
    index('books_phrase_keys_idx').using('gin', sql`rk_phrase_keys(${t.title}, ${t.author})`),
  ],
);

/**
 * One row whose version moves at the commit of every transaction that changed what a listing
 * shows of a book (deferred triggers, migrations 0002 and 0007). Each instance's catalog cache
 * is exact as of one version and moves by `catalog_changes` when it moves, so a member never
 * sees a count older than the last committed write, on any instance.
 */
export const catalogVersion = pgTable(
  'catalog_version',
  {
    id: integer('id').primaryKey().default(1),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
  },
  (t) => [check('catalog_version_single_row', sql`${t.id} = 1`)],
);

/**
 * What each catalog version changed: one row per book row a transaction changed in
 * a way listings can see, with the book's listing attributes before and after (`catalog_book_state`
 * in migration 0007), or one 'reset' row for a transaction that changed too many books. Written
 * by the same deferred trigger that moves `catalog_version`, so a version and its changes commit
 * together; instances read it to move their cached counts and pages by the delta. Pruned by the
 * trigger (only the last 1,024 versions are kept).
 */
export const catalogChanges = pgTable(
  'catalog_changes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    version: bigint('version', { mode: 'number' }).notNull(),
    bookId: uuid('book_id'),
    kind: text('kind').notNull(),
    old: jsonb('old'),
    new: jsonb('new'),
  },
  (t) => [index('catalog_changes_version_idx').on(t.version, t.id)],
);

/**
 * One row whose version moves at the commit of every transaction that ends a session or
 * changes what a session shows (deferred triggers, migration 0004): each instance keeps its
 * session cache only while this version stands.
 */
export const sessionRevocation = pgTable(
  'session_revocation',
  {
    id: integer('id').primaryKey().default(1),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
  },
  (t) => [check('session_revocation_single_row', sql`${t.id} = 1`)],
);

// ---------------------------------------------------------------- cart
export const cartItems = pgTable(
  'cart_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    bookId: uuid('book_id')
      .notNull()
      .references(() => books.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull().default(1),
    borrowDuration: integer('borrow_duration').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('cart_items_user_book_uq').on(t.userId, t.bookId),
    check('cart_items_quantity_one', sql`${t.quantity} = 1`),
    check('cart_items_duration', sql`${t.borrowDuration} in (1, 2, 4)`),
  ],
);

// ---------------------------------------------------------------- orders

/** One checkout submit; its idempotency key makes a repeated submit return the same orders. */
export const checkouts = pgTable(
  'checkouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('checkouts_user_key_uq').on(t.userId, t.idempotencyKey)],
);

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    checkoutId: uuid('checkout_id').references(() => checkouts.id, { onDelete: 'set null' }),
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    userName: text('user_name').notNull(),
    userEmail: text('user_email').notNull(),
    // One order per owner.
    ownerId: text('owner_id').references(() => user.id, { onDelete: 'set null' }),
    ownerName: text('owner_name').notNull(),
    status: orderStatusEnum('status').notNull().default('Draft'),
    deliveryMethod: deliveryMethodEnum('delivery_method').notNull().default('delivery'),
    deliveryAddress: jsonb('delivery_address').$type<DeliveryAddress>(),
    pickupLocationId: uuid('pickup_location_id').references(() => pickupLocations.id, {
      onDelete: 'set null',
    }),
    pickupLocation: jsonb('pickup_location').$type<PickupLocationSnapshot>(),
    borrowDuration: integer('borrow_duration').notNull(),
    subtotal: numeric('subtotal', { precision: 12, scale: 2 }).notNull(),
    shippingCost: numeric('shipping_cost', { precision: 12, scale: 2 }),
    total: numeric('total', { precision: 12, scale: 2 }),
    paymentMethod: text('payment_method').notNull().default('manual'),
    notes: text('notes'),
    // The loan starts when the order becomes Delivered and ends at due_at (end of the day
    // in the operator's time zone); the payment deadline while Waiting for Payment.
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    dueAt: timestamp('due_at', { withTimezone: true }),
    paymentDueAt: timestamp('payment_due_at', { withTimezone: true }),
    // When an overdue reminder last went to the borrower for the current due date, so
    // the owner and the admins are told the truth about it; cleared when the due date moves.
    overdueRemindedAt: timestamp('overdue_reminded_at', { withTimezone: true }),
    // Fixed at checkout through the pricing module; the share is payable once Completed.
    serviceFee: numeric('service_fee', { precision: 12, scale: 2 }),
    ownerShare: numeric('owner_share', { precision: 12, scale: 2 }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    // The borrower's "I have paid" (with an optional private receipt photo) and the
    // admin's confirmation with the amount received and the bank reference.
    paymentClaimedAt: timestamp('payment_claimed_at', { withTimezone: true }),
    paymentReceiptKey: text('payment_receipt_key'),
    paymentConfirmedAt: timestamp('payment_confirmed_at', { withTimezone: true }),
    paymentReceivedAmount: numeric('payment_received_amount', { precision: 12, scale: 2 }),
    paymentBankReference: text('payment_bank_reference'),
    // The latest rejected claim, its reason (shown to the borrower with the new deadline),
    // and a refund the team owes because the order was cancelled after the borrower paid.
    paymentClaimRejectedAt: timestamp('payment_claim_rejected_at', { withTimezone: true }),
    paymentClaimRejectionReason: text('payment_claim_rejection_reason'),
    refundOwedAt: timestamp('refund_owed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('orders_due_idx').on(t.dueAt).where(sql`${t.status} = 'Delivered'`),
    // Keyset order of every order list (docs/architecture.md, "Lists at scale").
    index('orders_user_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    index('orders_owner_idx').on(t.ownerId, t.createdAt.desc(), t.id.desc()),
    index('orders_status_created_idx').on(t.status, t.createdAt.desc(), t.id.desc()),
    index('orders_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('orders_user_status_idx').on(t.userId, t.status),
    // My orders' "needs you now", soonest first (migration 0055): the first page reads its rows only.
    index('orders_user_attention_idx')
      .on(t.userId, sql`coalesce(${t.dueAt}, ${t.paymentDueAt})`, t.id)
      .where(
        sql`(${t.status} = 'Waiting for Payment' and ${t.paymentClaimedAt} is null) or ${t.status} = 'Delivered'`,
      ),
    index('orders_owner_attention_idx')
      .on(t.ownerId, sql`coalesce(${t.dueAt}, ${t.paymentDueAt})`, t.id)
      .where(
        sql`(${t.status} = 'Waiting for Payment' and ${t.paymentClaimedAt} is null) or ${t.status} = 'Delivered'`,
      ),
    // The admin's order search: number prefix, borrower email prefix, names by trigram.
    index('orders_number_idx').on(sql`(upper(right(${t.id}::text, 8))) text_pattern_ops`),
    // The admin's search: an address's start, or one address newest first (migration 0058).
    index('orders_user_email_idx').on(
      sql`lower(${t.userEmail}) text_pattern_ops`,
      t.createdAt.desc(),
      t.id.desc(),
    ),
    index('orders_user_name_trgm_idx').using('gin', sql`${t.userName} gin_trgm_ops`),
    index('orders_owner_name_trgm_idx').using('gin', sql`${t.ownerName} gin_trgm_ops`),
    index('orders_owner_status_idx').on(t.ownerId, t.status),
    // The Finance tab's paid orders of a month (migration 0031).
    index('orders_payment_confirmed_idx')
      .on(t.paymentConfirmedAt)
      .where(sql`payment_confirmed_at is not null`),
    // The Statistics tab's orders completed and handed over per week (migration 0038).
    index('orders_completed_idx').on(t.completedAt).where(sql`completed_at is not null`),
    index('orders_delivered_idx').on(t.deliveredAt).where(sql`delivered_at is not null`),
    // The admin's "Needs you now" queue (migration 0037): claims to check and overdue
    // returns, each soonest first.
    index('orders_claims_waiting_idx')
      .on(t.paymentClaimedAt, t.id)
      .where(sql`status = 'Waiting for Payment' and payment_claimed_at is not null`),
    index('orders_unpriced_delivery_idx')
      .on(t.createdAt, t.id)
      .where(sql`status = 'Draft' and delivery_method = 'delivery'`),
    index('orders_delivered_due_id_idx').on(t.dueAt, t.id).where(sql`status = 'Delivered'`),
    check('orders_duration', sql`${t.borrowDuration} in (1, 2, 4)`),
  ],
);

/** A snapshot of the book as it was at checkout: history never changes with the book. */
export const orderItems = pgTable(
  'order_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    bookId: uuid('book_id').references(() => books.id, { onDelete: 'set null' }),
    ownerId: text('owner_id').references(() => user.id, { onDelete: 'set null' }),
    ownerName: text('owner_name').notNull(),
    title: text('title').notNull(),
    author: text('author').notNull(),
    category: categoryEnum('category').notNull(),
    coverKey: text('cover_key').notNull(),
    quantity: integer('quantity').notNull().default(1),
    borrowDuration: integer('borrow_duration').notNull(),
    weeklyPrice: numeric('weekly_price', { precision: 12, scale: 2 }).notNull(),
    monthlyPrice: numeric('monthly_price', { precision: 12, scale: 2 }),
    itemTotal: numeric('item_total', { precision: 12, scale: 2 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('order_items_order_idx').on(t.orderId), index('order_items_book_idx').on(t.bookId)],
);

/** Every status change: from, to, who, when. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    fromStatus: orderStatusEnum('from_status'),
    toStatus: orderStatusEnum('to_status').notNull(),
    action: text('action').notNull(),
    actorId: text('actor_id').references(() => user.id, { onDelete: 'set null' }),
    actorName: text('actor_name').notNull(),
    actorRole: text('actor_role').notNull(),
    /** What the step recorded beyond the status, e.g. the amount received and bank reference. */
    details: jsonb('details').$type<OrderEventDetails>(),
    createdAt: createdAt(),
  },
  (t) => [
    index('order_events_order_idx').on(t.orderId, t.createdAt),
    // The week's pricings, for the late-priced figure (migration 0037).
    index('order_events_priced_idx')
      .on(t.createdAt)
      .where(sql`from_status = 'Draft' and to_status = 'Waiting for Payment'`),
  ],
);

/** An extension of a loan: a charge on the order that the admin marks paid. */
export const orderExtensions = pgTable(
  'order_extensions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    weeks: integer('weeks').notNull(),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    previousDueAt: timestamp('previous_due_at', { withTimezone: true }).notNull(),
    newDueAt: timestamp('new_due_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('order_extensions_order_idx').on(t.orderId, t.createdAt),
    check('order_extensions_weeks', sql`${t.weeks} in (1, 2)`),
  ],
);

// ---------------------------------------------------------------- timers
/**
 * Every timer (reminders, payment windows, later holds) is a row with a due time and a unique
 * key; the outbox worker claims due rows with FOR UPDATE SKIP LOCKED and fires each once.
 */
export const timers = pgTable(
  'timers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    /** What the timer is about (an order for every kind so far). */
    subjectId: uuid('subject_id').notNull(),
    /** (subject, kind, reference date): arming the same timer twice is a no-op. */
    key: text('key').notNull().unique(),
    /** The date the timer was armed for (the due date or payment deadline); a stale one does nothing. */
    refAt: timestamp('ref_at', { withTimezone: true }),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    firedAt: timestamp('fired_at', { withTimezone: true }),
    /** Fired but superseded by a later reminder due at the same moment, so nothing was sent. */
    skippedAt: timestamp('skipped_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('timers_pending_idx').on(t.dueAt).where(sql`fired_at is null and cancelled_at is null`),
    index('timers_subject_idx').on(t.subjectId),
  ],
);

// ---------------------------------------------------------------- waitlist
/**
 * A member waiting for a reserved or borrowed book, in the order they joined (`seq`). The first
 * waiter's row carries the hold's end (`hold_until`) while the book is held for them; a partial
 * unique index keeps one hold per book, whatever the number of events that free it at once.
 */
export const waitlistEntries = pgTable(
  'waitlist_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    bookId: uuid('book_id')
      .notNull()
      .references(() => books.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    holdUntil: timestamp('hold_until', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('waitlist_book_user_uq').on(t.bookId, t.userId),
    uniqueIndex('waitlist_one_hold_per_book_uq').on(t.bookId).where(sql`hold_until is not null`),
    index('waitlist_book_seq_idx').on(t.bookId, t.seq),
    index('waitlist_user_idx').on(t.userId, t.seq),
  ],
);

/**
 * A hold that lapsed unanswered: My waitlist keeps a line for it for a while
 * (LAPSED_HOLD_SHOWN_DAYS), so it never vanishes silently.
 */
export const waitlistLapsedHolds = pgTable(
  'waitlist_lapsed_holds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookId: uuid('book_id')
      .notNull()
      .references(() => books.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    lapsedAt: timestamp('lapsed_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('waitlist_lapsed_holds_user_idx').on(t.userId, t.lapsedAt)],
);

/**
 * Wanted books: a title (with its author, or not) or an ISBN a member waits to see listed.
 * `title_key` and `author_key` are the folded words the matching compares (migration 0034).
 */
export const wantedBooks = pgTable(
  'wanted_books',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    isbn: text('isbn'),
    title: text('title'),
    author: text('author'),
    titleKey: text('title_key').generatedAlwaysAs(sql`nullif(btrim(rk_fold("title")), '')`),
    authorKey: text('author_key').generatedAlwaysAs(sql`nullif(btrim(rk_fold("author")), '')`),
    createdAt: createdAt(),
  },
  (t) => [
    index('wanted_books_user_idx').on(t.userId, t.createdAt),
    index('wanted_books_isbn_idx').on(t.isbn).where(sql`${t.isbn} is not null`),
    index('wanted_books_title_idx').on(t.titleKey).where(sql`${t.titleKey} is not null`),
    check('wanted_books_isbn_or_title', sql`${t.isbn} is not null or ${t.title} is not null`),
  ],
);

/** D47: the books a wanted entry was told of, once each. */
export const wantedBookNotices = pgTable(
  'wanted_book_notices',
  {
    wantedId: uuid('wanted_id')
      .notNull()
      .references(() => wantedBooks.id, { onDelete: 'cascade' }),
    bookId: uuid('book_id')
      .notNull()
      .references(() => books.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.wantedId, t.bookId] })],
);

// ---------------------------------------------------------------- shelf import
/**
 * A book an owner imported from a CSV and has not published yet: theirs alone, never listed.
 * importKey (the ISBN-13, else the folded title and author) is fixed at import, so a second
 * upload of the same file makes no second draft (migration 0040).
 */
export const bookDrafts = pgTable(
  'book_drafts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    importKey: text('import_key').notNull(),
    isbn: varchar('isbn', { length: 13 }),
    title: varchar('title', { length: 100 }).notNull().default(''),
    author: varchar('author', { length: 100 }).notNull().default(''),
    language: languageEnum('language').notNull().default('English'),
    category: categoryEnum('category').notNull().default('Adult'),
    condition: conditionEnum('condition'),
    weeklyPrice: numeric('weekly_price', { precision: 12, scale: 2 }),
    photoKey: text('photo_key'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('book_drafts_owner_key_idx').on(t.ownerId, t.importKey),
    check('book_drafts_weekly_price_positive', sql`${t.weeklyPrice} is null or ${t.weeklyPrice} > 0`),
  ],
);

// ---------------------------------------------------------------- payouts
/** Money paid to an owner by an admin; the payable balance is completed shares minus these. */
export const payouts = pgTable(
  'payouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: text('owner_id').references(() => user.id, { onDelete: 'set null' }),
    ownerName: text('owner_name').notNull(),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    paidOn: date('paid_on', { mode: 'string' }).notNull(),
    reference: text('reference').notNull(),
    recordedById: text('recorded_by_id').references(() => user.id, { onDelete: 'set null' }),
    recordedByName: text('recorded_by_name').notNull(),
    createdAt: createdAt(),
    /** The batch line this payout paid: one payout per line, however often marked. */
    batchLineId: uuid('batch_line_id').references(() => payoutBatchLines.id),
  },
  (t) => [
    check('payouts_amount_positive', sql`${t.amount} > 0`),
    uniqueIndex('payouts_batch_line_uq').on(t.batchLineId),
    // The owner's payouts on Earnings, newest day first, id as the tie-break (keyset).
    index('payouts_owner_paid_idx').on(t.ownerId, t.paidOn.desc(), t.id.desc()),
    index('payouts_created_idx').on(t.createdAt.desc(), t.id.desc()),
    // The Statistics tab's payouts per week (migration 0038).
    index('payouts_paid_on_idx').on(t.paidOn),
  ],
);

// ---------------------------------------------------------------- payouts in one batch
/**
 * Every payable owner's balance frozen for one bulk transfer: downloaded as the bank's CSV, then
 * marked paid (each line becomes one payout). At most one batch is open (unpaid) at a time.
 */
export const payoutBatches = pgTable(
  'payout_batches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reference: text('reference').notNull(),
    total: numeric('total', { precision: 14, scale: 2 }).notNull(),
    createdById: text('created_by_id').references(() => user.id, { onDelete: 'set null' }),
    createdByName: text('created_by_name').notNull(),
    createdAt: createdAt(),
    paidOn: date('paid_on', { mode: 'string' }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    paidByName: text('paid_by_name'),
  },
  (t) => [
    check('payout_batches_paid_whole', sql`(${t.paidAt} is null) = (${t.paidOn} is null)`),
    uniqueIndex('payout_batches_one_open_uq').on(sql`(true)`).where(sql`paid_at is null`),
  ],
);

/** One owner's transfer in a batch, with the bank details as they were when it was made. */
export const payoutBatchLines = pgTable(
  'payout_batch_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    batchId: uuid('batch_id')
      .notNull()
      .references(() => payoutBatches.id, { onDelete: 'cascade' }),
    ownerId: text('owner_id').references(() => user.id, { onDelete: 'set null' }),
    ownerName: text('owner_name').notNull(),
    bankName: text('bank_name').notNull(),
    accountName: text('account_name').notNull(),
    accountNumber: text('account_number').notNull(),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    reference: text('reference').notNull(),
  },
  (t) => [
    check('payout_batch_lines_amount_positive', sql`${t.amount} > 0`),
    uniqueIndex('payout_batch_lines_batch_owner_uq').on(t.batchId, t.ownerId),
    index('payout_batch_lines_owner_idx').on(t.ownerId),
  ],
);
export type PayoutBatch = typeof payoutBatches.$inferSelect;
export type PayoutBatchLine = typeof payoutBatchLines.$inferSelect;

/**
 * Each owner's completed shares and payouts, kept by triggers on orders and payouts (migration
 * 0022), for the admin's list of owners with a payable balance (payments/earnings.ts). No
 * foreign key: a balance outlives nothing, and the list joins the owner's row.
 */
export const ownerBalances = pgTable(
  'owner_balances',
  {
    ownerId: text('owner_id').primaryKey(),
    earned: numeric('earned', { precision: 14, scale: 2 }).notNull().default('0'),
    paid: numeric('paid', { precision: 14, scale: 2 }).notNull().default('0'),
    /** The shares of the owner's paid open orders (migration 0052). */
    pending: numeric('pending', { precision: 14, scale: 2 }).notNull().default('0'),
    /** The owner's orders the Earnings page lists: every one not Cancelled. */
    earningOrders: integer('earning_orders').notNull().default(0),
    payouts: integer('payouts').notNull().default(0),
  },
  (t) => [
    index('owner_balances_payable_idx')
      .on(sql`(${t.earned} - ${t.paid}) desc`, t.ownerId.desc())
      .where(sql`${t.earned} > ${t.paid}`),
  ],
);

/** The service fee the balance triggers count an old order's share with (payments/balances-service.ts). */
export const ledgerSettings = pgTable(
  'ledger_settings',
  {
    id: integer('id').primaryKey().default(1),
    serviceFeePercent: numeric('service_fee_percent', { precision: 6, scale: 3 }),
    /** How far the balances' recount after a fee change got (migration 0030); null when none runs. */
    recountAfter: text('recount_after'),
  },
  (t) => [check('ledger_settings_single_row', sql`${t.id} = 1`)],
);

/**
 * Each member's orders (other than cancelled ones) per borrow duration, kept by statement
 * triggers on orders (migration 0046), so the waitlist estimate finds a member's usual weeks in
 * a few rows whatever their history. No foreign key: a deleted member's orders lose their
 * member, which the triggers count as leaving.
 */
export const memberBorrowWeeks = pgTable(
  'member_borrow_weeks',
  {
    userId: text('user_id').notNull(),
    weeks: integer('weeks').notNull(),
    orders: integer('orders').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.weeks] }),
    // A member's usual weeks first in their range (migration 0054): one probe per waiter.
    index('member_borrow_weeks_usual_idx')
      .on(t.userId, t.orders.desc(), t.weeks.desc())
      .where(sql`${t.orders} > 0`),
  ],
);

/**
 * Each member's books (not deleted), listed books and open orders (as borrower or owner), kept by
 * statement triggers on books and orders (migrations 0048, 0050) for the admin's users tab and the
 * owner's count of books available, so each reads one row however many books or orders there are. No foreign key, like
 * member_borrow_weeks: a deleted member's books and orders leave them by the same triggers.
 */
export const memberCounts = pgTable('member_counts', {
  userId: text('user_id').primaryKey(),
  books: integer('books').notNull().default(0),
  openOrders: integer('open_orders').notNull().default(0),
  /** Their books listed now (the book page's and owner card's count, migration 0050). */
  listedBooks: integer('listed_books').notNull().default(0),
  /** Their conversations, as borrower or asker and as owner (Messages' count, migration 0056). */
  threads: integer('threads').notNull().default(0),
});

// ---------------------------------------------------------------- conversations
/**
 * One conversation: about an order (its borrower and owner) or, when `orderId` is null, about a
 * book between the member who asked and its owner. Admins read and write every one. Names are
 * snapshots, as on orders, so a conversation outlives an account.
 */
export const threads = pgTable(
  'threads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    bookId: uuid('book_id').references(() => books.id, { onDelete: 'set null' }),
    bookTitle: text('book_title'),
    /** The borrower of the order, or the member who asked about the book. */
    memberId: text('member_id').references(() => user.id, { onDelete: 'set null' }),
    memberName: text('member_name').notNull(),
    ownerId: text('owner_id').references(() => user.id, { onDelete: 'set null' }),
    ownerName: text('owner_name').notNull(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      'threads_about_one_thing',
      sql`${t.orderId} is not null or ${t.bookId} is not null or ${t.bookTitle} is not null`,
    ),
    uniqueIndex('threads_order_uq').on(t.orderId).where(sql`${t.orderId} is not null`),
    uniqueIndex('threads_book_member_uq').on(t.bookId, t.memberId).where(sql`${t.orderId} is null`),
    index('threads_member_idx').on(t.memberId, t.lastMessageAt.desc(), t.id.desc()),
    index('threads_owner_idx').on(t.ownerId, t.lastMessageAt.desc(), t.id.desc()),
    index('threads_last_message_idx').on(t.lastMessageAt.desc(), t.id.desc()),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    threadId: uuid('thread_id')
      .notNull()
      .references(() => threads.id, { onDelete: 'cascade' }),
    authorId: text('author_id').references(() => user.id, { onDelete: 'set null' }),
    authorName: text('author_name').notNull(),
    /** Written by an admin: members see it as from Rakbuku. */
    fromAdmin: boolean('from_admin').notNull().default(false),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('messages_body_length', sql`char_length(${t.body}) between 1 and 2000`),
    // A conversation's pages, newest first, by (created_at, id) (migration 0045).
    index('messages_thread_idx').on(t.threadId, t.createdAt, t.id),
  ],
);

/** Per participant: read up to when, and the last message email (at most one per 30 minutes). */
export const threadReads = pgTable(
  'thread_reads',
  {
    threadId: uuid('thread_id')
      .notNull()
      .references(() => threads.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }),
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
    /** The newest message the last email carried: the next one starts after it. */
    emailedThrough: timestamp('emailed_through', { withTimezone: true }),
    /** Messages from others after `readAt`, kept by the triggers of migration 0045. */
    unread: integer('unread').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.threadId, t.userId] }),
    index('thread_reads_unread_idx').on(t.userId, t.threadId).where(sql`${t.unread} > 0`),
  ],
);

/** Per member: unread messages in all their conversations (the sum of thread_reads.unread, migration 0045). */
export const unreadTotals = pgTable('unread_totals', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  total: integer('total').notNull().default(0),
});

// ---------------------------------------------------------------- reviews
/**
 * One review per side per order: the borrower rates the owner ('borrower' side), the owner the
 * borrower ('owner' side). Published when both sides wrote or 14 days after the first; never
 * edited after. An admin may hide one: it is kept and shown to admins as hidden.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    side: text('side').$type<'borrower' | 'owner'>().notNull(),
    authorId: text('author_id').references(() => user.id, { onDelete: 'set null' }),
    authorName: text('author_name').notNull(),
    subjectId: text('subject_id').references(() => user.id, { onDelete: 'set null' }),
    subjectName: text('subject_name').notNull(),
    rating: integer('rating').notNull(),
    body: text('body'),
    createdAt: createdAt(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenByName: text('hidden_by_name'),
  },
  (t) => [
    check('reviews_side', sql`${t.side} in ('borrower', 'owner')`),
    check('reviews_rating', sql`${t.rating} between 1 and 5`),
    check('reviews_body_length', sql`${t.body} is null or char_length(${t.body}) between 1 and 1000`),
    uniqueIndex('reviews_order_side_uq').on(t.orderId, t.side),
    index('reviews_subject_idx')
      .on(t.subjectId)
      .where(sql`${t.publishedAt} is not null and ${t.hiddenAt} is null`),
    index('reviews_created_idx').on(t.createdAt.desc(), t.id.desc()),
  ],
);

// ---------------------------------------------------------------- email outbox
export const emailNotifications = pgTable(
  'email_notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    recipientEmail: text('recipient_email').notNull(),
    recipientType: text('recipient_type').notNull(),
    emailType: text('email_type').notNull(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** Every retry of the long window failed (lib/retry-policy.ts); only an admin's retry sends it again. */
    failedAt: timestamp('failed_at', { withTimezone: true }),
    /** A notice that may share one email with the recipient's other notices due at once: address and language. */
    digestKey: text('digest_key'),
    /** The notice as data, to be rendered as one part of a combined email (outbox/digest.ts). */
    notice: jsonb('notice').$type<StoredNotice>(),
    /** Members choose their channels: 'email' or 'push'; each channel batches and sends alone. */
    channel: text('channel').$type<NoticeChannel>().notNull().default('email'),
    /** The notice's kind (@domain/notice-kinds), whose choices the insert trigger keeps; null always goes. */
    noticeKind: text('notice_kind'),
    /** A push row's words and page (channel 'push'). */
    push: jsonb('push').$type<PushContent>(),
    createdAt: createdAt(),
  },
  (t) => [
    index('email_digest_pending_idx')
      .on(t.digestKey, t.createdAt, t.id)
      .where(sql`${t.sentAt} is null and ${t.failedAt} is null and ${t.digestKey} is not null`),
    index('email_pending_idx').on(t.nextAttemptAt).where(sql`sent_at is null`),
    index('email_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('email_unsent_created_idx')
      .on(t.createdAt.desc(), t.id.desc())
      .where(sql`${t.sentAt} is null and ${t.failedAt} is null`),
    index('email_failed_created_idx')
      .on(t.createdAt.desc(), t.id.desc())
      .where(sql`${t.failedAt} is not null`),
    // Failed emails in the admin's queue, oldest failure first (migration 0037).
    index('email_failed_at_idx')
      .on(t.failedAt, t.id)
      .where(sql`failed_at is not null and sent_at is null and channel = 'email'`),
    // The Emails tab's search: an address's start, or one address newest first (migration 0057).
    index('email_recipient_newest_idx')
      .on(sql`lower(${t.recipientEmail}) text_pattern_ops`, t.createdAt.desc(), t.id.desc())
      .where(sql`channel = 'email'`),
    index('email_order_number_idx').on(sql`(upper(right(${t.orderId}::text, 8))) text_pattern_ops`),
    check(
      'email_notifications_channel_check',
      sql`${t.channel} in ('email', 'push') and (${t.channel} = 'email' or ${t.push} is not null)`,
    ),
  ],
);

// ---------------------------------------------------------------- dashboard counters
/**
 * The admin dashboard's stat cards (migration 0017): 'orders', 'orders:<status>', 'books' (not
 * deleted) and 'users'. Statement triggers on those tables append deltas, so no writer waits on
 * a shared row; reading the stats folds the deltas into admin_counters (admin/service.ts).
 */
export const adminCounters = pgTable('admin_counters', {
  name: text('name').primaryKey(),
  n: bigint('n', { mode: 'number' }).notNull(),
});
export const adminCounterDeltas = pgTable('admin_counter_deltas', {
  name: text('name').notNull(),
  delta: bigint('delta', { mode: 'number' }).notNull(),
});

// ---------------------------------------------------------------- the Statistics tab's weeks
/**
 * Each week's figures of the admin's Statistics tab once computed from the rows (migration 0042),
 * per operator time zone and service fee. Statement triggers on every table a figure reads log
 * the moments of the rows they changed in `statistics_stale`; a read deletes the logged weeks
 * and computes them again (statistics/service.ts), so a kept week is always what its rows say.
 */
export const statisticsWeeks = pgTable(
  'statistics_weeks',
  {
    week: date('week').notNull(),
    timeZone: text('time_zone').notNull(),
    serviceFeePercent: numeric('service_fee_percent', { precision: 6, scale: 3 }).notNull(),
    ordersPlaced: integer('orders_placed').notNull(),
    ordersCompleted: integer('orders_completed').notNull(),
    booksListed: integer('books_listed').notNull(),
    booksBorrowed: integer('books_borrowed').notNull(),
    activeMembers: integer('active_members').notNull(),
    medianMinutesToPayment: integer('median_minutes_to_payment'),
    medianMinutesToHandover: integer('median_minutes_to_handover'),
    loansReturned: integer('loans_returned').notNull(),
    loansReturnedOnTime: integer('loans_returned_on_time').notNull(),
    collected: numeric('collected', { precision: 14, scale: 2 }).notNull(),
    serviceFees: numeric('service_fees', { precision: 14, scale: 2 }).notNull(),
    gatewayFees: numeric('gateway_fees', { precision: 14, scale: 2 }).notNull(),
    ownerPayouts: numeric('owner_payouts', { precision: 14, scale: 2 }).notNull(),
  },
  (t) => [primaryKey({ name: 'statistics_weeks_pk', columns: [t.timeZone, t.serviceFeePercent, t.week] })],
);
/** A changed row's day (`at`: its UTC day, migration 0053) or payout day (`day`): its weeks are computed again. */
export const statisticsStale = pgTable(
  'statistics_stale',
  {
    /** The UTC day (its first instant) of a moment a write touched (migration 0053). */
    at: timestamp('at', { withTimezone: true }),
    day: date('day'),
  },
  (t) => [index('statistics_stale_at_idx').on(t.at), index('statistics_stale_day_idx').on(t.day)],
);
/**
 * The zone the narrow tables below count weeks in (migration 0044): a read in another operator
 * zone computes its weeks from the big tables.
 */
export const statisticsZone = pgTable(
  'statistics_zone',
  {
    id: integer('id').primaryKey().default(1),
    timeZone: text('time_zone').notNull(),
  },
  (t) => [check('statistics_zone_single_row', sql`${t.id} = 1`)],
);
/**
 * One row per order: what the Statistics figures read of it (its items' quantity, whether its
 * loan came back on time), by week, kept by statement triggers on orders, order_items and
 * order_events (migration 0044). A changed week is computed again from these rows.
 */
export const statisticsOrders = pgTable(
  'statistics_orders',
  {
    orderId: uuid('order_id').primaryKey(),
    paidWeek: date('paid_week'),
    secondsToPayment: doublePrecision('seconds_to_payment'),
    sold: boolean('sold').notNull(),
    collected: numeric('collected'),
    subtotal: numeric('subtotal'),
    ownerShare: numeric('owner_share'),
    deliveredWeek: date('delivered_week'),
    secondsToHandover: doublePrecision('seconds_to_handover'),
    quantity: integer('quantity').notNull(),
    completedWeek: date('completed_week'),
    returned: boolean('returned').notNull(),
    onTime: boolean('on_time').notNull(),
  },
  (t) => [
    // The median of a week is read at the middle of its range of durations (statistics/service.ts).
    index('statistics_orders_paid_idx')
      .on(t.paidWeek, t.secondsToPayment)
      .where(sql`${t.paidWeek} is not null`),
    index('statistics_orders_delivered_idx')
      .on(t.deliveredWeek, t.secondsToHandover)
      .where(sql`${t.deliveredWeek} is not null`),
    // Orders made before shares were stored count at the configured fee, summed at the read.
    index('statistics_orders_unshared_idx')
      .on(t.paidWeek)
      .where(sql`${t.paidWeek} is not null and ${t.sold} and ${t.ownerShare} is null`),
  ],
);
/**
 * A member active in a week, with the orders they placed and the books they listed that week
 * (migration 0044); member '' holds those of deleted members (placed and listed, but no member).
 */
export const statisticsMembers = pgTable(
  'statistics_members',
  {
    week: date('week').notNull(),
    member: text('member').notNull(),
    orders: integer('orders').notNull(),
    books: integer('books').notNull(),
  },
  (t) => [primaryKey({ name: 'statistics_members_pk', columns: [t.week, t.member] })],
);
/**
 * Each week's counts and sums of the Statistics figures, as changes the triggers append (an
 * order's narrow row after less before; a member's row made or gone; a payment's, payment
 * task's or payout's new values less its old), folded into one row per
 * week by the read (migration 0044): no writer waits on a week's row.
 */
export const statisticsSums = pgTable(
  'statistics_sums',
  {
    week: date('week').notNull(),
    placed: integer('placed').notNull().default(0),
    listed: integer('listed').notNull().default(0),
    active: integer('active').notNull().default(0),
    paid: integer('paid').notNull().default(0),
    collected: numeric('collected').notNull().default('0'),
    rent: numeric('rent').notNull().default('0'),
    shares: numeric('shares').notNull().default('0'),
    /** Orders paid and not cancelled with no stored share. */
    unshared: integer('unshared').notNull().default(0),
    handed: integer('handed').notNull().default(0),
    borrowed: integer('borrowed').notNull().default(0),
    completed: integer('completed').notNull().default(0),
    returned: integer('returned').notNull().default(0),
    onTime: integer('on_time').notNull().default(0),
    gatewayFees: numeric('gateway_fees').notNull().default('0'),
    ownerPayouts: numeric('owner_payouts').notNull().default('0'),
  },
  (t) => [index('statistics_sums_week_idx').on(t.week)],
);

// ---------------------------------------------------------------- gateway payments
/**
 * What a payment provider was asked to collect for an order (a dynamic QRIS code, a virtual
 * account), for the order's exact amount until its payment window closes. `provider_ref`
 * is the provider's id of it; our own id is the reference the provider echoes in its notices.
 * One pending row per order, method, channel and deadline (payments_open_uq), so two page
 * loads at once keep one.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    method: text('method').$type<'qris' | 'va' | 'transfer'>().notNull(),
    /** The bank of a virtual account ('BCA'); empty for QRIS. */
    channel: text('channel').notNull().default(''),
    providerRef: text('provider_ref').notNull(),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    /** The gateway's fee, borne by the platform's share; known once paid. */
    fee: numeric('fee', { precision: 12, scale: 2 }),
    status: text('status').$type<'pending' | 'paid' | 'expired' | 'refunded'>().notNull().default('pending'),
    qrString: text('qr_string'),
    accountNumber: text('account_number'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** The provider's id of the money that paid it (what a refund names). */
    receivedRef: text('received_ref'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('payments_provider_ref_uq').on(t.provider, t.providerRef),
    uniqueIndex('payments_open_uq')
      .on(t.orderId, t.method, t.channel, t.expiresAt)
      .where(sql`status = 'pending'`),
    index('payments_order_idx').on(t.orderId, t.createdAt),
    // The Finance tab's gateway fees of a month (migration 0031).
    index('payments_paid_idx').on(t.paidAt).where(sql`paid_at is not null`),
    // D42's statement adapter: no two open statement payments ask for one amount (migration 0035).
    uniqueIndex('payments_statement_amount_uq')
      .on(t.amount)
      .where(sql`provider = 'statement' and status = 'pending'`),
    check('payments_status', sql`${t.status} in ('pending', 'paid', 'expired', 'refunded')`),
    check('payments_method', sql`${t.method} in ('qris', 'va', 'transfer')`),
  ],
);

/**
 * Every notice a provider sent, stored once under (provider, webhook id) before it is answered
 * (D42): a repeat finds the row and changes nothing. The worker processes unprocessed rows
 * (a timer per notice), so a crash between storing and processing loses none.
 */
export const paymentNotices = pgTable(
  'payment_notices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: text('provider').notNull(),
    webhookId: text('webhook_id').notNull(),
    body: jsonb('body').$type<unknown>().notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    /** What processing decided: 'recorded', a task kind, or why it was ignored. */
    outcome: text('outcome'),
  },
  (t) => [uniqueIndex('payment_notices_webhook_uq').on(t.provider, t.webhookId)],
);

/** Money that arrived late, twice or wrong: an admin's task until refunded or revived. */
export const paymentTasks = pgTable(
  'payment_tasks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    noticeId: uuid('notice_id')
      .notNull()
      .references(() => paymentNotices.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<(typeof PAYMENT_TASK_KINDS)[number]>().notNull(),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    /** The provider's id of the money received (what a refund names). */
    providerPaymentRef: text('provider_payment_ref').notNull(),
    resolution: text('resolution').$type<(typeof PAYMENT_TASK_RESOLUTIONS)[number]>(),
    refundRef: text('refund_ref'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    /** The resolving admin's user id, and their name as it was (migration 0031). */
    resolvedBy: text('resolved_by'),
    resolvedByName: text('resolved_by_name'),
    /** Why it was dismissed (e.g. an unknown reference already handled). */
    note: text('note'),
    /** A refund through the provider was asked for: no revive or dismiss while it may be under way. */
    refundStartedAt: timestamp('refund_started_at', { withTimezone: true }),
    /** The gateway's fee on money no payment row holds (an unknown reference). */
    fee: numeric('fee', { precision: 12, scale: 2 }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('payment_tasks_notice_uq').on(t.noticeId),
    // The admin's Payment tasks tab: open and resolved tasks, each newest first (migration 0031).
    index('payment_tasks_open_idx').on(t.createdAt.desc(), t.id.desc()).where(sql`resolved_at is null`),
    index('payment_tasks_resolved_idx')
      .on(t.createdAt.desc(), t.id.desc())
      .where(sql`resolved_at is not null`),
  ],
);

// ---------------------------------------------------------------- WhatsApp numbers
/**
 * A member's optional WhatsApp number (migration 0027), in E.164, given with consent. Kept
 * apart from `user`, whose row the auth library answers, so the number leaves the server only
 * through the order chat links (modules/whatsapp).
 */
export const memberWhatsapp = pgTable(
  'member_whatsapp',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    number: text('number').notNull(),
    consentedAt: timestamp('consented_at', { withTimezone: true }).notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [check('member_whatsapp_e164_check', sql`${t.number} ~ '^\\+[1-9][0-9]{7,14}$'`)],
);

// "Did you mean" (find/suggestions-service.ts): every distinct word of the books' titles and
// authors, in lower case as written and folded without accents (rk_fold), kept by triggers of
// migration 0028; words are only added.
export const searchWords = pgTable(
  'search_words',
  {
    word: text('word').primaryKey(),
    folded: text('folded').notNull(),
  },
  (t) => [index('search_words_folded_trgm_idx').using('gist', sql`${t.folded} gist_trgm_ops`)],
);

export type User = typeof user.$inferSelect;
export type Book = typeof books.$inferSelect;
export type CartItem = typeof cartItems.$inferSelect;
export type Order = typeof orders.$inferSelect;
export type OrderItem = typeof orderItems.$inferSelect;
export type PickupLocation = typeof pickupLocations.$inferSelect;
export type EmailNotification = typeof emailNotifications.$inferSelect;
export type Timer = typeof timers.$inferSelect;
export type OrderExtension = typeof orderExtensions.$inferSelect;
export type Payout = typeof payouts.$inferSelect;
export type Thread = typeof threads.$inferSelect;
export type Message = typeof messages.$inferSelect;
export type Review = typeof reviews.$inferSelect;
export type WaitlistEntry = typeof waitlistEntries.$inferSelect;
export type Payment = typeof payments.$inferSelect;
export type PaymentNotice = typeof paymentNotices.$inferSelect;
export type PaymentTask = typeof paymentTasks.$inferSelect;

// ---------------------------------------------------------------- push notices and choices
/** A browser's push subscription on a device its member allowed (migration 0032). */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique('push_subscriptions_endpoint_uq'),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId)],
);

/** A member's choice for one notice kind and channel; no row means on. */
export const noticeChoices = pgTable(
  'notice_choices',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    channel: text('channel').$type<NoticeChannel>().notNull(),
    enabled: boolean('enabled').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'notice_choices_pk', columns: [t.userId, t.kind, t.channel] }),
    check('notice_choices_channel_check', sql`${t.channel} in ('email', 'push')`),
    check(
      'notice_choices_essential_check',
      sql`${t.enabled} or ${t.channel} = 'push' or ${t.kind} not in ('account', 'payment')`,
    ),
  ],
);

/**
 * An owner's away dates (the operator's days), one period per owner. `startsAt` and
 * `backAt` are the first moment of `startsOn` and of the day after `endsOn`: away while the
 * clock is between them.
 */
export const ownerAway = pgTable(
  'owner_away',
  {
    ownerId: text('owner_id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** The period's own id, new with every change: its timers name it. */
    periodId: uuid('period_id').notNull().unique(),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    endsOn: date('ends_on', { mode: 'string' }).notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    backAt: timestamp('back_at', { withTimezone: true }).notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [check('owner_away_order', sql`${t.startsOn} <= ${t.endsOn} and ${t.startsAt} < ${t.backAt}`)],
);

/**
 * A POST sent with an `Idempotency-Key` header (security/idempotency.ts): the key under its
 * sender, what the request was (method, path and a hash of the body) and, once answered, the
 * answer, replayed to the same key and body for a day.
 */
export const idempotentRequests = pgTable(
  'idempotent_requests',
  {
    /** Whose key: `user:<id>` for a member, `ip:<address>` for a guest. */
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    bodyHash: text('body_hash').notNull(),
    /** Null while the first request is being answered. */
    status: integer('status'),
    contentType: text('content_type'),
    body: text('body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'idempotent_requests_pk', columns: [t.scope, t.key] }),
    index('idempotent_requests_created_idx').on(t.createdAt),
  ],
);
