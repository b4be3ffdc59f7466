import { z } from 'zod';
import { FIELD_MSG } from '@domain/error-codes';
import { ADDRESS_MAX, DELIVERY_METHODS } from '@domain/constants';

// The checkout form and request (spec section 5): delivery needs every address field, pickup
// needs a location. The same schema checks the form in the browser and the body on the server.

const field = z.string().trim().max(ADDRESS_MAX, { error: FIELD_MSG.addressMax }).default('');

const deliveryAddressSchema = z.object({
  fullName: field,
  phone: field,
  address: field,
});

export const checkoutSchema = z
  .object({
    /** A fresh key per checkout attempt: a repeated submit with it returns the same orders. */
    idempotencyKey: z.string().trim().min(8).max(100),
    deliveryMethod: z.enum(DELIVERY_METHODS),
    deliveryAddress: deliveryAddressSchema.optional(),
    pickupLocationId: z.string().trim().max(100).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.deliveryMethod === 'delivery') {
      const a = value.deliveryAddress;
      if (!a?.fullName || !a.phone || !a.address) {
        ctx.addIssue({
          code: 'custom',
          path: ['deliveryAddress'],
          message: FIELD_MSG.shippingFieldsRequired,
        });
      }
    } else if (!value.pickupLocationId) {
      ctx.addIssue({ code: 'custom', path: ['pickupLocationId'], message: FIELD_MSG.pickupLocationRequired });
    }
  });
/** What the checkout form sends, before the schema trims it and fills the defaults. */
export type CheckoutRequest = z.input<typeof checkoutSchema>;
export type CheckoutInput = z.output<typeof checkoutSchema>;
