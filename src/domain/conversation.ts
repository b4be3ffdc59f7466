import { z } from 'zod';
import { timestampSchema } from './api-types';
import { FIELD_MSG } from './error-codes';

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

const aboutSchema = z.object({
  kind: z.enum(['order', 'book']),
  orderId: z.string().nullable(),
  /** The order number (last 8 characters of its id, D5) for an order's conversation. */
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
  messages: z.array(messageViewSchema),
  /** Messages from others the viewer had not seen before this answer. */
  unread: z.number().int(),
  /** The viewer is an admin and not a member of the conversation (D26's read-only view). */
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

export const unreadCountsSchema = z.object({
  total: z.number().int(),
  /** Unread messages per order, for My orders and the owner's orders. */
  orders: z.array(z.object({ orderId: z.string(), unread: z.number().int() })),
});
export type UnreadCounts = z.infer<typeof unreadCountsSchema>;
