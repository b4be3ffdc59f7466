import '@web/lib/words/books';
import { useQuery } from '@tanstack/react-query';
import { BookX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { toast } from '@web/lib/toast';
import { ButtonLink } from '@web/components/ui/button';
import { priceText } from '@web/components/ui/price-input';
import { Container, PageHeader } from '@web/components/ui/card';
import { EmptyState, ErrorBanner, LoadingState } from '@web/components/ui/feedback';
import { ApiError } from '@web/lib/api';
import { useSession } from '@web/lib/session';
import { bookDetailQuery } from '@web/features/catalog/api';
import { bookFormData, useUpdateBook } from '@web/features/books/api';
import { BookForm } from '@web/features/books/components/book-form';

/** The upload form, prefilled; only the owner may use it (the server answers 403 to anyone else). */
export default function EditBookPage() {
  const { t } = useTranslation('books');
  const { bookId = '' } = useParams();
  const navigate = useNavigate();
  const { user } = useSession();
  const query = useQuery(bookDetailQuery(bookId));
  const update = useUpdateBook(bookId);

  let body: React.ReactNode;
  if (query.isPending) body = <LoadingState label={t('edit.loading')} />;
  else if (query.isError) {
    const notFound = query.error instanceof ApiError && query.error.status === 404;
    body = notFound ? (
      <EmptyState
        icon={<BookX className="size-10" aria-hidden />}
        title={t('edit.notFound')}
        action={<ButtonLink to="/books/manage">{t('manage.title')}</ButtonLink>}
      />
    ) : (
      <ErrorBanner>{t('edit.failedToLoad')}</ErrorBanner>
    );
  } else if (query.data.ownerId !== user?.id) {
    body = <ErrorBanner>{t('edit.notOwner')}</ErrorBanner>;
  } else {
    const book = query.data;
    body = (
      <BookForm
        initial={{
          title: book.title,
          author: book.author,
          isbn: book.isbn ?? '',
          language: book.language,
          condition: book.condition,
          category: book.category,
          summary: book.summary ?? '',
          weeklyPrice: priceText(book.weeklyPrice),
          monthlyPrice: priceText(book.monthlyPrice),
          salePrice: priceText(book.salePrice),
        }}
        initialPhotos={book.photos.map((p) => ({ kind: 'stored' as const, key: p.key, url: p.card }))}
        submitLabel={t('edit.submit')}
        fallbackError={t('edit.failed')}
        onSubmit={async (values, photos) => {
          await update.mutateAsync(bookFormData(values, photos, { edit: true }));
          toast.success(t('edit.done'));
          navigate('/books/manage');
        }}
      />
    );
  }

  return (
    <Container className="max-w-3xl py-8 sm:py-10">
      <title>{t('pageTitle', { title: t('edit.title') })}</title>
      <PageHeader title={t('edit.title')} description={query.data?.title} />
      {body}
    </Container>
  );
}
