import type { ResourceKey } from 'i18next';
import enCart from './en/cart.json';
import enCatalog from './en/catalog.json';
import enCommon from './en/common.json';
import enErrors from './en/errors.json';
import enHome from './en/home.json';
import enMessages from './en/messages.json';
import enOrders from './en/orders.json';
import enReviews from './en/reviews.json';
import enWaitlist from './en/waitlist.json';
// Every book findable
import enFind from './en/find.json';

// The English catalogue of the namespaces any first page may show, one per feature: the web app
// bundles it (the default language). The other namespaces load with their pages
// (resources.ts, LAZY_NAMESPACES); the server reads them all through resources.ts.

export const en = {
  common: enCommon,
  home: enHome,
  catalog: enCatalog,
  cart: enCart,
  orders: enOrders,
  messages: enMessages,
  reviews: enReviews,
  waitlist: enWaitlist,
  // Every book findable
  find: enFind,
  errors: enErrors,
};

export type Namespace = keyof typeof en;

export const NAMESPACES = Object.keys(en) as Namespace[];

/** One language's catalogue: every namespace. */
export type Catalogue = Record<Namespace, ResourceKey>;
