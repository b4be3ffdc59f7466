import '@web/lib/words/statistics';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { DATE_LOCALES, dateFormatIn } from '@domain/date-words';
import { formatMoney, toMinor } from '@domain/money';
import type { StatisticsWeek } from '@domain/statistics-types';
import { isUiLanguage, type UiLanguage } from '@domain/ui-language';
import { cn } from '@web/components/ui/cn';
import { ErrorBanner, LoadingState } from '@web/components/ui/feedback';
import { useWeeklyStatistics } from '@web/features/admin/statistics-api';
import { formatCount } from '@web/lib/format';

// The admin's Statistics tab: the last twelve weeks as charts (recharts, in this lazy chunk
// only: the first page's budget, scripts/page-sizes.mjs) and every number as a table. The
// tables are always there for a screen reader (the charts are hidden from it); "Tables" shows
// them on screen instead of the charts. Colours are the app's (styles.css).

const BRAND = 'var(--color-brand-600)';
const SECOND = 'var(--color-amber-500)';
const GRID = 'var(--color-stone-200)';
const AXIS_TEXT = { fontSize: 12, fill: 'var(--color-stone-600)' };

type View = 'charts' | 'tables';

/** One line of a chart and one column of its table. */
interface Series {
  label: string;
  color: string;
  /** The plotted number; null leaves a gap (no median in a week without orders). */
  value: (week: StatisticsWeek) => number | null;
  /** The number as the table and the tooltip write it. */
  text: (week: StatisticsWeek) => string;
}

interface ChartSpec {
  id: string;
  title: string;
  hint?: string;
  kind: 'bar' | 'line';
  series: Series[];
  /** How the value axis writes a tick. */
  tick: (value: number) => string;
  /** Room for the value axis's ticks, px. */
  axisWidth?: number;
}

/** Whole rupiah of a money string, for plotting only: the texts use formatMoney. */
const rupiah = (value: string) => Math.round(toMinor(value) / 100);

