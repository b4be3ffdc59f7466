import '@web/lib/words/admin';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatMoney } from '@domain/money';
import { ErrorBanner, LoadingState } from '@web/components/ui/feedback';
import { Field, Input } from '@web/components/ui/field';
import { useFinanceFigures } from '@web/features/admin/finance-api';
import { formatCount, formatMonthYear, operatorToday } from '@web/lib/format';

// A month's money as the platform counts it. The gateway's fee is the platform's cost,
// taken from the service fees; the owners' shares are what checkout fixed and never carry it.
// The month lives in the URL (?tab=finance&month=2026-12), so reload and Back keep it.

/** A signed amount as the one money formatter writes it: "−Rp 3.900". */
const signedMoney = (value: string) =>
  value.startsWith('-') ? `−${formatMoney(value.slice(1))}` : formatMoney(value);

export function FinanceTab() {
  const { t } = useTranslation('finance');
  const [search, setSearch] = useSearchParams();
  const asked = search.get('month');
  const month = asked && /^\d{4}-(0[1-9]|1[0-2])$/.test(asked) ? asked : operatorToday().slice(0, 7);
  const figures = useFinanceFigures(month);
  const monthWords = formatMonthYear(`${month}-15T12:00:00Z`);

  const setMonth = (value: string) =>
    setSearch((prev) => {
      const next = new URLSearchParams(prev);
      if (value) next.set('month', value);
      else next.delete('month');
      return next;
    });

  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-3 rounded-2xl border border-stone-200 bg-white p-4 shadow-xs sm:flex-row sm:items-end sm:justify-between">
        <div className="max-w-2xl">
          <h2 className="font-semibold text-stone-900">{t('figures.title', { month: monthWords })}</h2>
          <p className="mt-1 text-sm text-stone-600">{t('figures.intro')}</p>
        </div>
        <Field label={t('figures.month')} htmlFor="finance-month" className="sm:w-48">
          <Input id="finance-month" type="month" value={month} onChange={(e) => setMonth(e.target.value)} />
        </Field>
      </div>
      {figures.isPending ? (
        <LoadingState label={t('figures.title', { month: monthWords })} />
      ) : figures.isError ? (
        <ErrorBanner>{t('figures.loadFailed')}</ErrorBanner>
      ) : (
        <dl
          className="divide-y divide-stone-100 rounded-2xl border border-stone-200 bg-white text-sm shadow-xs"
          data-testid="finance-figures"
        >
          <Row label={t('figures.paidOrders')} value={formatCount(figures.data.paidOrders)} />
          <Row label={t('figures.received')} value={formatMoney(figures.data.received)} />
          <Row label={t('figures.itemsTotal')} value={formatMoney(figures.data.itemsTotal)} />
          <Row label={t('figures.shipping')} value={formatMoney(figures.data.shipping)} />
          <Row label={t('figures.ownerShares')} value={formatMoney(figures.data.ownerShares)} />
          <Row label={t('figures.serviceFees')} value={formatMoney(figures.data.serviceFees)} />
          <Row
            label={t('figures.gatewayFees')}
            hint={t('figures.gatewayPayments', { count: figures.data.gatewayPayments })}
            value={signedMoney(figures.data.gatewayFees === '0.00' ? '0.00' : `-${figures.data.gatewayFees}`)}
          />
          <Row
            label={t('figures.platformNet')}
            hint={t('figures.platformNetHint')}
            value={signedMoney(figures.data.platformNet)}
            strong
          />
        </dl>
      )}
    </div>
  );
}

function Row({
  label,
  hint,
  value,
  strong,
}: {
  label: string;
  hint?: string;
  value: string;
  strong?: boolean;
}) {
  return (
    <div className="flex items-start justify-between gap-4 px-4 py-3">
      <dt className={strong ? 'font-semibold text-stone-900' : 'text-stone-600'}>
        {label}
        {hint && <span className="block text-xs font-normal text-stone-500">{hint}</span>}
      </dt>
      <dd
        className={`text-right whitespace-nowrap tabular-nums ${strong ? 'text-base font-bold text-stone-900' : 'text-stone-900'}`}
      >
        {value}
      </dd>
    </div>
  );
}
