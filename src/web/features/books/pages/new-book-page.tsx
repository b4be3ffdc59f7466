import '@web/lib/words/books';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from '@web/lib/toast';
import { Container, PageHeader } from '@web/components/ui/card';
import { bookFormData, useCreateBook } from '@web/features/books/api';
import { BookForm } from '@web/features/books/components/book-form';
import { LocationFirst } from '@web/features/books/components/location-first';
import { useSession } from '@web/lib/session';

export default function NewBookPage() {
  const { t } = useTranslation('books');
  const navigate = useNavigate();
  const create = useCreateBook();
  const { user } = useSession();
  return (
    <Container className="max-w-3xl py-8 sm:py-10">
      <title>{t('pageTitle', { title: t('new.title') })}</title>
      <PageHeader title={t('new.title')} description={t('new.description')} />
      {user && !user.location ? (
        <LocationFirst me={user} />
      ) : (
        <BookForm
          submitLabel={t('new.submit')}
          fallbackError={t('new.failed')}
          onSubmit={async (values, photos) => {
            await create.mutateAsync(bookFormData(values, photos, { edit: false }));
            toast.success(t('new.done'));
            // The manage page offers owner setup when this was the member's first book.
            navigate('/books/manage', { state: { listed: true } });
          }}
        />
      )}
    </Container>
  );
}
