import type { ResourceKey } from 'i18next';
import type { UiLanguage } from '@domain/ui-language';
import { type Catalogue, en, NAMESPACES as WEB_NAMESPACES, type Namespace as WebNamespace } from './en';
import enEmails from './en/emails.json';
import { id } from './id';
import idEmails from './id/emails.json';

// The catalogues of both languages (D29), read by the server (error texts for API clients,
// emails) and the tests. The web app bundles only English and loads Indonesian when a page
// needs it (lib/i18n.ts). A key added to one language is added to the other: locales.test.ts
// fails otherwise.
//
// The `emails` namespace is the server's alone: every email in its recipient's language. No
// page shows it, so it is registered here and not in en.ts/id.ts, and stays out of the web's
// JavaScript.

export type Namespace = WebNamespace | 'emails';
export const NAMESPACES: Namespace[] = [...WEB_NAMESPACES, 'emails'];

export const resources: Record<UiLanguage, Catalogue & { emails: ResourceKey }> = {
  en: { ...en, emails: enEmails },
  id: { ...id, emails: idEmails },
};
