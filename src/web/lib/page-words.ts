import enAdmin from '@web/locales/en/admin.json';
import enDeliveryPrices from '@web/locales/en/deliveryPrices.json';
import enFinance from '@web/locales/en/finance.json';
import enNotices from '@web/locales/en/notices.json';
import enPayoutBatch from '@web/locales/en/payoutBatch.json';
import idAdmin from '@web/locales/id/admin.json';
import idDeliveryPrices from '@web/locales/id/deliveryPrices.json';
import idFinance from '@web/locales/id/finance.json';
import idNotices from '@web/locales/id/notices.json';
import idPayoutBatch from '@web/locales/id/payoutBatch.json';
import i18n from './i18n';

// The pages' own namespaces (locales/resources.ts, PAGE_NAMESPACES), registered by the pages and
// components that show them: each chunk that imports one of these carries its words, in both
// languages (the language switch needs nothing more), and the first page carries none.

function register(ns: string, en: object, id: object): void {
  if (i18n.hasResourceBundle('en', ns)) return;
  i18n.addResourceBundle('en', ns, en);
  i18n.addResourceBundle('id', ns, id);
}

/** The admin dashboard's words (and the shipping cost form's, shown to admins on an order). */
export function registerAdminWords(): void {
  register('admin', enAdmin, idAdmin);
  register('payoutBatch', enPayoutBatch, idPayoutBatch);
  register('deliveryPrices', enDeliveryPrices, idDeliveryPrices);
  register('finance', enFinance, idFinance);
}

/** The notification choices' words (the page, and the push offer where push first matters). */
export function registerNoticeWords(): void {
  register('notices', enNotices, idNotices);
}
