import { addWords } from '@web/lib/lazy-words';
import enAdmin from '@web/locales/en/admin.json';
import idAdmin from '@web/locales/id/admin.json';
import enFinance from '@web/locales/en/finance.json';
import idFinance from '@web/locales/id/finance.json';
import enPayoutBatch from '@web/locales/en/payoutBatch.json';
import idPayoutBatch from '@web/locales/id/payoutBatch.json';
import enDeliveryPrices from '@web/locales/en/deliveryPrices.json';
import idDeliveryPrices from '@web/locales/id/deliveryPrices.json';

// The admin's words (the admin dashboard, its money tabs and the shipping cost form), loaded
// with the admin's chunks and the order page, not the first page (lib/lazy-words.ts).
addWords('admin', enAdmin, idAdmin);
addWords('finance', enFinance, idFinance);
addWords('payoutBatch', enPayoutBatch, idPayoutBatch);
addWords('deliveryPrices', enDeliveryPrices, idDeliveryPrices);
