import { z } from 'zod';
import { timestampSchema } from './api-types';
import { cursorParam, pageSchema } from './cursor-page';
import { FIELD_MSG } from './error-codes';
import { UUID_PATTERN } from './ids';

// Conversations (D26): the rules both sides share and the shapes of the conversation API.

export const MESSAGE_MAX = 2000;
/** A recipient gets at most one message email per conversation in this time (D26). */
export const MESSAGE_EMAIL_GAP_MS = 30 * 60_000;

/** POST .../messages: the body is plain text, trimmed; 1 to 2,000 characters. */
export const messageInputSchema = z.object({
  body: z
    .string({ error: FIELD_MSG.messageRequired })
    .trim()
    .min(1, { error: FIELD_MSG.messageRequired })
    .max(MESSAGE_MAX, { error: FIELD_MSG.messageTooLong }),
});

const messageViewSchema = z.object({
  id: z.string(),
  body: z.string(),
  /** "Rakbuku" for an admin's message, unless the viewer is an admin. */
  authorName: z.string(),
  fromAdmin: z.boolean(),
  mine: z.boolean(),
  createdAt: timestampSchema,
});
export type MessageView = z.infer<typeof messageViewSchema>;

/** Messages in a page of a conversation: however long it grows, an answer carries this many. */
export const MESSAGE_PAGE_SIZE = 50;

/**
 * One page of a conversation's messages. Pages run newest first (the first page is the latest
 * messages; `nextCursor` reads older ones), but the items of a page are oldest first, as they
 * are shown.
 */
export const messagePageSchema = pageSchema(messageViewSchema).describe(
  'At most MESSAGE_PAGE_SIZE messages, oldest first within the page; `nextCursor` reads older messages, `prevCursor` newer ones',
);
export type MessagePage = z.infer<typeof messagePageSchema>;

/** GET /conversations/{id}/messages: `cursor` absent is the latest page. */
export const messagePageQuerySchema = z.object({ cursor: cursorParam });

const aboutSchema = z.object({
  kind: z.enum(['order', 'book']),
  orderId: z.string().nullable(),
  /** The order number (last 8 characters of its id) for an order's conversation. */
  orderNumber: z.string().nullable(),
  bookId: z.string().nullable(),
  bookTitle: z.string().nullable(),
});

export const threadViewSchema = aboutSchema.extend({
  /** Null while nobody has written in an order's conversation yet. */
  id: z.string().nullable(),
  memberName: z.string(),
  ownerName: z.string(),
  /** The other member, from the viewer's side ("" for an admin, who sees both names). */
  withName: z.string(),
  /** The latest page of messages; older pages from GET /conversations/{id}/messages. */
  messages: messagePageSchema,
  /** Messages from others the viewer had not seen before this answer. */
  unread: z.number().int(),
  /** The viewer is an admin and not a member of the conversation (a read-only view). */
  asAdmin: z.boolean(),
});
export type ThreadView = z.infer<typeof threadViewSchema>;

export const threadSummarySchema = aboutSchema.extend({
  id: z.string(),
  memberName: z.string(),
  ownerName: z.string(),
  /** The other member, from the viewer's side ("" for an admin, who sees both names). */
  withName: z.string(),
  lastMessage: z.string(),
  lastMessageAt: timestampSchema,
  unread: z.number().int(),
});
export type ThreadSummary = z.infer<typeof threadSummarySchema>;

/** The most orders one unread-count request may ask about (an order list's page is 20). */
const UNREAD_ORDERS_MAX = 100;

/** GET /conversations/unread?orders=a,b: the orders (ids, comma-separated) to count for. */
export const unreadQuerySchema = z.object({
  orders: z
    .string()
    .regex(new RegExp(`^${UUID_PATTERN}(,${UUID_PATTERN}){0,${UNREAD_ORDERS_MAX - 1}}$`))
    .optional(),
});

export const unreadCountsSchema = z.object({
  total: z.number().int(),
  /**
   * Unread messages per order, for the orders asked about (`orders`) that have any: an order
   * list asks for the orders it shows. Without `orders`, empty.
   */
  orders: z.array(z.object({ orderId: z.string(), unread: z.number().int() })),
});
export type UnreadCounts = z.infer<typeof unreadCountsSchema>;