export default function StatisticsTab() {
  const { t, i18n } = useTranslation('statistics');
  const [view, setView] = useState<View>('charts');
  const statistics = useWeeklyStatistics();
  const lang: UiLanguage = isUiLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';

  if (statistics.isPending) return <LoadingState label={t('loading')} />;
  if (statistics.isError) return <ErrorBanner>{t('loadFailed')}</ErrorBanner>;

  const weeks = statistics.data.weeks;
  const compact = new Intl.NumberFormat(DATE_LOCALES[lang], {
    notation: 'compact',
    maximumFractionDigits: 1,
  });
  const percent = new Intl.NumberFormat(DATE_LOCALES[lang], { style: 'percent', maximumFractionDigits: 0 });
  const count = (pick: (w: StatisticsWeek) => number) => ({
    value: pick,
    text: (w: StatisticsWeek) => formatCount(pick(w)),
  });
  const money = (pick: (w: StatisticsWeek) => string) => ({
    value: (w: StatisticsWeek) => rupiah(pick(w)),
    text: (w: StatisticsWeek) => formatMoney(pick(w)),
  });
  const duration = (pick: (w: StatisticsWeek) => number | null) => ({
    // Hours on the chart, to one decimal: a time, not money.
    value: (w: StatisticsWeek) => {
      const minutes = pick(w);
      return minutes === null ? null : Math.round(minutes / 6) / 10;
    },
    text: (w: StatisticsWeek) => {
      const minutes = pick(w);
      if (minutes === null) return t('noValue');
      return t('timing.duration', { hours: formatCount(Math.floor(minutes / 60)), minutes: minutes % 60 });
    },
  });
  const countTick = (value: number) => formatCount(value);
  const moneyTick = (value: number) => `Rp ${compact.format(value)}`;

  const charts: ChartSpec[] = [
    {
      id: 'orders',
      title: t('orders.title'),
      kind: 'bar',
      tick: countTick,
      series: [
        { label: t('orders.placed'), color: BRAND, ...count((w) => w.ordersPlaced) },
        { label: t('orders.completed'), color: SECOND, ...count((w) => w.ordersCompleted) },
      ],
    },
    {
      id: 'books',
      title: t('books.title'),
      kind: 'bar',
      tick: countTick,
      series: [
        { label: t('books.listed'), color: BRAND, ...count((w) => w.booksListed) },
        { label: t('books.borrowed'), color: SECOND, ...count((w) => w.booksBorrowed) },
      ],
    },
    {
      id: 'members',
      title: t('members.title'),
      hint: t('members.hint'),
      kind: 'bar',
      tick: countTick,
      series: [{ label: t('members.active'), color: BRAND, ...count((w) => w.activeMembers) }],
    },
    {
      id: 'timing',
      title: t('timing.title'),
      kind: 'line',
      tick: (value) => t('timing.hours', { value: formatCount(value) }),
      axisWidth: 56,
      series: [
        { label: t('timing.toPayment'), color: BRAND, ...duration((w) => w.medianMinutesToPayment) },
        { label: t('timing.toHandover'), color: SECOND, ...duration((w) => w.medianMinutesToHandover) },
      ],
    },
    {
      id: 'on-time',
      title: t('onTime.title'),
      hint: t('onTime.hint'),
      kind: 'line',
      tick: (value) => percent.format(value / 100),
      series: [
        {
          label: t('onTime.share'),
          color: BRAND,
          value: (w) =>
            w.loansReturned ? Math.round((100 * w.loansReturnedOnTime) / w.loansReturned) : null,
          text: (w) =>
            w.loansReturned
              ? t('onTime.ofReturned', {
                  onTime: formatCount(w.loansReturnedOnTime),
                  returned: formatCount(w.loansReturned),
                  share: percent.format(w.loansReturnedOnTime / w.loansReturned),
                })
              : t('noValue'),
        },
      ],
    },
    {
      id: 'money',
      title: t('money.title'),
      kind: 'bar',
      tick: moneyTick,
      axisWidth: 72,
      series: [
        { label: t('money.collected'), color: BRAND, ...money((w) => w.collected) },
        { label: t('money.ownerPayouts'), color: SECOND, ...money((w) => w.ownerPayouts) },
      ],
    },
    {
      id: 'fees',
      title: t('fees.title'),
      hint: t('fees.hint'),
      kind: 'bar',
      tick: moneyTick,
      axisWidth: 72,
      series: [
        { label: t('fees.serviceFees'), color: BRAND, ...money((w) => w.serviceFees) },
        { label: t('fees.gatewayFees'), color: SECOND, ...money((w) => w.gatewayFees) },
      ],
    },
  ];

  const shortWeek = (w: StatisticsWeek) =>
    dateFormatIn(lang, { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
      new Date(`${w.weekStart}T00:00:00Z`),
    );
  const longWeek = (w: StatisticsWeek) =>
    dateFormatIn(lang, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
      new Date(`${w.weekStart}T00:00:00Z`),
    );

  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-3 rounded-2xl border border-stone-200 bg-white p-4 shadow-xs sm:flex-row sm:items-end sm:justify-between">
        <div className="max-w-2xl">
          <h2 className="font-semibold text-stone-900">{t('title')}</h2>
          <p className="mt-1 text-sm text-stone-600">{t('intro')}</p>
        </div>
        <fieldset className="flex shrink-0 self-start rounded-lg sm:self-auto border border-stone-200 bg-stone-50 p-0.5 text-sm">
          <legend className="sr-only">{t('view.label')}</legend>
          {(['charts', 'tables'] as const).map((option) => (
            <button
              key={option}
              type="button"
              aria-pressed={view === option}
              onClick={() => setView(option)}
              className={cn(
                'rounded-md px-3 py-1.5 font-medium',
                view === option ? 'bg-white text-brand-800 shadow-xs' : 'text-stone-600 hover:text-stone-900',
              )}
            >
              {t(`view.${option}`)}
            </button>
          ))}
        </fieldset>
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        {charts.map((chart) => (
          <ChartCard
            key={chart.id}
            chart={chart}
            weeks={weeks}
            view={view}
            shortWeek={shortWeek}
            longWeek={longWeek}
            weekHeader={t('week')}
          />
        ))}
      </div>
    </div>
  );
}

