import { MapPin, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CartItemView, OwnerGroup } from '@domain/cart-types';
import { BORROW_DURATIONS, type BorrowDuration } from '@domain/constants';
import { formatMoney } from '@domain/money';
import { Button } from '@web/components/ui/button';
import { Select } from '@web/components/ui/field';
import { paths } from '@web/lib/paths';

/** One owner's part of the cart: duration for all their books, the books, remove actions. */
export function OwnerGroupCard({
  group,
  busy,
  onDurationChange,
  onRemoveItem,
  onRemoveAll,
}: {
  group: OwnerGroup;
  busy: boolean;
  onDurationChange: (duration: BorrowDuration) => void;
  onRemoveItem: (item: CartItemView) => void;
  onRemoveAll: () => void;
}) {
  const { t } = useTranslation('cart');
  const selectId = `duration-${group.ownerId}`;
  const hasOwner = group.ownerId !== '';
  return (
    <section
      aria-label={group.ownerName || t('group.unknownOwner')}
      className="overflow-hidden rounded-2xl border border-stone-200 bg-white shadow-xs"
    >
      <header className="flex flex-col gap-3 border-b border-stone-100 bg-stone-50/60 px-4 py-3 sm:flex-row sm:items-center sm:justify-between sm:px-5">
        <div className="min-w-0">
          <p className="text-xs font-medium tracking-wide text-stone-500 uppercase">{t('group.from')}</p>
          <h2 className="truncate text-base font-semibold text-stone-900">
            {hasOwner ? (
              <Link to={paths.owner(group.ownerId)} className="hover:text-brand-700">
                {group.ownerName || t('group.unknownOwner')}
              </Link>
            ) : (
              group.ownerName || t('group.unknownOwner')
            )}
          </h2>
          {group.ownerLocation && (
            <p className="mt-0.5 flex items-center gap-1 text-sm text-stone-500">
              <MapPin className="size-3.5" aria-hidden />
              {group.ownerLocation}
            </p>
          )}
        </div>
        {/* Books whose owner's account is gone can only be removed one by one (ownerId ''). */}
        {hasOwner && (
          <div className="flex items-end gap-2">
            <div className="space-y-1">
              <label htmlFor={selectId} className="block text-xs font-medium text-stone-600">
                {t('group.duration')}
              </label>
              <Select
                id={selectId}
                value={group.borrowDuration}
                disabled={busy}
                onChange={(e) => onDurationChange(Number(e.target.value) as BorrowDuration)}
                className="w-36"
              >
                {BORROW_DURATIONS.map((weeks) => (
                  <option key={weeks} value={weeks}>
                    {t(`durations.${weeks}`)}
                  </option>
                ))}
              </Select>
            </div>
            <Button variant="ghost" size="md" onClick={onRemoveAll} disabled={busy} className="text-red-700">
              {t('group.removeAll')}
            </Button>
          </div>
        )}
      </header>

      <ul className="divide-y divide-stone-100">
        {group.items.map((item) => (
          <li key={item.id} className="flex gap-4 px-4 py-4 sm:px-5">
            {/* The title links to the book too: the cover link is for the mouse only. */}
            <Link to={paths.book(item.book.id)} className="shrink-0" tabIndex={-1} aria-hidden>
              <img
                src={item.book.cover.card}
                alt=""
                width={64}
                height={96}
                className="h-24 w-16 rounded-md bg-stone-100 object-cover shadow-xs"
              />
            </Link>
            <div className="flex min-w-0 flex-1 flex-col">
              <Link
                to={paths.book(item.book.id)}
                className="line-clamp-2 font-medium text-stone-900 hover:text-brand-700"
              >
                {item.book.title}
              </Link>
              <p className="truncate text-sm text-stone-500">{item.book.author}</p>
              <p className="mt-1 text-xs text-stone-500">
                {t('group.perWeek', { price: formatMoney(item.book.weeklyPrice) })}
              </p>
              <div className="mt-auto flex items-end justify-between gap-2 pt-2">
                <p className="font-semibold text-stone-900">
                  {formatMoney(item.itemTotal)}{' '}
                  <span className="text-xs font-normal text-stone-500">
                    / {t(`durations.${item.borrowDuration}`)}
                  </span>
                </p>
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => onRemoveItem(item)}
                  disabled={busy}
                  aria-label={t('group.removeItem', { title: item.book.title })}
                  className="text-stone-500 hover:text-red-700"
                >
                  <Trash2 className="size-4" aria-hidden />
                  <span className="hidden sm:inline">{t('group.remove')}</span>
                </Button>
              </div>
            </div>
          </li>
        ))}
      </ul>

      <footer className="flex items-center justify-between border-t border-stone-100 px-4 py-3 text-sm sm:px-5">
        <span className="text-stone-600">
          {t('group.ownerTotal')} · {t('group.books', { count: group.totalBooks })}
        </span>
        <span className="font-semibold text-stone-900">{formatMoney(group.totalAmount)}</span>
      </footer>
    </section>
  );
}
