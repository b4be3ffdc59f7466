import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import account from '@web/locales/en/account.json';
import admin from '@web/locales/en/admin.json';
import books from '@web/locales/en/books.json';
import cart from '@web/locales/en/cart.json';
import catalog from '@web/locales/en/catalog.json';
import checkout from '@web/locales/en/checkout.json';
import common from '@web/locales/en/common.json';
import home from '@web/locales/en/home.json';
import info from '@web/locales/en/info.json';
import orders from '@web/locales/en/orders.json';
import payments from '@web/locales/en/payments.json';
import waitlist from '@web/locales/en/waitlist.json';

// UI text lives in catalogues, one namespace per feature: Bahasa Indonesia is a second
// catalogue, not a rewrite. The spec's error strings are the `en` values.
export const resources = {
  en: { common, home, info, catalog, books, account, cart, checkout, orders, admin, payments, waitlist },
} as const;

void i18n.use(initReactI18next).init({
  resources,
  lng: 'en',
  fallbackLng: 'en',
  defaultNS: 'common',
  ns: Object.keys(resources.en),
  interpolation: { escapeValue: false },
  returnNull: false,
});

export default i18n;
