import { addWords } from '@web/lib/lazy-words';
import enPayments from '@web/locales/en/payments.json';
import idPayments from '@web/locales/id/payments.json';

// Payments' words (the payment panel, claims, payouts, Earnings), loaded with the pages that show
// them (lib/lazy-words.ts): no first page shows a payment.
addWords('payments', enPayments, idPayments);
