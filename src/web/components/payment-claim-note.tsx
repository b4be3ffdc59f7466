import '@web/lib/words/payments';
import { Receipt } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { OrderStatus } from '@domain/constants';
import { formatOrderDateTime } from '@web/lib/format';

/** On the admin's order card: the borrower says they paid, with the receipt if any. */
export function PaymentClaimNote({
  claimedAt,
  receiptUrl,
  status,
}: {
  claimedAt: string | null;
  receiptUrl: string | null;
  status: OrderStatus;
}) {
  const { t } = useTranslation('payments');
  if (!claimedAt || status !== 'Waiting for Payment') return null;
  return (
    <div
      className="mt-4 flex flex-wrap items-center gap-3 rounded-xl border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900"
      data-testid="payment-claim"
    >
      <Receipt className="size-4 shrink-0" aria-hidden />
      <span>{t('panel.claimed', { date: formatOrderDateTime(claimedAt) })}</span>
      {receiptUrl ? (
        <a href={receiptUrl} target="_blank" rel="noreferrer" className="inline-flex items-center gap-2">
          <img
            src={receiptUrl}
            alt={t('panel.receiptAlt')}
            className="h-14 rounded border border-amber-200"
          />
          <span className="font-medium underline">{t('panel.openReceipt')}</span>
        </a>
      ) : (
        <span className="text-amber-800">{t('panel.noReceipt')}</span>
      )}
    </div>
  );
}
