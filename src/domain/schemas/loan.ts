import { z } from 'zod';
import { FIELD_MSG } from '@domain/error-codes';

/** POST /api/orders/:id/extensions (D23): 1 or 2 weeks. */
export const extendLoanSchema = z.object({
  weeks: z.union([z.literal(1), z.literal(2)], { error: FIELD_MSG.extensionWeeks }),
});
