import { z } from 'zod';
import { FIELD_MSG } from '../error-codes';

export const statisticsQuerySchema = z.object({
  /**
   * A day (YYYY-MM-DD): the twelve weeks end with the week it falls in. Today in the operator's
   * time zone when absent.
   */
  weeksEnding: z.iso.date({ error: FIELD_MSG.invalidValue }).optional(),
});
