import '@web/lib/words/admin';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@web/lib/toast';
import type { PayoutBatchView } from '@domain/payout-batch-types';
import { formatMoney } from '@domain/money';
import { Button, buttonClass } from '@web/components/ui/button';
import { ConfirmDialog } from '@web/components/ui/dialog';
import { ErrorBanner, LoadingState } from '@web/components/ui/feedback';
import { DayInput } from '@web/components/ui/day-input';
import { errorMessage } from '@web/lib/api';
import { formatDay, formatOrderDate, operatorToday } from '@web/lib/format';
import {
  batchFileUrl,
  useDiscardBatch,
  useMarkBatchPaid,
  usePayoutBatch,
  usePrepareBatch,
} from '@web/features/payments/batch-api';

/**
 * Payouts in one batch: prepare a batch of every owner owed who has bank details, download
 * the bank's bulk-transfer CSV, then "Mark batch paid" once the bank has sent it.
 */
export function PayoutBatchPanel() {
  const { t } = useTranslation('payoutBatch');
  const state = usePayoutBatch();
  const prepare = usePrepareBatch();
  if (state.isPending) return <LoadingState label={t('loading')} />;
  if (state.isError) return <ErrorBanner>{errorMessage(state.error, t('failed'))}</ErrorBanner>;
  const { open, ready, lastPaid } = state.data;
  return (
    <section
      aria-labelledby="payout-batch-title"
      className="space-y-3 rounded-2xl border border-stone-200 bg-white p-4 shadow-xs sm:p-5"
      data-testid="payout-batch"
    >
      <div>
        <h2 id="payout-batch-title" className="text-base font-semibold text-stone-900">
          {t('title')}
        </h2>
        <p className="text-sm text-stone-600">{t('intro')}</p>
      </div>
      {open ? (
        <OpenBatch batch={open} />
      ) : (
        <div className="space-y-2">
          <p className="text-sm text-stone-800">
            {ready.owners > 0
              ? t('ready', { owners: ready.owners, total: formatMoney(ready.total) })
              : t('nothingReady')}
          </p>
          {ready.withoutBankDetails > 0 && (
            <p className="text-sm text-amber-800">{t('withoutBank', { owners: ready.withoutBankDetails })}</p>
          )}
          {ready.owners > 0 && (
            <Button
              loading={prepare.isPending}
              onClick={() =>
                prepare.mutate(undefined, {
                  onSuccess: () => toast.success(t('prepared')),
                  onError: (err) => toast.error(errorMessage(err, t('prepareFailed'))),
                })
              }
            >
              {t('prepare')}
            </Button>
          )}
        </div>
      )}
      {lastPaid && !open && (
        <p className="border-t border-stone-100 pt-3 text-sm text-stone-600" data-testid="last-paid-batch">
          {t('lastPaid', {
            reference: lastPaid.reference,
            owners: lastPaid.lineCount,
            total: formatMoney(lastPaid.total),
            date: formatDay(lastPaid.paidOn ?? ''),
            name: lastPaid.paidByName ?? '',
          })}
        </p>
      )}
    </section>
  );
}

function OpenBatch({ batch }: { batch: PayoutBatchView }) {
  const { t } = useTranslation('payoutBatch');
  const markPaid = useMarkBatchPaid();
  const discard = useDiscardBatch();
  const today = operatorToday();
  const [paidOn, setPaidOn] = useState(today);
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    markPaid.mutate(
      { id: batch.id, paidOn },
      {
        onSuccess: () => toast.success(t('markedPaid', { reference: batch.reference })),
        onError: (err) => setError(errorMessage(err, t('markFailed'))),
      },
    );
  };

  return (
    <div className="space-y-3" data-testid="open-batch">
      <p className="text-sm text-stone-800">
        {t('open', {
          reference: batch.reference,
          name: batch.createdByName,
          date: formatOrderDate(batch.createdAt),
        })}
      </p>
      <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
        <div>
          <dt className="text-xs text-stone-500 uppercase">{t('owners')}</dt>
          <dd className="font-semibold tabular-nums">{batch.lineCount}</dd>
        </div>
        <div>
          <dt className="text-xs text-stone-500 uppercase">{t('total')}</dt>
          <dd className="font-semibold tabular-nums">{formatMoney(batch.total)}</dd>
        </div>
      </dl>
      <ul className="divide-y divide-stone-100 text-sm" data-testid="batch-lines">
        {batch.lines.map((line) => (
          <li key={line.reference} className="flex flex-wrap justify-between gap-x-3 gap-y-0.5 py-2">
            <span className="min-w-0">
              <span className="font-medium">{line.ownerName}</span>
              <span className="block text-stone-600">
                {line.bankName} · {line.accountName} · {line.accountNumber}
              </span>
              <span className="block text-xs text-stone-500">{line.reference}</span>
            </span>
            <span className="font-semibold tabular-nums">{formatMoney(line.amount)}</span>
          </li>
        ))}
      </ul>
      {batch.lineCount > batch.lines.length && (
        <p className="text-sm text-stone-600">
          {t('moreInFile', { lines: batch.lineCount - batch.lines.length })}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <a href={batchFileUrl(batch.id)} download className={buttonClass('outline')}>
          {t('download')}
        </a>
        <Button variant="ghost" onClick={() => setAsking(true)}>
          {t('discard')}
        </Button>
      </div>
      <form
        onSubmit={submit}
        noValidate
        className="flex flex-wrap items-end gap-2 border-t border-stone-100 pt-3 pb-4"
      >
        <div className="space-y-1">
          <label htmlFor="batch-paid-on" className="block text-xs font-medium text-stone-600">
            {t('paidOn')}
          </label>
          <DayInput id="batch-paid-on" max={today} value={paidOn} onChange={setPaidOn} className="w-40" />
        </div>
        <Button type="submit" loading={markPaid.isPending}>
          {t('markPaid')}
        </Button>
      </form>
      <p className="text-xs text-stone-500">{t('markPaidNote')}</p>
      {error && (
        <p role="alert" className="text-sm text-red-600">
          {error}
        </p>
      )}
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={t('discardTitle', { reference: batch.reference })}
        description={t('discardDescription')}
        confirmLabel={t('discard')}
        cancelLabel={t('cancel')}
        loading={discard.isPending}
        onConfirm={() =>
          discard.mutate(batch.id, {
            onSuccess: () => toast.success(t('discarded')),
            onError: (err) => toast.error(errorMessage(err, t('discardFailed'))),
            onSettled: () => setAsking(false),
          })
        }
      />
    </div>
  );
}
