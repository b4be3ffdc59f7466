import '@web/lib/words/payments';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@domain/money';
import type { OrderEventView } from '@domain/order-types';

/** What an order event recorded beyond the status: a payment claim, the amount received. */
export function EventDetails({ event }: { event: OrderEventView }) {
  const { t } = useTranslation('payments');
  const details = event.details;
  if (event.action === 'payment_claimed') {
    return (
      <p className="mt-0.5 text-xs text-stone-700">
        {details?.receipt ? t('history.claimWithReceipt') : t('history.claim')}
      </p>
    );
  }
  if (event.action === 'payment_claim_rejected' && details?.reason) {
    return (
      <p className="mt-0.5 text-xs text-stone-700">
        {t('history.claimRejected', { reason: details.reason })}
      </p>
    );
  }
  if (details?.amountReceived) {
    return (
      <p className="mt-0.5 text-xs text-stone-700" data-testid="event-payment">
        {t('history.amountReceived', {
          amount: formatMoney(details.amountReceived),
          reference: details.bankReference ?? '',
        })}
      </p>
    );
  }
  return null;
}
