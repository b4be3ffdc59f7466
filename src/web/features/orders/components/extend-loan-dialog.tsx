import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@domain/money';
import type { ExtensionOffer } from '@domain/order-types';
import { Button } from '@web/components/ui/button';
import { Dialog } from '@web/components/ui/dialog';
import { ErrorBanner } from '@web/components/ui/feedback';
import { errorMessage } from '@web/lib/api';
import { useExtendLoan } from '@web/features/orders/loan-api';
import { formatDueDate } from '@web/components/due-badge';
import { MAX_EXTENSIONS } from '@domain/loan';
import { codeText } from '@web/lib/error-text';

/** "Extend loan" with each option's price and new due date shown before confirming. */
export function ExtendLoanDialog({
  orderId,
  offer,
  onExtended,
}: {
  orderId: string;
  offer: ExtensionOffer;
  onExtended: (dueDate: string) => void;
}) {
  const { t } = useTranslation('orders');
  const [open, setOpen] = useState(false);
  const [weeks, setWeeks] = useState<1 | 2>(1);
  const extend = useExtendLoan(orderId);
  const chosen = offer.options.find((o) => o.weeks === weeks) ?? offer.options[0];

  if (offer.refusal) {
    return (
      <p className="text-sm text-stone-600" data-testid="extension-refusal">
        {codeText(
          offer.refusal.code,
          offer.refusal.code === 'EXTENSION_LIMIT' ? { max: MAX_EXTENSIONS } : undefined,
        )}
      </p>
    );
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) extend.reset();
      }}
      trigger={<Button variant="outline">{t('loan.extend')}</Button>}
      title={t('loan.extendTitle')}
      description={t('loan.extendDescription')}
      cancelLabel={t('loan.extendCancel')}
      actions={
        <Button
          loading={extend.isPending}
          onClick={() =>
            extend.mutate(
              { weeks },
              {
                onSuccess: () => {
                  setOpen(false);
                  onExtended(chosen.newDueDate);
                },
              },
            )
          }
        >
          {t('loan.extendConfirm', { amount: formatMoney(chosen.amount) })}
        </Button>
      }
    >
      <fieldset className="mt-4 space-y-2">
        <legend className="sr-only">{t('loan.extendTitle')}</legend>
        {offer.options.map((option) => (
          <label
            key={option.weeks}
            className="flex cursor-pointer items-center justify-between gap-3 rounded-xl border border-stone-200 p-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
          >
            <span className="flex items-center gap-3">
              <input
                type="radio"
                name="extension-weeks"
                value={option.weeks}
                checked={weeks === option.weeks}
                onChange={() => setWeeks(option.weeks)}
                className="accent-brand-700"
              />
              <span>
                <span className="block font-medium text-stone-900">
                  {t('loan.extendOption', { count: option.weeks })}
                </span>
                <span className="block text-xs text-stone-600">
                  {t('loan.newDueDate', { date: formatDueDate(option.newDueDate) })}
                </span>
              </span>
            </span>
            <span className="font-semibold tabular-nums text-stone-900">{formatMoney(option.amount)}</span>
          </label>
        ))}
      </fieldset>
      {extend.isError && (
        <ErrorBanner className="mt-4">{errorMessage(extend.error, t('loan.extendFailed'))}</ErrorBanner>
      )}
    </Dialog>
  );
}
