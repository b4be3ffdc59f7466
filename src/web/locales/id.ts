import type { Catalogue } from './en';
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
// Payouts in one batch (D34)
import idPayoutBatch from './id/payoutBatch.json';
import idReviews from './id/reviews.json';
import idWaitlist from './id/waitlist.json';
// Where members are: WhatsApp chat links (D45)
import idWhatsapp from './id/whatsapp.json';
// Every book findable (D46)
import idFind from './id/find.json';
// Delivery priced by area (D49)
import idDeliveryPrices from './id/deliveryPrices.json';
// Late and wrong money (D44), the gateway's fees (D43)
import idFinance from './id/finance.json';
// Members choose their channels (D45)
import idNotices from './id/notices.json';

// The Indonesian catalogue (D29), with every key of the English one (locales.test.ts). The web
// app loads it as a chunk of its own, only for a page shown in Indonesian.

export const id: Catalogue = {
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
  // Payouts in one batch (D34)
  payoutBatch: idPayoutBatch,
  messages: idMessages,
  reviews: idReviews,
  waitlist: idWaitlist,
  // Where members are: WhatsApp chat links (D45)
  whatsapp: idWhatsapp,
  // Every book findable (D46)
  find: idFind,
  // Delivery priced by area (D49)
  deliveryPrices: idDeliveryPrices,
  // Late and wrong money (D44), the gateway's fees (D43)
  finance: idFinance,
  // Members choose their channels (D45)
  notices: idNotices,
  errors: idErrors,
};
