import { z } from 'zod';

// Answers of the WhatsApp routes. The number leaves the server only in these two: to its
// own member, and to the other side of a placed order (or an admin) as a chat contact.

/** GET and PUT /api/profile/whatsapp: the member's own number, or null when none is shared. */
export const myWhatsappSchema = z.object({
  number: z.string().nullable(),
  consentedAt: z.string().nullable(),
});
export type MyWhatsapp = z.infer<typeof myWhatsappSchema>;

const WHATSAPP_SIDES = ['borrower', 'owner'] as const;

/**
 * GET /api/orders/{id}/whatsapp: whom the viewer may chat with about this order. A borrower gets
 * the owner, an owner the borrower, an admin both; a side without a shared number is left out.
 */
export const orderWhatsappSchema = z.object({
  contacts: z.array(
    z.object({
      side: z.enum(WHATSAPP_SIDES),
      name: z.string(),
      number: z.string(),
    }),
  ),
});
export type OrderWhatsapp = z.infer<typeof orderWhatsappSchema>;
