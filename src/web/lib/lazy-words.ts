import type { ResourceKey } from 'i18next';
import type { LazyNamespace } from '@web/locales/resources';
import i18n from './i18n';

// A namespace the first page does not carry (locales/resources.ts, LAZY_NAMESPACES) comes with
// the pages that show it: its words module (lib/words/*.ts) calls this when a page's chunk
// imports it. Both languages at once, so the language switch needs nothing more.

export function addWords(ns: LazyNamespace, en: ResourceKey, id: ResourceKey): void {
  if (i18n.hasResourceBundle('en', ns)) return;
  i18n.addResourceBundle('en', ns, en);
  i18n.addResourceBundle('id', ns, id);
}
