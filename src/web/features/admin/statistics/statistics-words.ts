import i18n from '@web/lib/i18n';
import enStatistics from '@web/locales/en/statistics.json';
import idStatistics from '@web/locales/id/statistics.json';

// The Statistics tab's words (the `statistics` namespace, locales/resources.ts), added by the
// tab's lazy chunk, so the first page's script does not carry them (scripts/page-sizes.mjs).
// Both languages, so the language switch needs nothing more.
if (!i18n.hasResourceBundle('en', 'statistics')) {
  i18n.addResourceBundle('en', 'statistics', enStatistics);
  i18n.addResourceBundle('id', 'statistics', idStatistics);
}