function ChartCard({
  chart,
  weeks,
  view,
  shortWeek,
  longWeek,
  weekHeader,
}: {
  chart: ChartSpec;
  weeks: StatisticsWeek[];
  view: View;
  shortWeek: (w: StatisticsWeek) => string;
  longWeek: (w: StatisticsWeek) => string;
  weekHeader: string;
}) {
  const { t } = useTranslation('statistics');
  const titleId = useId();
  // A chart of nothing but zeros and gaps says less than a sentence; the table still lists the weeks.
  const empty = weeks.every((w) => chart.series.every((s) => !s.value(w)));
  const rows = weeks.map((w) => ({
    week: shortWeek(w),
    ...Object.fromEntries(chart.series.map((s, i) => [`s${i}`, s.value(w)])),
  }));
  // The tooltip writes each number as the table does.
  const textAt = (index: number, seriesKey: string) => {
    const week = weeks[index];
    const series = chart.series[Number(seriesKey.slice(1))];
    return week && series ? series.text(week) : '';
  };
  const axes = (
    <>
      <CartesianGrid stroke={GRID} vertical={false} />
      {/* Every other week named: the same six dates on every chart, readable on a phone. */}
      <XAxis dataKey="week" tick={AXIS_TEXT} tickLine={false} axisLine={{ stroke: GRID }} interval={1} />
      <YAxis
        tick={AXIS_TEXT}
        tickLine={false}
        axisLine={false}
        width={chart.axisWidth ?? 40}
        allowDecimals={chart.id === 'timing'}
        tickFormatter={chart.tick}
      />
      <Tooltip
        formatter={(_value, name, item) => [textAt(rows.indexOf(item.payload), String(item.dataKey)), name]}
        cursor={{ fill: 'var(--color-stone-100)' }}
      />
    </>
  );
  return (
    <section
      aria-labelledby={titleId}
      className="rounded-2xl border border-stone-200 bg-white p-4 shadow-xs"
      data-testid={`statistics-${chart.id}`}
    >
      <h3 id={titleId} className="font-semibold text-stone-900">
        {chart.title}
      </h3>
      {chart.hint && <p className="mt-0.5 text-xs text-stone-500">{chart.hint}</p>}
      {/* The colour key, for the chart only: the table's columns name their figures. */}
      {view === 'charts' && !empty && (
        <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-stone-700" aria-hidden>
          {chart.series.map((s) => (
            <li key={s.label} className="flex items-center gap-1.5">
              <span className="size-2.5 rounded-sm" style={{ background: s.color }} />
              {s.label}
            </li>
          ))}
        </ul>
      )}
      {view === 'charts' && empty && (
        <p className="mt-3 flex h-56 items-center justify-center rounded-xl bg-stone-50 px-4 text-center text-sm text-stone-500">
          {t('empty')}
        </p>
      )}
      {view === 'charts' && !empty && (
        // The table below says the same to a screen reader.
        <div className="mt-3 h-56" aria-hidden>
          <ResponsiveContainer width="100%" height="100%">
            {chart.kind === 'bar' ? (
              <BarChart data={rows} margin={{ top: 4, right: 4, bottom: 0, left: 0 }}>
                {axes}
                {chart.series.map((s, i) => (
                  <Bar
                    key={s.label}
                    dataKey={`s${i}`}
                    name={s.label}
                    fill={s.color}
                    radius={[3, 3, 0, 0]}
                    isAnimationActive={false}
                  />
                ))}
              </BarChart>
            ) : (
              <LineChart data={rows} margin={{ top: 4, right: 8, bottom: 0, left: 0 }}>
                {axes}
                {chart.series.map((s, i) => (
                  <Line
                    key={s.label}
                    dataKey={`s${i}`}
                    name={s.label}
                    stroke={s.color}
                    strokeWidth={2}
                    dot={{ r: 3, fill: s.color }}
                    isAnimationActive={false}
                  />
                ))}
              </LineChart>
            )}
          </ResponsiveContainer>
        </div>
      )}
      <div className={view === 'tables' ? 'mt-3 overflow-x-auto' : 'sr-only'}>
        <table className="w-full text-sm">
          <caption className="sr-only">{chart.title}</caption>
          <thead>
            <tr className="border-b border-stone-200 text-left text-xs text-stone-600">
              <th scope="col" className="py-1.5 pr-3 font-medium">
                {weekHeader}
              </th>
              {chart.series.map((s) => (
                <th key={s.label} scope="col" className="py-1.5 pl-3 text-right font-medium">
                  {s.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-100">
            {weeks.map((w) => (
              <tr key={w.weekStart}>
                <th
                  scope="row"
                  className="py-1.5 pr-3 text-left font-normal whitespace-nowrap text-stone-700"
                >
                  {longWeek(w)}
                </th>
                {chart.series.map((s) => (
                  <td
                    key={s.label}
                    className="py-1.5 pl-3 text-right whitespace-nowrap tabular-nums text-stone-900"
                  >
                    {s.text(w)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
