import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { OrderItemView } from '@domain/order-types';
import { formatMoney } from '@domain/money';
import { paths } from '@web/lib/paths';

/**
 * The books of an order as they were at checkout (snapshots), and, while the order is open,
 * how many members wait for each.
 */
export function OrderItems({
  items,
  waitingByBook = {},
}: {
  items: OrderItemView[];
  waitingByBook?: Record<string, number>;
}) {
  const { t } = useTranslation('orders');
  return (
    <ul className="divide-y divide-stone-100">
      {items.map((item) => {
        const cover = (
          <img
            src={item.coverUrl}
            alt=""
            width={56}
            height={84}
            className="h-21 w-14 rounded-md bg-stone-100 object-cover shadow-xs"
          />
        );
        return (
          <li key={item.id} className="flex gap-4 py-4 first:pt-0 last:pb-0">
            {/* A deleted book keeps its snapshot but has no page to link to. */}
            {item.bookId ? (
              <Link to={paths.book(item.bookId)} className="shrink-0" tabIndex={-1} aria-hidden>
                {cover}
              </Link>
            ) : (
              <span className="shrink-0">{cover}</span>
            )}
            <div className="flex min-w-0 flex-1 flex-col gap-0.5 sm:flex-row sm:justify-between sm:gap-4">
              <div className="min-w-0">
                {item.bookId ? (
                  <Link
                    to={paths.book(item.bookId)}
                    className="font-medium text-stone-900 hover:text-brand-700"
                  >
                    {item.title}
                  </Link>
                ) : (
                  <p className="font-medium text-stone-900">{item.title}</p>
                )}
                <p className="text-sm text-stone-500">{t('detail.by', { author: item.author })}</p>
                <p className="mt-1 text-xs text-stone-500">
                  {t(`durations.${item.borrowDuration}`)} ·{' '}
                  {t('detail.perWeek', { price: formatMoney(item.weeklyPrice) })}
                </p>
                {item.bookId && waitingByBook[item.bookId] ? (
                  <p className="mt-1 text-sm font-medium text-amber-800" data-testid="waiting-for-book">
                    {t('detail.waiting', { count: waitingByBook[item.bookId] })}
                  </p>
                ) : null}
              </div>
              <p className="shrink-0 font-semibold text-stone-900 sm:text-right">
                {formatMoney(item.itemTotal)}
              </p>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
