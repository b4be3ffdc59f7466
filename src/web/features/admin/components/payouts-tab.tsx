import '@web/lib/words/payments';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@web/lib/toast';
import type { PayableOwner } from '@domain/earnings-types';
import { formatMoney } from '@domain/money';
import { CursorPager } from '@web/components/cursor-pager';
import { Button } from '@web/components/ui/button';
import { ErrorBanner, LoadingState } from '@web/components/ui/feedback';
import { DayInput } from '@web/components/ui/day-input';
import { Input } from '@web/components/ui/field';
import { PriceInput, priceText } from '@web/components/ui/price-input';
import { errorMessage } from '@web/lib/api';
import { useCursorParam } from '@web/lib/cursor-param';
import { formatDay, operatorToday } from '@web/lib/format';
import { useAdminPayouts, useRecordPayout } from '@web/features/payments/api';
import { PayoutBatchPanel } from './payout-batch-panel';

/**
 * Owners with payable balances (largest first), "Record payout", and the payout history,
 * each a page at a time; both cursors live in the URL (?tab=payouts&owners=..&cursor=..).
 */
export function PayoutsTab() {
  const { t } = useTranslation('payments');
  const [cursor, setCursor] = useCursorParam('cursor');
  const [ownersCursor, setOwnersCursor] = useCursorParam('owners');
  const payouts = useAdminPayouts(cursor, ownersCursor);
  if (payouts.isPending) return <LoadingState label={t('payouts.loading')} />;
  if (payouts.isError) return <ErrorBanner>{errorMessage(payouts.error, t('payouts.failed'))}</ErrorBanner>;
  const { owners, history } = payouts.data;
  return (
    <div className="space-y-6">
      <PayoutBatchPanel />
      <section className="space-y-3">
        <div>
          <h2 className="text-base font-semibold text-stone-900">{t('payouts.owners')}</h2>
          {owners.items.length > 0 && <p className="text-sm text-stone-600">{t('payouts.ownersOrder')}</p>}
        </div>
        {owners.items.length === 0 ? (
          <p className="text-sm text-stone-500">{t('payouts.none')}</p>
        ) : (
          owners.items.map((owner) => <OwnerPayout key={owner.ownerId} owner={owner} />)
        )}
        {owners.items.length > 0 && (
          <CursorPager
            page={owners}
            onCursor={setOwnersCursor}
            testId="payable-pager"
            ends={{ first: t('payouts.largest'), last: t('payouts.smallest') }}
          />
        )}
      </section>
      <section className="rounded-2xl border border-stone-200 bg-white p-5 shadow-xs">
        <h2 className="mb-3 text-base font-semibold text-stone-900">{t('payouts.history')}</h2>
        {history.items.length === 0 ? (
          <p className="text-sm text-stone-500">{t('payouts.noHistory')}</p>
        ) : (
          <ul className="divide-y divide-stone-100 text-sm" data-testid="payout-history">
            {history.items.map((p) => (
              <li key={p.id} className="flex flex-wrap justify-between gap-2 py-2">
                <span>
                  <span className="font-medium">{p.ownerName}</span> · {formatDay(p.paidOn)} ·{' '}
                  {t('earnings.reference', { reference: p.reference })} ·{' '}
                  {t('payouts.by', { name: p.recordedByName })}
                </span>
                <span className="font-semibold tabular-nums">{formatMoney(p.amount)}</span>
              </li>
            ))}
          </ul>
        )}
        {history.items.length > 0 && (
          <CursorPager page={history} onCursor={setCursor} testId="payout-pager" />
        )}
      </section>
    </div>
  );
}

function OwnerPayout({ owner }: { owner: PayableOwner }) {
  const { t } = useTranslation('payments');
  const record = useRecordPayout();
  const today = operatorToday();
  const [amount, setAmount] = useState(priceText(owner.payable));
  const [paidOn, setPaidOn] = useState(today);
  const [reference, setReference] = useState('');
  const [error, setError] = useState<string | null>(null);
  const bank = owner.payoutDetails;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (reference.trim() === '') return setError(t('payouts.referenceRequired'));
    record.mutate(
      { ownerId: owner.ownerId, amount, paidOn, reference: reference.trim() },
      {
        onSuccess: () => toast.success(t('payouts.recorded', { name: owner.name })),
        onError: (err) => setError(errorMessage(err, t('payouts.recordFailed'))),
      },
    );
  };

  return (
    <article
      aria-label={owner.name}
      className="rounded-2xl border border-stone-200 bg-white p-4 shadow-xs sm:p-5"
      data-testid="payable-owner"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <p className="font-semibold text-stone-900">{owner.name}</p>
          <p className="text-sm text-stone-600">{owner.email}</p>
          <p className="mt-1 text-sm text-stone-700">
            {bank.accountNumber
              ? t('payouts.bank', {
                  bank: bank.bankName ?? '',
                  name: bank.accountName ?? '',
                  number: bank.accountNumber,
                })
              : t('payouts.noBank')}
          </p>
        </div>
        <div className="text-right">
          <p className="text-xs text-stone-500 uppercase">{t('earnings.totals.payable')}</p>
          <p className="text-xl font-bold tabular-nums text-stone-900">{formatMoney(owner.payable)}</p>
          <p className="text-xs text-stone-500">
            {t('payouts.earnedPaid', { earned: formatMoney(owner.earned), paid: formatMoney(owner.paid) })}
          </p>
        </div>
      </div>
      <form
        onSubmit={submit}
        noValidate
        className="mt-4 flex flex-wrap items-end gap-2 border-t border-stone-100 pt-4 pb-4"
      >
        <div className="space-y-1">
          <label
            htmlFor={`payout-amount-${owner.ownerId}`}
            className="block text-xs font-medium text-stone-600"
          >
            {t('payouts.amount')}
          </label>
          <PriceInput
            id={`payout-amount-${owner.ownerId}`}
            value={amount}
            onChange={setAmount}
            className="w-40"
          />
        </div>
        <div className="space-y-1">
          <label
            htmlFor={`payout-date-${owner.ownerId}`}
            className="block text-xs font-medium text-stone-600"
          >
            {t('payouts.date')}
          </label>
          <DayInput
            id={`payout-date-${owner.ownerId}`}
            max={today}
            value={paidOn}
            onChange={setPaidOn}
            className="w-40"
          />
        </div>
        <div className="space-y-1">
          <label htmlFor={`payout-ref-${owner.ownerId}`} className="block text-xs font-medium text-stone-600">
            {t('payouts.reference')}
          </label>
          <Input
            id={`payout-ref-${owner.ownerId}`}
            value={reference}
            maxLength={100}
            onChange={(e) => setReference(e.target.value)}
            className="w-48"
            autoComplete="off"
          />
        </div>
        <Button type="submit" loading={record.isPending}>
          {t('payouts.record')}
        </Button>
      </form>
      {error && (
        <p role="alert" className="mt-2 text-sm text-red-600">
          {error}
        </p>
      )}
    </article>
  );
}
