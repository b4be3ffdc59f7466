import '@web/lib/words/payments';
import { Wallet } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatMoney } from '@domain/money';
import { CursorPager } from '@web/components/cursor-pager';
import { Container, PageHeader } from '@web/components/ui/card';
import { EmptyState } from '@web/components/ui/feedback';
import { QueryState } from '@web/components/query-state';
import { useCursorParam } from '@web/lib/cursor-param';
import { formatDay, formatOrderDate } from '@web/lib/format';
import { useEarnings } from '@web/features/payments/api';
import { paths } from '@web/lib/paths';

/**
 * What an owner earns: pending, payable, paid, per order, and the payouts. The orders and
 * the payouts page each by their own cursor in the URL (?cursor=..&payouts=..).
 */
export default function EarningsPage() {
  const { t } = useTranslation('payments');
  const [cursor, setCursor] = useCursorParam('cursor');
  const [payoutsCursor, setPayoutsCursor] = useCursorParam('payouts');
  const earnings = useEarnings(cursor, payoutsCursor);

  const showEarnings = (data: NonNullable<typeof earnings.data>) => {
    const { totals, orders, payouts, payoutDetails, serviceFeePercent } = data;
    const missingBank = !payoutDetails.accountNumber && Number(totals.payable) > 0;
    return (
      <div className="space-y-6">
        <div className="grid grid-cols-2 gap-3 lg:grid-cols-4" data-testid="earnings-totals">
          {(['pending', 'payable', 'paid', 'earned'] as const).map((key) => (
            <div key={key} className="rounded-2xl border border-stone-200 bg-white p-4 shadow-xs">
              <p className="text-sm font-medium text-stone-600">{t(`earnings.totals.${key}`)}</p>
              <p
                className="mt-1 text-xl font-bold text-stone-900 tabular-nums"
                data-testid={`earnings-${key}`}
              >
                {formatMoney(totals[key])}
              </p>
              <p className="text-xs text-stone-500">{t(`earnings.notes.${key}`)}</p>
            </div>
          ))}
        </div>
        {missingBank && (
          <p className="rounded-xl border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
            {t('earnings.addBank')}{' '}
            <Link to="/profile/edit" className="font-medium underline">
              {t('earnings.addBankLink')}
            </Link>
          </p>
        )}
        <p className="text-sm text-stone-600">{t('earnings.explain', { percent: serviceFeePercent })}</p>

        <section className="rounded-2xl border border-stone-200 bg-white p-5 shadow-xs">
          <h2 className="mb-3 text-base font-semibold text-stone-900">{t('earnings.perOrder')}</h2>
          {orders.items.length === 0 ? (
            <EmptyState icon={<Wallet className="size-8" aria-hidden />} title={t('earnings.noOrders')} />
          ) : (
            <div className="overflow-x-auto">
              <table className="w-full text-sm">
                <thead className="text-left text-xs text-stone-500 uppercase">
                  <tr>
                    <th className="py-2 pr-3 font-medium">{t('earnings.columns.order')}</th>
                    <th className="py-2 pr-3 font-medium">{t('earnings.columns.status')}</th>
                    {/* On a phone the items and the fee go under the share: five columns do not fit. */}
                    <th className="hidden py-2 pr-3 text-right font-medium sm:table-cell">
                      {t('earnings.columns.items')}
                    </th>
                    <th className="hidden py-2 pr-3 text-right font-medium sm:table-cell">
                      {t('earnings.columns.fee')}
                    </th>
                    <th className="py-2 text-right font-medium">{t('earnings.columns.share')}</th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-stone-100">
                  {orders.items.map((o) => (
                    <tr key={o.orderId} data-testid="earnings-row">
                      <td className="py-2 pr-3">
                        <Link
                          to={paths.order(o.orderId)}
                          className="font-mono font-medium text-brand-700 hover:underline"
                        >
                          #{o.number}
                        </Link>
                        <p className="text-xs text-stone-500">{formatOrderDate(o.createdAt)}</p>
                      </td>
                      <td className="py-2 pr-3">{t(`earnings.state.${o.state}`)}</td>
                      <td className="hidden py-2 pr-3 text-right tabular-nums sm:table-cell">
                        {formatMoney(o.itemsTotal)}
                      </td>
                      <td className="hidden py-2 pr-3 text-right tabular-nums text-stone-600 sm:table-cell">
                        − {formatMoney(o.serviceFee)}
                      </td>
                      <td className="py-2 text-right tabular-nums">
                        <span className="font-semibold">{formatMoney(o.ownerShare)}</span>
                        <span className="block text-xs whitespace-nowrap text-stone-500 sm:hidden">
                          {t('earnings.columns.items')} {formatMoney(o.itemsTotal)}
                        </span>
                        <span className="block text-xs whitespace-nowrap text-stone-500 sm:hidden">
                          {t('earnings.columns.fee')} − {formatMoney(o.serviceFee)}
                        </span>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {orders.items.length > 0 && (
            <CursorPager page={orders} onCursor={setCursor} testId="earnings-pager" />
          )}
        </section>

        <section className="rounded-2xl border border-stone-200 bg-white p-5 shadow-xs">
          <h2 className="mb-3 text-base font-semibold text-stone-900">{t('earnings.payouts')}</h2>
          {payouts.items.length === 0 ? (
            <p className="text-sm text-stone-500">{t('earnings.noPayouts')}</p>
          ) : (
            <ul className="divide-y divide-stone-100 text-sm">
              {payouts.items.map((p) => (
                <li key={p.id} className="flex flex-wrap justify-between gap-2 py-2" data-testid="payout-row">
                  <span>
                    {formatDay(p.paidOn)} · {t('earnings.reference', { reference: p.reference })}
                  </span>
                  <span className="font-semibold tabular-nums">{formatMoney(p.amount)}</span>
                </li>
              ))}
            </ul>
          )}
          {payouts.items.length > 0 && (
            <CursorPager page={payouts} onCursor={setPayoutsCursor} testId="payouts-pager" />
          )}
        </section>
      </div>
    );
  };

  return (
    <Container className="max-w-5xl py-8 sm:py-10">
      <title>{t('earnings.pageTitle')}</title>
      <PageHeader title={t('earnings.title')} description={t('earnings.subtitle')} />
      <QueryState query={earnings} loading={t('earnings.loading')} failed={t('earnings.failed')}>
        {showEarnings}
      </QueryState>
    </Container>
  );
}
