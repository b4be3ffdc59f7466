import enPwa from '@web/locales/en/pwa.json';
import idPwa from '@web/locales/id/pwa.json';
import i18n from './i18n';

// The installable app's words (the `pwa` namespace, locales/resources.ts), added by the lazy
// components that show them, so the first page's script does not carry them. Both languages,
// so the language switch needs nothing more.
if (!i18n.hasResourceBundle('en', 'pwa')) {
  i18n.addResourceBundle('en', 'pwa', enPwa);
  i18n.addResourceBundle('id', 'pwa', idPwa);
}
