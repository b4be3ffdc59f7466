// Business constants and limits (spec section 9).

export const CATEGORIES = ['Children', 'Teen', 'Adult'] as const;
export type Category = (typeof CATEGORIES)[number];

export const LANGUAGES = ['English', 'Indonesian'] as const;
export type Language = (typeof LANGUAGES)[number];

export const CONDITIONS = ['Brand New', 'Good', 'Fair'] as const;
export type Condition = (typeof CONDITIONS)[number];

export const BOOK_STATUSES = ['Available', 'Borrowed', 'Unavailable'] as const;
export type BookStatus = (typeof BOOK_STATUSES)[number];

export const ORDER_STATUSES = [
  'Draft',
  'Waiting for Payment',
  'Processed',
  'Delivery in Progress',
  'Delivered',
  'Returning in Progress',
  'Completed',
  'Cancelled',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** An order in any of these statuses no longer reserves its books (D6). */
export const CLOSED_ORDER_STATUSES: readonly OrderStatus[] = ['Completed', 'Cancelled'];

export const DELIVERY_METHODS = ['delivery', 'pickup'] as const;
export type DeliveryMethod = (typeof DELIVERY_METHODS)[number];
export const DEFAULT_DELIVERY_METHOD: DeliveryMethod = 'delivery';
export const PAYMENT_METHOD = 'manual';

export const ROLES = ['user', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const BORROW_DURATIONS = [1, 2, 4] as const;
export type BorrowDuration = (typeof BORROW_DURATIONS)[number];
export const DEFAULT_BORROW_DURATION: BorrowDuration = 1;
/** The monthly price applies at exactly this many weeks (D3). */
export const MONTHLY_DURATION_WEEKS = 4;

export const MAX_BOOKS_PER_OWNER = 5;
export const MAX_OWNERS_IN_CART = 5;
export const CART_QUANTITY = 1;

export const SORT_KEYS = ['newest', 'oldest', 'price-low', 'price-high', 'title-az', 'title-za'] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export const DEFAULT_SORT: SortKey = 'newest';
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 60;
/**
 * The deepest page a page number reaches (an index skip of at most this many pages); past it a
 * listing is paged by cursor only ("after this row", "before this row").
 */
export const MAX_PAGE_NUMBER = 50;
/** Listings count exactly up to this many books; past it they say "10,000+". */
export const COUNT_CAP = 10_000;
/**
 * A search counts exactly up to this many books ("100+" past it): the words are checked on
 * each book read, so a common word costs the books read, not the books found in the index.
 */
export const SEARCH_COUNT_CAP = 100;
/** The shortest search: shorter words are refused (no index can find them inside titles). */
export const MIN_SEARCH_LENGTH = 3;
/** A search that finds fewer books than this is offered "Did you mean" (kept here, free of zod, for the catalog's first page). */
export const FEW_RESULTS = 3;

export const HOME_LATEST_LIMIT = 10;
export const MORE_FROM_OWNER_LIMIT = 10;
export const ADMIN_EMAIL_LIST_LIMIT = 100;
/** Orders one bulk status change may name: a few pages of the admin's list, answered in one request. */
export const BULK_ORDERS_MAX = 100;

export const EMAIL_WORKER_INTERVAL_MS = 60_000;
export const PENDING_EMAIL_POLL_MS = 10_000;
export const ADD_ERROR_DISPLAY_MS = 3_000;

export const ORDER_NUMBER_LENGTH = 8;
/** My orders' first page lists at most this many orders that need attention (order-types.ts). */
export const ORDER_ATTENTION_LIMIT = 50;

export const NAME_MIN = 2;
export const LOCATION_MIN = 2;
export const ADDRESS_MIN = 10;
export const ADDRESS_MAX = 250;
export const PHONE_MIN = 8;
export const PHONE_MAX = 14;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const NAME_MAX = 100;
export const LOCATION_MAX = 100;
export const TITLE_MAX = 100;
export const AUTHOR_MAX = 100;
export const SUMMARY_MAX = 500;
export const COVER_MAX_BYTES = 2 * 1024 * 1024;
export const COVER_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** Photos per book (D18): the first is the cover. */
export const MAX_PHOTOS = 4;
/**
 * The multipart field that carries the photos: repeated, in order, the first one the
 * cover; at most MAX_PHOTOS. Here, not with the form's schema, so a page that only
 * reads books does not load zod.
 */
export const COVER_FIELD = 'cover';
/**
 * An edit's photo order: comma-separated entries, each a stored photo's key or `new` (the next
 * file sent). Photos it leaves out are removed. Without it, files sent replace the stored photos.
 */
export const PHOTO_ORDER_FIELD = 'photoOrder';
export const NEW_PHOTO = 'new';

/** The most the operator may take of a loan (SERVICE_FEE_PERCENT). */
export const SERVICE_FEE_MAX_PERCENT = 20;
/** The policy pages' effective date (ISO); the web words it in the chosen language. */
export const POLICY_EFFECTIVE_DATE = '2025-06-06';
export const PICKUP_DROP_OFF_HOURS = 2 * 24;

/** D47: how many wanted books one member keeps at once. */
export const MAX_WANTED = 50;

/** Shelf import: the most data rows one CSV may carry (more is refused whole). */
export const IMPORT_MAX_ROWS = 500;
/** Shelf import: the largest CSV accepted (a 500-row Goodreads export with reviews fits). */
export const IMPORT_MAX_BYTES = 2 * 1024 * 1024;
/** Shelf import: the most drafts published in one request. */
export const PUBLISH_MAX_DRAFTS = 50;
/** D48: the longest away period an owner sets at once, in days from today (or its start). */
export const MAX_AWAY_DAYS = 90;
