import type { ResourceKey } from 'i18next';
import enAccount from './en/account.json';
import enAdmin from './en/admin.json';
import enBooks from './en/books.json';
import enCart from './en/cart.json';
import enCatalog from './en/catalog.json';
import enCheckout from './en/checkout.json';
import enCommon from './en/common.json';
import enErrors from './en/errors.json';
import enHome from './en/home.json';
import enInfo from './en/info.json';
import enMessages from './en/messages.json';
import enOrders from './en/orders.json';
import enPayments from './en/payments.json';
// Payouts in one batch (D34)
import enPayoutBatch from './en/payoutBatch.json';
import enReviews from './en/reviews.json';
import enWaitlist from './en/waitlist.json';
// Where members are: WhatsApp chat links (D45)
import enWhatsapp from './en/whatsapp.json';
// Every book findable (D46)
import enFind from './en/find.json';
// Delivery priced by area (D49)
import enDeliveryPrices from './en/deliveryPrices.json';
// Late and wrong money (D44), the gateway's fees (D43)
import enFinance from './en/finance.json';
// Members choose their channels (D45)
import enNotices from './en/notices.json';

// The English catalogue, one namespace per feature: the web app bundles it (the default
// language) and the server reads it through resources.ts.

export const en = {
  common: enCommon,
  home: enHome,
  info: enInfo,
  catalog: enCatalog,
  books: enBooks,
  account: enAccount,
  cart: enCart,
  checkout: enCheckout,
  orders: enOrders,
  admin: enAdmin,
  payments: enPayments,
  // Payouts in one batch (D34)
  payoutBatch: enPayoutBatch,
  messages: enMessages,
  reviews: enReviews,
  waitlist: enWaitlist,
  // Where members are: WhatsApp chat links (D45)
  whatsapp: enWhatsapp,
  // Every book findable (D46)
  find: enFind,
  // Delivery priced by area (D49)
  deliveryPrices: enDeliveryPrices,
  // Late and wrong money (D44), the gateway's fees (D43)
  finance: enFinance,
  // Members choose their channels (D45)
  notices: enNotices,
  errors: enErrors,
};

export type Namespace = keyof typeof en;

export const NAMESPACES = Object.keys(en) as Namespace[];

/** One language's catalogue: every namespace. */
export type Catalogue = Record<Namespace, ResourceKey>;
