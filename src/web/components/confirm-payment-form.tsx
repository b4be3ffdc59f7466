import '@web/lib/words/payments';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@domain/money';
import { parseRupiah } from '@domain/price-parse';
import { BANK_REFERENCE_MAX } from '@domain/schemas/order';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/field';
import { PriceInput, priceText } from '@web/components/ui/price-input';

/**
 * The admin confirms a payment by recording the amount received and the bank reference
 * (on the dashboard card and on the order page). The amount starts at the order total.
 */
export function ConfirmPaymentForm({
  orderId,
  total,
  pending,
  onSubmit,
}: {
  orderId: string;
  total: string | null;
  pending: boolean;
  onSubmit: (input: { amountReceived: string; bankReference: string }) => void;
}) {
  const { t } = useTranslation('payments');
  const [amount, setAmount] = useState(priceText(total));
  const [reference, setReference] = useState('');
  const [tried, setTried] = useState(false);
  const parsed = parseRupiah(amount);
  const amountOk = parsed.ok && parsed.rupiah > 0;
  const referenceOk = reference.trim() !== '';
  const differs = amountOk && total !== null && parsed.ok && `${parsed.rupiah}.00` !== total;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (!amountOk || !referenceOk) return;
    onSubmit({ amountReceived: amount, bankReference: reference.trim() });
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-2" aria-label={t('confirm.title')}>
      <div className="flex flex-wrap items-end gap-2">
        <div className="space-y-1">
          <label htmlFor={`received-${orderId}`} className="block text-xs font-medium text-stone-600">
            {t('confirm.amount')}
          </label>
          <PriceInput
            id={`received-${orderId}`}
            value={amount}
            onChange={setAmount}
            invalid={tried && !amountOk}
            className="w-44"
          />
        </div>
        <div className="space-y-1">
          <label htmlFor={`reference-${orderId}`} className="block text-xs font-medium text-stone-600">
            {t('confirm.reference')}
          </label>
          <Input
            id={`reference-${orderId}`}
            value={reference}
            maxLength={BANK_REFERENCE_MAX}
            onChange={(e) => setReference(e.target.value)}
            invalid={tried && !referenceOk}
            className="w-48"
            autoComplete="off"
          />
        </div>
        <Button type="submit" loading={pending}>
          {t('confirm.submit')}
        </Button>
      </div>
      {tried && !amountOk && (
        <p role="alert" className="text-sm text-red-600">
          {t('confirm.amountRequired')}
        </p>
      )}
      {tried && !referenceOk && (
        <p role="alert" className="text-sm text-red-600">
          {t('confirm.referenceRequired')}
        </p>
      )}
      {differs && total !== null && (
        <p className="text-sm text-amber-700">{t('confirm.differs', { total: formatMoney(total) })}</p>
      )}
    </form>
  );
}
