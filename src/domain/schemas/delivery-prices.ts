import { z } from 'zod';
import { LOCATION_MAX, LOCATION_MIN } from '@domain/constants';
import { FIELD_MSG } from '@domain/error-codes';
import { amountMessage, rupiahField, SHIPPING_COST_MAX } from './amount';

// D49: a delivery price per pair of areas. An area is a profile location, matched as
// written, so it has the profile's bounds; the price is a shipping cost in whole rupiah and its
// minimum is checked by shippingCostProblem (order-machine.ts), as for a price set by hand.

const area = z
  .string({ error: FIELD_MSG.locationMin })
  .trim()
  .min(LOCATION_MIN, FIELD_MSG.locationMin)
  .max(LOCATION_MAX, FIELD_MSG.locationMax);

/** PUT /api/admin/delivery-prices: sets the price of one route (made or replaced). */
export const deliveryPriceSchema = z.object({
  /** The owner's area; null for the default into the borrower's area. */
  ownerArea: area.nullable(),
  borrowerArea: area,
  price: rupiahField({
    invalid: FIELD_MSG.invalidShippingCost,
    min: 0,
    minMessage: FIELD_MSG.invalidShippingCost,
    max: SHIPPING_COST_MAX,
    maxMessage: amountMessage('shippingCostMax', 'max', SHIPPING_COST_MAX),
  }),
});
export type DeliveryPriceInput = z.infer<typeof deliveryPriceSchema>;

/** One route's price as the admin's table shows it. */
export const deliveryPriceRowSchema = z.object({
  id: z.string(),
  ownerArea: z.string().nullable().describe('Null: the default for any owner area'),
  borrowerArea: z.string(),
  price: z.string().describe('Whole rupiah as a decimal string'),
  updatedAt: z.string(),
});
export type DeliveryPriceRow = z.infer<typeof deliveryPriceRowSchema>;
