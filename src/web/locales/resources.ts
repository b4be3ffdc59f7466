import type { ResourceKey } from 'i18next';
import type { UiLanguage } from '@domain/ui-language';
import { type Catalogue, en, NAMESPACES as WEB_NAMESPACES, type Namespace as WebNamespace } from './en';
import enEmails from './en/emails.json';
import enPwa from './en/pwa.json';
import { id } from './id';
import idEmails from './id/emails.json';
import idPwa from './id/pwa.json';
import enStatistics from './en/statistics.json';
import idStatistics from './id/statistics.json';

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
// The `statistics` namespace (the admin's Statistics tab) loads with that tab's lazy chunk, its
// charts with it (features/admin/statistics/statistics-words.ts), for the same reason.

export type Namespace = WebNamespace | 'emails' | 'pwa' | 'statistics';
export const NAMESPACES: Namespace[] = [...WEB_NAMESPACES, 'emails', 'pwa', 'statistics'];

type LazyNamespaces = { emails: ResourceKey; pwa: ResourceKey; statistics: ResourceKey };

export const resources: Record<UiLanguage, Catalogue & LazyNamespaces> = {
  en: { ...en, emails: enEmails, pwa: enPwa, statistics: enStatistics },
  id: { ...id, emails: idEmails, pwa: idPwa, statistics: idStatistics },
};
