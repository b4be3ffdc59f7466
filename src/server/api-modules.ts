import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from './app-env';
import { adminRoutes } from './modules/admin/routes';
import { accountRoutes } from './modules/account/routes';
import { booksRoutes } from './modules/books/routes';
import { cartRoutes } from './modules/cart/routes';
import { checkoutRoutes } from './modules/checkout/routes';
import { deliveryPricesRoutes } from './modules/delivery-prices/routes';
import { conversationsRoutes } from './modules/conversations/routes';
import { coversRoutes } from './modules/covers/routes';
import { healthRoutes } from './modules/health/routes';
import { loansRoutes } from './modules/loans/routes';
import { ordersRoutes } from './modules/orders/routes';
import { paymentsRoutes } from './modules/payments/routes';
import { payoutBatchesRoutes } from './modules/payout-batches/routes';
import { pickupLocationsRoutes } from './modules/pickup-locations/routes';
import { reviewsRoutes } from './modules/reviews/routes';
import { salesRoutes } from './modules/sales/routes';
import { waitlistRoutes } from './modules/waitlist/routes';
// Where members are: WhatsApp chat links
import { whatsappRoutes } from './modules/whatsapp/routes';
// Every book findable: the borrowed section and "Did you mean".
import { findRoutes } from './modules/find/routes';
import { wantedRoutes } from './modules/wanted/routes';
// Owners away
import { awayRoutes } from './modules/away/routes';
// Late and wrong money as tasks, the gateway's fees in the figures
import { financeRoutes } from './modules/finance/routes';
// Members choose their channels: push notices and choices
import { noticesRoutes } from './modules/notices/routes';
// The marketplace at a glance: the admin's weekly statistics
import { statisticsRoutes } from './modules/statistics/routes';

/**
 * The one list of the API's route modules. Each is mounted under /api (app.ts) and so
 * published in /api/openapi.json and reached by the permission matrix, which reads every route
 * the app registers: a new module is added to this list and nowhere else.
 */
const API_MODULES = [
  healthRoutes,
  accountRoutes,
  pickupLocationsRoutes,
  booksRoutes,
  coversRoutes,
  cartRoutes,
  checkoutRoutes,
  ordersRoutes,
  loansRoutes,
  paymentsRoutes,
  conversationsRoutes,
  reviewsRoutes,
  salesRoutes,
  adminRoutes,
  waitlistRoutes,
  // Payouts in one batch
  payoutBatchesRoutes,
  // Where members are: WhatsApp chat links
  whatsappRoutes,
  // Every book findable, wanted books
  findRoutes,
  wantedRoutes,
  // Owners away
  awayRoutes,
  // The operator's day: delivery priced by area, the 24-hour promise
  deliveryPricesRoutes,
  // Late and wrong money as tasks, the gateway's fees in the figures
  financeRoutes,
  // Members choose their channels
  noticesRoutes,
  // The marketplace at a glance: the admin's weekly statistics
  statisticsRoutes,
] as const;

export function mountApiModules(app: OpenAPIHono<AppEnv>): void {
  for (const routes of API_MODULES) app.route('/api', routes());
}
