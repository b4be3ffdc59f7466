import '@web/lib/words/books';
import { useQuery } from '@tanstack/react-query';
import { BookPlus, Eye, FileUp, Library, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { toast } from '@web/lib/toast';
import type { ManagedBook } from '@domain/api-types';
import { formatMoney } from '@domain/money';
import { CursorPager } from '@web/components/cursor-pager';
import { Button, ButtonLink } from '@web/components/ui/button';
import { Container, PageHeader } from '@web/components/ui/card';
import { ConfirmDialog } from '@web/components/ui/dialog';
import { EmptyState, ErrorBanner } from '@web/components/ui/feedback';
import { QueryState } from '@web/components/query-state';
import { errorMessage } from '@web/lib/api';
import { AvailabilityBadge } from '@web/components/availability-badge';
import { useWaitlistCounts } from '@web/features/waitlist/api';
import { AwaySection } from '@web/features/books/components/away-section';
import { myBooksQuery, useDeleteBook } from '@web/features/books/api';
import { BookStatusSelect } from '@web/features/books/components/book-status-select';
import { useCursorParam } from '@web/lib/cursor-param';
import { paths } from '@web/lib/paths';

export default function ManageBooksPage() {
  const { t } = useTranslation('books');
  // The page shown lives in the URL (?cursor=..), so reload and Back keep it.
  const [cursor, setCursor] = useCursorParam();
  const query = useQuery(myBooksQuery(cursor));
  const [toDelete, setToDelete] = useState<ManagedBook | null>(null);
  const justListed = (useLocation().state as { listed?: boolean } | null)?.listed === true;

  const addButton = (
    <div className="flex flex-wrap gap-2">
      <ButtonLink to="/books/import" variant="outline">
        <FileUp className="size-4" aria-hidden />
        {t('manage.import')}
      </ButtonLink>
      <ButtonLink to="/books/new">
        <BookPlus className="size-4" aria-hidden />
        {t('manage.add')}
      </ButtonLink>
    </div>
  );

  const body = (
    <QueryState
      query={query}
      loading={t('manage.loading')}
      failed={errorMessage(query.error, t('manage.failed'))}
      isEmpty={(data) => data.items.length === 0}
      empty={
        <EmptyState
          icon={<Library className="size-10" aria-hidden />}
          title={t('manage.emptyTitle')}
          description={t('manage.emptyDescription')}
          action={addButton}
        />
      }
    >
      {(data) => (
        <>
          <BookTable books={data.items} onDelete={setToDelete} />
          <CursorPager page={data} testId="books-pager" onCursor={setCursor} />
        </>
      )}
    </QueryState>
  );

  return (
    <Container className="py-8 sm:py-10">
      <title>{t('pageTitle', { title: t('manage.title') })}</title>
      <PageHeader
        title={t('manage.title')}
        description={t('manage.description')}
        actions={query.data && query.data.items.length > 0 ? addButton : undefined}
      />
      {justListed && query.data?.items.length === 1 && <OwnerSetup />}
      {/* An owner with books may set the days they are away. */}
      {query.data && query.data.items.length > 0 && <AwaySection />}
      {body}
      <DeleteBookDialog book={toDelete} onClose={() => setToDelete(null)} />
    </Container>
  );
}

/** Owner setup, offered once a member lists a first book (not right after sign-up). */
function OwnerSetup() {
  const { t } = useTranslation('books');
  return (
    <section
      className="mb-6 rounded-2xl border border-brand-100 bg-brand-50 p-5 text-sm text-brand-900"
      data-testid="owner-setup"
    >
      <h2 className="font-semibold">{t('manage.setupTitle')}</h2>
      <p className="mt-1">{t('manage.setupText')}</p>
      <ButtonLink to="/profile/edit" size="sm" className="mt-3">
        {t('manage.setupAction')}
      </ButtonLink>
    </section>
  );
}

function BookTable({ books, onDelete }: { books: ManagedBook[]; onDelete: (book: ManagedBook) => void }) {
  const { t } = useTranslation('books');
  const waiting = useWaitlistCounts(books.map((book) => book.id));
  return (
    <>
      {/* Phones get cards: a four-column table does not fit 390px. */}
      <ul className="space-y-3 md:hidden">
        {books.map((book) => (
          <li key={book.id} className="rounded-2xl border border-stone-200 bg-white p-4 shadow-xs">
            <BookCell book={book} waiting={waiting[book.id] ?? 0} />
            <div className="mt-3 flex flex-wrap items-center justify-between gap-3 border-t border-stone-100 pt-3">
              <Price book={book} />
              <StatusCell book={book} />
            </div>
            <div className="mt-3">
              <Actions book={book} onDelete={onDelete} />
            </div>
          </li>
        ))}
      </ul>

      <div className="hidden overflow-hidden rounded-2xl border border-stone-200 bg-white shadow-xs md:block">
        <table className="w-full text-left text-sm">
          <thead className="border-b border-stone-200 bg-stone-50 text-xs font-semibold tracking-wide text-stone-500 uppercase">
            <tr>
              <th scope="col" className="px-4 py-3">
                {t('manage.columns.book')}
              </th>
              <th scope="col" className="px-4 py-3">
                {t('manage.columns.status')}
              </th>
              <th scope="col" className="px-4 py-3">
                {t('manage.columns.price')}
              </th>
              <th scope="col" className="px-4 py-3 text-right">
                {t('manage.columns.actions')}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-100">
            {books.map((book) => (
              <tr key={book.id} className="align-middle">
                <td className="px-4 py-3">
                  <BookCell book={book} waiting={waiting[book.id] ?? 0} />
                </td>
                <td className="px-4 py-3">
                  <StatusCell book={book} />
                </td>
                <td className="px-4 py-3 whitespace-nowrap">
                  <Price book={book} />
                </td>
                <td className="px-4 py-3">
                  <div className="flex justify-end">
                    <Actions book={book} onDelete={onDelete} />
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

function BookCell({ book, waiting }: { book: ManagedBook; waiting: number }) {
  const { t } = useTranslation('books');
  const { t: tw } = useTranslation('waitlist');
  return (
    <div className="flex min-w-0 items-center gap-3">
      <img
        src={book.cover.card}
        alt=""
        width={48}
        height={72}
        loading="lazy"
        className="h-18 w-12 shrink-0 rounded-md bg-stone-100 object-cover"
      />
      <div className="min-w-0">
        <Link
          to={paths.book(book.id)}
          className="line-clamp-2 font-semibold text-stone-900 hover:text-brand-700"
        >
          {book.title}
        </Link>
        <p className="text-xs text-stone-500">
          {t('manage.categoryLanguage', {
            category: t(`common:enums.category.${book.category}`),
            language: t(`common:enums.language.${book.language}`),
          })}
        </p>
        {waiting > 0 && (
          <p className="text-xs font-medium text-amber-800" data-testid="manage-waiting">
            {tw('counts.count', { count: waiting })}
          </p>
        )}
      </div>
    </div>
  );
}

/** An owner can switch a free book on or off; a book in an order shows why it can't be. */
function StatusCell({ book }: { book: ManagedBook }) {
  if (book.inOpenOrder || book.status === 'Borrowed') {
    return (
      <div className="flex flex-wrap items-center gap-2 md:flex-col md:items-start">
        <AvailabilityBadge availability={book.availability} backOn={book.backOn} />
        <BookStatusSelect book={book} />
      </div>
    );
  }
  return <BookStatusSelect book={book} />;
}

function Price({ book }: { book: ManagedBook }) {
  const { t } = useTranslation('books');
  return (
    <p>
      <span className="font-semibold text-stone-900">{formatMoney(book.weeklyPrice)}</span>{' '}
      <span className="text-xs text-stone-500">{t('manage.perWeek')}</span>
    </p>
  );
}

function Actions({ book, onDelete }: { book: ManagedBook; onDelete: (book: ManagedBook) => void }) {
  const { t } = useTranslation('books');
  return (
    <div className="flex flex-wrap gap-2">
      <ButtonLink
        to={paths.book(book.id)}
        variant="ghost"
        size="sm"
        aria-label={t('manage.viewLabel', { title: book.title })}
      >
        <Eye className="size-4" aria-hidden />
        {t('manage.view')}
      </ButtonLink>
      <ButtonLink
        to={paths.editBook(book.id)}
        variant="outline"
        size="sm"
        aria-label={t('manage.editLabel', { title: book.title })}
      >
        <Pencil className="size-4" aria-hidden />
        {t('manage.edit')}
      </ButtonLink>
      <Button
        variant="ghost"
        size="sm"
        className="text-red-700 hover:bg-red-50"
        onClick={() => onDelete(book)}
        aria-label={t('manage.deleteLabel', { title: book.title })}
      >
        <Trash2 className="size-4" aria-hidden />
        {t('manage.delete')}
      </Button>
    </div>
  );
}

function DeleteBookDialog({ book, onClose }: { book: ManagedBook | null; onClose: () => void }) {
  const { t } = useTranslation('books');
  const remove = useDeleteBook();
  const [error, setError] = useState<string | null>(null);

  function close() {
    setError(null);
    remove.reset();
    onClose();
  }

  return (
    <ConfirmDialog
      open={book !== null}
      onOpenChange={(open) => !open && close()}
      title={t('manage.deleteTitle')}
      description={book ? t('manage.deleteConfirm', { title: book.title }) : ''}
      cancelLabel={t('manage.cancel')}
      confirmLabel={t('manage.delete')}
      loading={remove.isPending}
      onConfirm={() => {
        if (!book) return;
        remove.mutate(book.id, {
          onSuccess: () => {
            toast.success(t('manage.deleted', { title: book.title }));
            close();
          },
          // The server refuses while the book is in an open order: show its reason.
          onError: (err) => setError(errorMessage(err, t('manage.deleteFailed'))),
        });
      }}
    >
      {error && <ErrorBanner className="mt-4">{error}</ErrorBanner>}
    </ConfirmDialog>
  );
}
