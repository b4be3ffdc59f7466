import '@web/lib/words/admin';
import { BookOpen, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AdminBookRow } from '@domain/admin-types';
import { BOOK_STATUSES, type BookStatus } from '@domain/constants';
import { formatMoney } from '@domain/money';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { ConfirmDialog } from '@web/components/ui/dialog';
import { Select } from '@web/components/ui/field';
import { useAdminBooks, useDeleteBook, useSetBookStatus } from '@web/features/admin/api';
import { useConfirmedDelete } from './confirmed-delete';
import { ListTab } from './list-tab';
import { RowList } from './row-list';
import type { TabProps } from './tab-props';
import { useWriteFeedback } from './write-feedback';
import { WaitlistEntries } from './waitlist-entries';
import { useWaitlistCounts } from '@web/features/waitlist/api';
import { paths } from '@web/lib/paths';

export function BooksTab({ params, onParams }: TabProps) {
  const { t } = useTranslation('admin');
  const books = useAdminBooks(params);
  const waiting = useWaitlistCounts(books.data?.items.map((book) => book.id) ?? []);
  const setStatus = useSetBookStatus();
  const { error, feedback } = useWriteFeedback();
  const deleting = useConfirmedDelete(useDeleteBook(), (book: AdminBookRow) =>
    feedback(() => t('books.deleted', { title: book.title }), t('books.deleteFailed')),
  );

  const changeStatus = (book: AdminBookRow, status: BookStatus) =>
    setStatus.mutate(
      { bookId: book.id, status },
      feedback(() => t('books.statusUpdated', { title: book.title, status }), t('books.statusFailed')),
    );

  return (
    <div className="space-y-4">
      <ListTab
        id="books"
        params={params}
        onParams={onParams}
        searchPlaceholder={t('search.books')}
        filter={{
          param: 'status',
          label: t('books.status'),
          allLabel: t('orders.allStatuses'),
          options: BOOK_STATUSES.map((s) => ({ value: s, label: t(`books.statuses.${s}`) })),
          className: 'sm:w-44',
        }}
        writeError={error}
        query={books}
        empty={{
          icon: <BookOpen className="size-8" aria-hidden />,
          title: t('books.empty'),
          description: t('books.emptyHint'),
        }}
      >
        {(items) => (
          <RowList>
            {items.map((book) => (
              <li
                key={book.id}
                aria-label={book.title}
                className="flex flex-col gap-3 p-4 md:flex-row md:items-center md:gap-4"
              >
                <div className="flex min-w-0 flex-1 items-center gap-3">
                  <img
                    src={book.cover.card}
                    alt=""
                    loading="lazy"
                    className="h-16 w-12 shrink-0 rounded-md bg-stone-100 object-cover"
                  />
                  <div className="min-w-0">
                    <Link
                      to={paths.book(book.id)}
                      className="block truncate font-medium text-stone-900 hover:text-brand-700"
                    >
                      {book.title}
                    </Link>
                    <p className="truncate text-sm text-stone-600">
                      {t('books.by', { author: book.author })}
                    </p>
                    <p className="text-sm text-stone-500">
                      {t('books.perWeek', { price: formatMoney(book.weeklyPrice) })}
                    </p>
                    <WaitlistEntries bookId={book.id} title={book.title} waiting={waiting[book.id] ?? 0} />
                  </div>
                </div>
                <div className="min-w-0 text-sm md:w-56">
                  <p className="text-xs font-medium tracking-wide text-stone-500 uppercase">
                    {t('books.owner')}
                  </p>
                  <p className="truncate text-stone-800">{book.ownerName ?? t('books.noOwner')}</p>
                  {book.ownerEmail && <p className="truncate text-stone-500">{book.ownerEmail}</p>}
                </div>
                <div className="flex items-center gap-2 md:w-auto">
                  <div className="flex w-40 flex-col gap-1">
                    <label htmlFor={`book-status-${book.id}`} className="sr-only">
                      {t('books.statusLabel', { title: book.title })}
                    </label>
                    <Select
                      id={`book-status-${book.id}`}
                      value={book.status}
                      onChange={(e) => changeStatus(book, e.target.value as BookStatus)}
                      disabled={setStatus.isPending && setStatus.variables?.bookId === book.id}
                    >
                      {BOOK_STATUSES.map((s) => (
                        <option key={s} value={s}>
                          {t(`books.statuses.${s}`)}
                        </option>
                      ))}
                    </Select>
                    {book.inOpenOrder && (
                      <Badge tone="amber" className="self-start">
                        {t('books.inOpenOrder')}
                      </Badge>
                    )}
                  </div>
                  <Button
                    variant="outline"
                    className="text-red-700"
                    onClick={() => deleting.ask(book)}
                    aria-label={`${t('books.delete')} ${book.title}`}
                  >
                    <Trash2 className="size-4" aria-hidden />
                    {t('books.delete')}
                  </Button>
                </div>
              </li>
            ))}
          </RowList>
        )}
      </ListTab>

      <ConfirmDialog
        {...deleting.dialog}
        title={t('books.deleteTitle')}
        description={t('books.deleteDescription', { title: deleting.target?.title ?? '' })}
        confirmLabel={t('books.delete')}
        cancelLabel={t('books.cancel')}
      />
    </div>
  );
}
