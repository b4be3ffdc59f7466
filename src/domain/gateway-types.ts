import { z } from 'zod';
import { moneySchema, timestampSchema } from './api-types';

// Payments that confirm themselves (D42-D44), as the API returns them.

export const PAYMENT_TASK_KINDS = ['late', 'amount_mismatch', 'second_payment', 'unknown_reference'] as const;
export const PAYMENT_TASK_RESOLUTIONS = ['refunded', 'refund_recorded', 'revived'] as const;

/** What the borrower can pay an order with through the gateway; null where it does not apply. */
const gatewayPaymentSchema = z.object({
  /** The fake gateway: the page offers "Simulate payment", marked as test mode. */
  testMode: z.boolean(),
  amount: moneySchema,
  deadline: timestampSchema,
  /** The QRIS code drawn by the server (a PNG data URL) and its payload. */
  qris: z.object({ image: z.string(), payload: z.string() }).nullable(),
  virtualAccounts: z.array(z.object({ bank: z.string(), accountNumber: z.string() })),
});

export const orderGatewaySchema = z.object({ gateway: gatewayPaymentSchema.nullable() });
export type OrderGateway = z.infer<typeof orderGatewaySchema>;
