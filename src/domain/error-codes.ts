import {
  ADDRESS_MAX,
  BULK_ORDERS_MAX,
  ADDRESS_MIN,
  AUTHOR_MAX,
  LOCATION_MAX,
  LOCATION_MIN,
  NAME_MAX,
  NAME_MIN,
  PASSWORD_MAX,
  PASSWORD_MIN,
  PHONE_MAX,
  PHONE_MIN,
  SUMMARY_MAX,
  TITLE_MAX,
} from './constants';

// What crosses the wire when something is refused (D29): a stable code from this closed list,
// never a sentence the web shows. The server adds the English text (the `en` catalogue's
// `errors:codes.<CODE>`) for API clients; the web shows the code's text in the chosen
// language. A field's problem is a message key from FIELD_MESSAGES with its parameters
// (`errors:fields.<key>`), which the shared zod schemas carry as their messages.

/** Every error code the API answers, with its HTTP status. */
export const ERROR_CODES = {
  // Generic HTTP
  NOT_FOUND: 404,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  VALIDATION_FAILED: 422,
  INVALID_JSON: 400,
  UNSUPPORTED_MEDIA_TYPE: 415,
  HTTP_ERROR: 400,
  INVALID_FORM: 400,
  PAYLOAD_TOO_LARGE: 413,
  FORBIDDEN_CHARACTER: 400,
  CROSS_SITE_REQUEST: 403,
  /** Safe retries (security/idempotency.ts): a malformed key, a key reused for another request, one still answered. */
  IDEMPOTENCY_KEY_INVALID: 400,
  IDEMPOTENCY_KEY_REUSED: 422,
  IDEMPOTENCY_KEY_IN_FLIGHT: 409,
  CONCURRENT_CHANGE: 409,
  INTERNAL: 500,
  /** The owners' balances are being counted again after a fee change (payments/balances-service.ts). */
  BALANCES_RECOUNTING: 503,
  /** The database cannot be reached for a moment (a cut connection, a restart): try again. */
  DATABASE_UNAVAILABLE: 503,
  /** The image bucket cannot be reached: try again. */
  STORAGE_UNAVAILABLE: 503,
  /** The disk that holds the images is full: nothing was stored. */
  STORAGE_FULL: 507,
  ADMIN_ONLY: 403,
  // Accounts (spec 5)
  INVALID_CURRENT_PASSWORD: 422,
  INVALID_CONFIRMATION_LINK: 400,
  TOO_MANY_PASSWORD_ATTEMPTS: 429,
  PICKUP_LOCATION_UNAVAILABLE: 422,
  // Better Auth's own refusals the web meets (sign-in, sign-up, reset)
  EMAIL_NOT_VERIFIED: 403,
  INVALID_EMAIL_OR_PASSWORD: 401,
  INVALID_TOKEN: 400,
  TOO_MANY_REQUESTS: 429,
  // Books
  BOOK_NOT_FOUND: 404,
  OWNER_NOT_FOUND: 404,
  NOT_YOUR_BOOK: 403,
  BOOK_IN_OPEN_ORDER: 409,
  BOOK_STATUS_FOLLOWS_ORDER: 409,
  TOO_MANY_UPLOADS: 429,
  ISBN_NOT_LISTED: 404,
  PROFILE_LOCATION_REQUIRED: 409,
  // Wanted books
  WANTED_LIMIT: 422,
  WANTED_ALREADY: 409,
  WANTED_NOT_FOUND: 404,
  // Shelf import: a CSV becomes the owner's drafts
  DRAFT_NOT_FOUND: 404,
  DRAFTS_INCOMPLETE: 422,
  IMPORT_TOO_MANY_ROWS: 422,
  IMPORT_NO_COLUMNS: 422,
  IMPORT_UNREADABLE: 422,
  // Owners away: their books wait until the owner is back
  OWNER_AWAY: 409,
  // Catalog paging and search
  SEARCH_TOO_SHORT: 422,
  INVALID_CURSOR: 400,
  PAGE_TOO_DEEP: 422,
  FILE_TOO_LARGE: 413,
  INVALID_COVER: 422,
  // Cart (spec 5, in the spec's order) and checkout
  BOOK_NOT_AVAILABLE: 409,
  OWN_BOOK: 422,
  ALREADY_IN_CART: 409,
  MAX_BOOKS_PER_OWNER: 422,
  MAX_OWNERS: 422,
  SIGN_IN_TO_ADD_TO_CART: 401,
  CART_ITEM_NOT_FOUND: 404,
  CART_EMPTY: 422,
  CART_NOT_AVAILABLE: 409,
  PICKUP_NOT_AVAILABLE: 422,
  // Orders
  ORDER_NOT_FOUND: 404,
  ORDER_FORBIDDEN: 403,
  ORDER_ACTION_FORBIDDEN: 403,
  ORDER_ACTION_NOT_NOW: 409,
  ORDER_ALREADY_IN_STATUS: 409,
  INVALID_SHIPPING_COST: 422,
  BOOK_DELETED: 409,
  BOOK_IN_ANOTHER_ORDER: 409,
  BOOK_NO_LONGER_AVAILABLE: 409,
  // Loans
  NO_DUE_DATE: 404,
  EXTENSION_NOT_ON_LOAN: 409,
  EXTENSION_OVERDUE: 409,
  EXTENSION_LIMIT: 409,
  EXTENSION_WAITLIST: 409,
  EXTENSION_NOT_FOUND: 404,
  EXTENSION_ALREADY_PAID: 409,
  // Payments and payouts
  PAYMENT_CLAIM_FORBIDDEN: 403,
  PAYMENT_CLAIM_NOT_NOW: 409,
  PAYMENT_ALREADY_CLAIMED: 409,
  RECEIPT_FORBIDDEN: 403,
  RECEIPT_NOT_FOUND: 404,
  INVALID_RECEIPT: 422,
  PAYOUT_DATE_FUTURE: 422,
  NOTHING_PAYABLE: 409,
  PAYOUT_EXCEEDS_BALANCE: 409,
  // Waitlist
  WAITLIST_OWN_BOOK: 422,
  WAITLIST_BOOK_AVAILABLE: 409,
  WAITLIST_BOOK_UNAVAILABLE: 409,
  WAITLIST_IN_YOUR_ORDER: 409,
  WAITLIST_ALREADY_JOINED: 409,
  WAITLIST_LIMIT: 422,
  WAITLIST_NOT_JOINED: 404,
  WAITLIST_NO_HOLD: 409,
  WAITLIST_ENTRY_NOT_FOUND: 404,
  // Conversations
  THREAD_NOT_FOUND: 404,
  THREAD_FORBIDDEN: 403,
  OWN_BOOK_QUESTION: 409,
  // Faults of the third outside test: the message limit, clear answers for broken storage
  TOO_MANY_MESSAGES: 429,
  // Reviews
  REVIEW_NOT_FOUND: 404,
  REVIEW_NOT_PARTY: 403,
  REVIEW_NOT_COMPLETED: 409,
  REVIEW_ALREADY_WRITTEN: 409,
  // For sale
  BOOK_SALE_IN_OPEN_ORDER: 409,
  // Payment claims and payouts
  PAYMENT_CLAIM_NOT_PENDING: 409,
  ORDER_PAID_OUT: 409,
  // Payments that confirm themselves
  PAYMENT_TEST_MODE_ONLY: 404,
  // Late and wrong money is a task: refund, revive or dismiss, each task once
  PAYMENT_TASK_NOT_FOUND: 404,
  PAYMENT_TASK_RESOLVED: 409,
  PAYMENT_TASK_ACTION_INVALID: 409,
  PAYMENT_TASK_BOOK_NOT_FREE: 409,
  PAYMENT_TASK_REFUND_STARTED: 409,
  REFUND_BY_HAND_NEEDED: 422,
  PAYMENT_REFUND_FAILED: 502,
  // A bank statement an admin uploads (the statement adapter): refused whole, naming the line
  STATEMENT_ONLY: 409,
  STATEMENT_FILE_REQUIRED: 422,
  STATEMENT_NOT_RECOGNISED: 422,
  STATEMENT_UNREADABLE: 422,
  STATEMENT_BAD_DATE: 422,
  STATEMENT_BAD_AMOUNT: 422,
  // Payouts in one batch
  PAYOUT_BATCH_NOT_FOUND: 404,
  PAYOUT_BATCH_OPEN: 409,
  PAYOUT_BATCH_EMPTY: 409,
  PAYOUT_BATCH_PAID: 409,
  PAYOUT_IN_OPEN_BATCH: 409,
  // Members choose their channels
  NOTICE_EMAIL_REQUIRED: 409,
  PUSH_NOT_OFFERED: 422,
  PUSH_ENDPOINT_REFUSED: 422,
  UNSUBSCRIBE_LINK_INVALID: 400,
  // Email outbox
  EMAIL_NOT_FOUND: 404,
  EMAIL_NOT_FAILED: 409,
  // Admin
  USER_NOT_FOUND: 404,
  OWN_ROLE: 409,
  ADMIN_NOT_DELETABLE: 409,
  USER_HAS_OPEN_ORDERS: 409,
  // Every word right: a sold book's page says it was sold, not that it may have been removed
  BOOK_SOLD: 404,
  // The operator's day: delivery prices per pair of areas
  DELIVERY_PRICE_NOT_FOUND: 404,
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

export const isErrorCode = (value: unknown): value is ErrorCode =>
  typeof value === 'string' && Object.hasOwn(ERROR_CODES, value);

/** Parameters a code's or a field's text is built from (e.g. `{ minimum: 8 }`). */
export type MessageParams = Record<string, string | number>;

/**
 * Every message key a field problem may carry, with the names of its parameters: the texts are
 * `errors:fields.<key>` in each catalogue, where exactly these `{{placeholders}}` appear.
 */
export const FIELD_MESSAGES = {
  invalidValue: [],
  forbiddenCharacter: [],
  bookNotFound: [],
  // Account (spec 5; the upper bounds are ours)
  nameMin: ['minimum'],
  nameMax: ['maximum'],
  invalidEmail: [],
  phoneMin: ['minimum'],
  phoneMax: ['maximum'],
  phoneFormat: [],
  locationMin: ['minimum'],
  locationMax: ['maximum'],
  addressMin: ['minimum'],
  addressMax: ['maximum'],
  passwordMin: ['minimum'],
  passwordMax: ['maximum'],
  passwordRequired: [],
  passwordsDontMatch: [],
  passwordsDoNotMatch: [],
  currentPasswordRequired: [],
  currentPasswordIncorrect: [],
  confirmLinkInvalid: [],
  pickupLocationUnavailable: [],
  pickupLocationGone: [],
  // Book form (spec 5)
  titleRequired: [],
  titleMax: ['maximum'],
  authorRequired: [],
  authorMax: ['maximum'],
  summaryMax: ['maximum'],
  coverRequired: [],
  coverTooLarge: [],
  coverType: [],
  coverInvalidPick: [],
  coverTooManyPixels: [],
  tooManyPhotos: ['max'],
  photoOrderInvalid: [],
  isbnInvalid: [],
  weeklyPricePositive: [],
  monthlyPricePositive: [],
  weeklyPriceMin: ['min'],
  monthlyPriceMin: ['min'],
  salePricePositive: [],
  messageRequired: [],
  messageTooLong: ['max'],
  ratingRequired: [],
  reviewTextTooLong: ['max'],
  rejectReasonRequired: [],
  rejectReasonMax: ['maximum'],
  salePriceMin: ['min'],
  priceMax: ['max'],
  priceWhole: [],
  monthlyBelowFourWeeks: [],
  // Checkout and cart (spec 5)
  shippingFieldsRequired: [],
  pickupLocationRequired: [],
  pickupNotShared: [],
  yourCartIsEmpty: [],
  someBooksUnavailable: [],
  titleNoLongerAvailable: ['title'],
  // Orders, payments and payouts
  invalidShippingCost: [],
  shippingCostMin: ['min'],
  shippingCostMax: ['max'],
  amountReceivedRequired: [],
  amountReceivedMax: ['max'],
  bankReferenceRequired: [],
  bankReferenceMax: ['maximum'],
  payoutAmountRequired: [],
  payoutMax: ['max'],
  payoutReferenceRequired: [],
  payoutDateRequired: [],
  payoutDateFuture: [],
  payoutExceedsBalance: ['balance'],
  bankNameMax: ['maximum'],
  accountNameMax: ['maximum'],
  accountNumberFormat: [],
  // Loans
  extensionWeeks: [],
  // Payment tasks: dismissing one says why
  dismissNoteRequired: [],
  dismissNoteMax: ['maximum'],
  // WhatsApp number
  whatsappNumberFormat: [],
  whatsappConsentRequired: [],
  // A listing owner's location
  locationNeededForBooks: [],
  // Wanted books
  wantedTitleOrIsbn: [],
  // The admin's bulk status change
  bulkOrdersCount: ['maximum'],
  // Shelf import
  importFileRequired: [],
  importFileTooLarge: [],
  // Owners away
  awayDateFormat: [],
  awayToBeforeFrom: [],
  awayToPast: [],
  awayTooLong: ['max'],
  ownerAwayUntil: ['title', 'backOn'],
} as const satisfies Record<string, readonly string[]>;

export type FieldMessageKey = keyof typeof FIELD_MESSAGES;

/** A field's problem as it crosses the wire: its message key and the key's parameters. */
export interface FieldProblem {
  code: FieldMessageKey;
  params?: MessageParams;
}

const PARAMS_MARK = '|';

/**
 * A field message as zod carries it (schemas take one string per rule): the key, then its
 * parameters as JSON when it has any, e.g. `nameMin|{"minimum":2}`. readFieldMessage turns it
 * back into a FieldProblem on both sides.
 */
export function fieldMessage(code: FieldMessageKey, params?: MessageParams): string {
  return params && Object.keys(params).length > 0 ? `${code}${PARAMS_MARK}${JSON.stringify(params)}` : code;
}

/** The FieldProblem in a zod message; a message that is no key of ours (zod's own) is `invalidValue`. */
export function readFieldMessage(message: string | undefined): FieldProblem {
  if (!message) return { code: 'invalidValue' };
  const mark = message.indexOf(PARAMS_MARK);
  const code = mark === -1 ? message : message.slice(0, mark);
  if (!Object.hasOwn(FIELD_MESSAGES, code)) return { code: 'invalidValue' };
  if (mark === -1) return { code: code as FieldMessageKey };
  try {
    return { code: code as FieldMessageKey, params: JSON.parse(message.slice(mark + 1)) as MessageParams };
  } catch {
    return { code: code as FieldMessageKey };
  }
}

/** The field messages whose parameters are fixed limits, ready for the schemas. */
export const FIELD_MSG = {
  nameMin: fieldMessage('nameMin', { minimum: NAME_MIN }),
  nameMax: fieldMessage('nameMax', { maximum: NAME_MAX }),
  invalidEmail: fieldMessage('invalidEmail'),
  phoneMin: fieldMessage('phoneMin', { minimum: PHONE_MIN }),
  phoneMax: fieldMessage('phoneMax', { maximum: PHONE_MAX }),
  phoneFormat: fieldMessage('phoneFormat'),
  locationMin: fieldMessage('locationMin', { minimum: LOCATION_MIN }),
  locationMax: fieldMessage('locationMax', { maximum: LOCATION_MAX }),
  locationNeededForBooks: fieldMessage('locationNeededForBooks'),
  wantedTitleOrIsbn: fieldMessage('wantedTitleOrIsbn'),
  awayDateFormat: fieldMessage('awayDateFormat'),
  addressMin: fieldMessage('addressMin', { minimum: ADDRESS_MIN }),
  addressMax: fieldMessage('addressMax', { maximum: ADDRESS_MAX }),
  passwordMin: fieldMessage('passwordMin', { minimum: PASSWORD_MIN }),
  passwordMax: fieldMessage('passwordMax', { maximum: PASSWORD_MAX }),
  passwordRequired: fieldMessage('passwordRequired'),
  passwordsDontMatch: fieldMessage('passwordsDontMatch'),
  passwordsDoNotMatch: fieldMessage('passwordsDoNotMatch'),
  currentPasswordRequired: fieldMessage('currentPasswordRequired'),
  currentPasswordIncorrect: fieldMessage('currentPasswordIncorrect'),
  confirmLinkInvalid: fieldMessage('confirmLinkInvalid'),
  pickupLocationUnavailable: fieldMessage('pickupLocationUnavailable'),
  pickupLocationGone: fieldMessage('pickupLocationGone'),
  titleRequired: fieldMessage('titleRequired'),
  titleMax: fieldMessage('titleMax', { maximum: TITLE_MAX }),
  authorRequired: fieldMessage('authorRequired'),
  authorMax: fieldMessage('authorMax', { maximum: AUTHOR_MAX }),
  summaryMax: fieldMessage('summaryMax', { maximum: SUMMARY_MAX }),
  coverRequired: fieldMessage('coverRequired'),
  coverTooLarge: fieldMessage('coverTooLarge'),
  coverType: fieldMessage('coverType'),
  coverInvalidPick: fieldMessage('coverInvalidPick'),
  coverTooManyPixels: fieldMessage('coverTooManyPixels'),
  photoOrderInvalid: fieldMessage('photoOrderInvalid'),
  isbnInvalid: fieldMessage('isbnInvalid'),
  weeklyPricePositive: fieldMessage('weeklyPricePositive'),
  monthlyPricePositive: fieldMessage('monthlyPricePositive'),
  salePricePositive: fieldMessage('salePricePositive'),
  messageRequired: fieldMessage('messageRequired'),
  messageTooLong: fieldMessage('messageTooLong', { max: '2,000' }),
  ratingRequired: fieldMessage('ratingRequired'),
  reviewTextTooLong: fieldMessage('reviewTextTooLong', { max: '1,000' }),
  rejectReasonRequired: fieldMessage('rejectReasonRequired'),
  rejectReasonMax: fieldMessage('rejectReasonMax', { maximum: 300 }),
  priceWhole: fieldMessage('priceWhole'),
  monthlyBelowFourWeeks: fieldMessage('monthlyBelowFourWeeks'),
  shippingFieldsRequired: fieldMessage('shippingFieldsRequired'),
  pickupLocationRequired: fieldMessage('pickupLocationRequired'),
  pickupNotShared: fieldMessage('pickupNotShared'),
  yourCartIsEmpty: fieldMessage('yourCartIsEmpty'),
  someBooksUnavailable: fieldMessage('someBooksUnavailable'),
  invalidShippingCost: fieldMessage('invalidShippingCost'),
  amountReceivedRequired: fieldMessage('amountReceivedRequired'),
  bankReferenceRequired: fieldMessage('bankReferenceRequired'),
  bankReferenceMax: fieldMessage('bankReferenceMax', { maximum: 100 }),
  payoutAmountRequired: fieldMessage('payoutAmountRequired'),
  payoutReferenceRequired: fieldMessage('payoutReferenceRequired'),
  payoutDateRequired: fieldMessage('payoutDateRequired'),
  payoutDateFuture: fieldMessage('payoutDateFuture'),
  bankNameMax: fieldMessage('bankNameMax', { maximum: 100 }),
  accountNameMax: fieldMessage('accountNameMax', { maximum: 100 }),
  accountNumberFormat: fieldMessage('accountNumberFormat'),
  extensionWeeks: fieldMessage('extensionWeeks'),
  // Payment tasks
  dismissNoteRequired: fieldMessage('dismissNoteRequired'),
  dismissNoteMax: fieldMessage('dismissNoteMax', { maximum: 300 }),
  // WhatsApp number
  whatsappNumberFormat: fieldMessage('whatsappNumberFormat'),
  whatsappConsentRequired: fieldMessage('whatsappConsentRequired'),
  bookNotFound: fieldMessage('bookNotFound'),
  invalidValue: fieldMessage('invalidValue'),
  bulkOrdersCount: fieldMessage('bulkOrdersCount', { maximum: BULK_ORDERS_MAX }),
} as const satisfies Partial<Record<FieldMessageKey, string>>;
