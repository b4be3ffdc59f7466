import type { Catalogue } from './en';
import idCart from './id/cart.json';
import idCatalog from './id/catalog.json';
import idCommon from './id/common.json';
import idErrors from './id/errors.json';
import idHome from './id/home.json';
import idMessages from './id/messages.json';
import idOrders from './id/orders.json';
import idReviews from './id/reviews.json';
import idWaitlist from './id/waitlist.json';
// Every book findable
import idFind from './id/find.json';

// The Indonesian catalogue of the namespaces en.ts bundles, with every key of the English
// one (locales.test.ts). The web app loads it as a chunk of its own, only for a page shown in
// Indonesian; the other namespaces come with their pages in both languages (lib/words).

export const id: Catalogue = {
  common: idCommon,
  home: idHome,
  catalog: idCatalog,
  cart: idCart,
  orders: idOrders,
  messages: idMessages,
  reviews: idReviews,
  waitlist: idWaitlist,
  // Every book findable
  find: idFind,
  errors: idErrors,
};
