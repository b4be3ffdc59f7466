import '@web/lib/words/admin';
import { useTranslation } from 'react-i18next';
import type { AdminBulkStatusResult } from '@domain/admin-types';
import { ADMIN_STEP_ACTIONS, type AdminStepAction } from '@domain/order-machine';
import { Button } from '@web/components/ui/button';
import { ErrorBanner, SuccessBanner } from '@web/components/ui/feedback';
import { codeText } from '@web/lib/error-text';

// The orders list's bulk status change: the bar that acts on the selected orders, and what the
// server answered order by order (the ones moved, the ones refused with the reason).

export function BulkActionBar({
  count,
  pending,
  onAction,
  onClear,
}: {
  count: number;
  /** The action in flight, if any. */
  pending: AdminStepAction | null;
  onAction: (action: AdminStepAction) => void;
  onClear: () => void;
}) {
  const { t } = useTranslation('admin');
  return (
    <section
      aria-label={t('orders.bulk.barLabel')}
      className="sticky bottom-2 z-10 flex flex-col gap-3 rounded-2xl border border-brand-200 bg-brand-50 p-3 shadow-md sm:flex-row sm:flex-wrap sm:items-center sm:justify-between"
    >
      <div className="flex items-center justify-between gap-3">
        <p className="text-sm font-semibold text-stone-900" aria-live="polite">
          {t('orders.bulk.selected', { count })}
        </p>
        <button
          type="button"
          onClick={onClear}
          disabled={pending !== null}
          className="text-sm font-medium text-brand-700 hover:underline disabled:opacity-50"
        >
          {t('orders.bulk.clear')}
        </button>
      </div>
      {/* One button a row at phone width: the Indonesian labels are too long for half of it. */}
      <div className="grid grid-cols-1 gap-2 sm:flex sm:flex-wrap">
        {ADMIN_STEP_ACTIONS.map((action) => (
          <Button
            key={action}
            size="sm"
            variant="outline"
            className="bg-white"
            onClick={() => onAction(action)}
            loading={pending === action}
            disabled={pending !== null}
          >
            {t(`orders.actions.${action}`)}
          </Button>
        ))}
      </div>
    </section>
  );
}

export function BulkResult({ result }: { result: AdminBulkStatusResult }) {
  const { t } = useTranslation('admin');
  return (
    <div className="space-y-2">
      {result.moved.length > 0 ? (
        <SuccessBanner>{t('orders.bulk.moved', { count: result.moved.length })}</SuccessBanner>
      ) : (
        <ErrorBanner>{t('orders.bulk.movedNone')}</ErrorBanner>
      )}
      {result.refused.length > 0 && (
        <ErrorBanner>
          <p className="font-medium">{t('orders.bulk.refused', { count: result.refused.length })}</p>
          <ul className="mt-1 list-disc space-y-0.5 pl-5">
            {result.refused.map((r) => (
              <li key={r.id}>
                {t('orders.bulk.refusedLine', {
                  number: r.number,
                  reason: codeText(r.code, r.params) ?? r.code,
                })}
              </li>
            ))}
          </ul>
        </ErrorBanner>
      )}
    </div>
  );
}
