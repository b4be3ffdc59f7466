import type { UiLanguage } from '@domain/ui-language';
import { type Catalogue, en } from './en';
import { id } from './id';

// The catalogues of both languages (D29), read by the server (error texts for API clients,
// emails) and the tests. The web app bundles only English and loads Indonesian when a page
// needs it (lib/i18n.ts). A key added to one language is added to the other: locales.test.ts
// fails otherwise.

export const resources: Record<UiLanguage, Catalogue> = { en, id };

export { NAMESPACES } from './en';
