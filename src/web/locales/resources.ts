import type { ResourceKey } from 'i18next';
import type { UiLanguage } from '@domain/ui-language';
import { type Catalogue, en, NAMESPACES as WEB_NAMESPACES, type Namespace as WebNamespace } from './en';
import enAdmin from './en/admin.json';
import enPayoutBatch from './en/payoutBatch.json';
import enDeliveryPrices from './en/deliveryPrices.json';
import enFinance from './en/finance.json';
import enNotices from './en/notices.json';
import idAdmin from './id/admin.json';
import idPayoutBatch from './id/payoutBatch.json';
import idDeliveryPrices from './id/deliveryPrices.json';
import idFinance from './id/finance.json';
import idNotices from './id/notices.json';
import enEmails from './en/emails.json';
import enPwa from './en/pwa.json';
import { id } from './id';
import idEmails from './id/emails.json';
import idPwa from './id/pwa.json';

// The catalogues of both languages (D29), read by the server (error texts for API clients,
// emails) and the tests. The web app bundles only English and loads Indonesian when a page
// needs it (lib/i18n.ts). A key added to one language is added to the other: locales.test.ts
// fails otherwise.
//
// The `emails` namespace is the server's alone: every email in its recipient's language. No
// page shows it, so it is registered here and not in en.ts/id.ts, and stays out of the web's
// JavaScript.
//
// The `pwa` namespace (the installable app: the offline banner, the install offer, offline.html)
// loads with the lazy components that show it (web/lib/pwa-words.ts), and the build writes
// offline.html from it, so it is not in en.ts/id.ts either: the first page does not carry it.

//
// The pages' own namespaces (PAGE_NAMESPACES: the admin dashboard's, and the notification
// choices') load the same way, with the pages and components that show them
// (web/lib/page-words.ts), so the first page does not carry them either.

/** Namespaces a page registers when it loads (web/lib/page-words.ts), off the first page. */
export const PAGE_NAMESPACES = ['admin', 'payoutBatch', 'deliveryPrices', 'finance', 'notices'] as const;
type PageNamespace = (typeof PAGE_NAMESPACES)[number];

export type Namespace = WebNamespace | PageNamespace | 'emails' | 'pwa';
export const NAMESPACES: Namespace[] = [...WEB_NAMESPACES, ...PAGE_NAMESPACES, 'emails', 'pwa'];

const pageWords = {
  en: {
    admin: enAdmin,
    payoutBatch: enPayoutBatch,
    deliveryPrices: enDeliveryPrices,
    finance: enFinance,
    notices: enNotices,
  },
  id: {
    admin: idAdmin,
    payoutBatch: idPayoutBatch,
    deliveryPrices: idDeliveryPrices,
    finance: idFinance,
    notices: idNotices,
  },
};

export const resources: Record<
  UiLanguage,
  Catalogue & Record<PageNamespace, ResourceKey> & { emails: ResourceKey; pwa: ResourceKey }
> = {
  en: { ...en, ...pageWords.en, emails: enEmails, pwa: enPwa },
  id: { ...id, ...pageWords.id, emails: idEmails, pwa: idPwa },
};
