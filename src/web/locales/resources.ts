import type { ResourceKey } from 'i18next';
import type { UiLanguage } from '@domain/ui-language';
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
import enReviews from './en/reviews.json';
import enWaitlist from './en/waitlist.json';
import idAccount from './id/account.json';
import idAdmin from './id/admin.json';
import idBooks from './id/books.json';
import idCart from './id/cart.json';
import idCatalog from './id/catalog.json';
import idCheckout from './id/checkout.json';
import idCommon from './id/common.json';
import idErrors from './id/errors.json';
import idHome from './id/home.json';
import idInfo from './id/info.json';
import idMessages from './id/messages.json';
import idOrders from './id/orders.json';
import idPayments from './id/payments.json';
import idReviews from './id/reviews.json';
import idWaitlist from './id/waitlist.json';

// The catalogues of both languages (D29), one namespace per feature, read by the web app and by
// the server (error texts for API clients, emails). A key added to one language is added to the
// other: locales.test.ts fails otherwise.

const en = {
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
  messages: enMessages,
  reviews: enReviews,
  waitlist: enWaitlist,
  errors: enErrors,
};

export type Namespace = keyof typeof en;

export const resources: Record<UiLanguage, Record<Namespace, ResourceKey>> = {
  en,
  id: {
    common: idCommon,
    home: idHome,
    info: idInfo,
    catalog: idCatalog,
    books: idBooks,
    account: idAccount,
    cart: idCart,
    checkout: idCheckout,
    orders: idOrders,
    admin: idAdmin,
    payments: idPayments,
    messages: idMessages,
    reviews: idReviews,
    waitlist: idWaitlist,
    errors: idErrors,
  },
};

export const NAMESPACES = Object.keys(en) as Namespace[];
