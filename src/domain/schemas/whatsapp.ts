import { z } from 'zod';
import { FIELD_MSG } from '@domain/error-codes';
import { toWhatsappNumber } from '@domain/whatsapp';

/**
 * PUT /api/profile/whatsapp (D45): the number as the member wrote it, read into E.164, and their
 * consent to show it to the other side of their placed orders: without the tick nothing is saved.
 */
export const whatsappSchema = z.object({
  number: z
    .string({ error: FIELD_MSG.whatsappNumberFormat })
    .max(40, FIELD_MSG.whatsappNumberFormat)
    .transform((typed, ctx) => {
      const e164 = toWhatsappNumber(typed);
      if (e164 === null) {
        ctx.addIssue({ code: 'custom', message: FIELD_MSG.whatsappNumberFormat });
        return z.NEVER;
      }
      return e164;
    }),
  consent: z.literal(true, { error: FIELD_MSG.whatsappConsentRequired }),
});
