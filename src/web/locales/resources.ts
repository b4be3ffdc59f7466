import type { ResourceKey } from 'i18next';
import type { UiLanguage } from '@domain/ui-language';
import { type Catalogue, en, NAMESPACES as FIRST_PAGE_NAMESPACES } from './en';
import enAccount from './en/account.json';
import enAdmin from './en/admin.json';
import enBooks from './en/books.json';
import enCheckout from './en/checkout.json';
import enDeliveryPrices from './en/deliveryPrices.json';
import enEmails from './en/emails.json';
import enFinance from './en/finance.json';
import enInfo from './en/info.json';
import enNotices from './en/notices.json';
import enPayments from './en/payments.json';
import enPayoutBatch from './en/payoutBatch.json';
import enPwa from './en/pwa.json';
import enStatistics from './en/statistics.json';
import enWhatsapp from './en/whatsapp.json';
import { id } from './id';
import idAccount from './id/account.json';
import idAdmin from './id/admin.json';
import idBooks from './id/books.json';
import idCheckout from './id/checkout.json';
import idDeliveryPrices from './id/deliveryPrices.json';
import idEmails from './id/emails.json';
import idFinance from './id/finance.json';
import idInfo from './id/info.json';
import idNotices from './id/notices.json';
import idPayments from './id/payments.json';
import idPayoutBatch from './id/payoutBatch.json';
import idPwa from './id/pwa.json';
import idStatistics from './id/statistics.json';
import idWhatsapp from './id/whatsapp.json';

// The catalogues of both languages, every namespace, read by the server (error texts for
// API clients, emails) and the tests. A key added to one language is added to the other:
// locales.test.ts fails otherwise.
//
// The web app's first page carries only en.ts's namespaces (English bundled, Indonesian loaded
// when a page needs it, lib/i18n.ts). Each namespace below comes with the pages that show it,
// through its words module in web/lib/words (lazy-words.test.ts checks that every file using one
// imports its module), so no first page carries the admin's, the owner's or checkout's words
// (scripts/page-sizes.mjs). `emails` is the server's alone: every email in its recipient's
// language, shown on no page. `pwa` also writes offline.html at build time (vite.config.ts).

const lazy = {
  en: {
    account: enAccount,
    admin: enAdmin,
    books: enBooks,
    checkout: enCheckout,
    deliveryPrices: enDeliveryPrices,
    emails: enEmails,
    finance: enFinance,
    info: enInfo,
    notices: enNotices,
    payments: enPayments,
    payoutBatch: enPayoutBatch,
    pwa: enPwa,
    statistics: enStatistics,
    whatsapp: enWhatsapp,
  },
  id: {
    account: idAccount,
    admin: idAdmin,
    books: idBooks,
    checkout: idCheckout,
    deliveryPrices: idDeliveryPrices,
    emails: idEmails,
    finance: idFinance,
    info: idInfo,
    notices: idNotices,
    payments: idPayments,
    payoutBatch: idPayoutBatch,
    pwa: idPwa,
    statistics: idStatistics,
    whatsapp: idWhatsapp,
  },
} satisfies Record<UiLanguage, Record<string, ResourceKey>>;

export type LazyNamespace = keyof (typeof lazy)['en'];
export const LAZY_NAMESPACES = Object.keys(lazy.en) as LazyNamespace[];

export type Namespace = (typeof FIRST_PAGE_NAMESPACES)[number] | LazyNamespace;
export const NAMESPACES: Namespace[] = [...FIRST_PAGE_NAMESPACES, ...LAZY_NAMESPACES];

export const resources: Record<UiLanguage, Catalogue & Record<LazyNamespace, ResourceKey>> = {
  en: { ...en, ...lazy.en },
  id: { ...id, ...lazy.id },
};
