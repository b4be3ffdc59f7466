import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { Container } from '@web/components/ui/card';
import { ErrorBanner, LoadingState } from '@web/components/ui/feedback';
import { PageTitle } from '@web/components/ui/page-title';
import { ApiError, errorMessage } from '@web/lib/api';
import { useBookConversation, usePostToBook } from '@web/features/messages/api';
import { ThreadPanel } from '@web/features/messages/components/thread-panel';
import { paths } from '@web/lib/paths';

/**
 * "Ask the owner": the member's conversation with a book's owner about it, started by the
 * first message or continued. `?text=` writes a first draft in (Ask to buy's offer).
 */
export default function AskOwnerPage() {
  const { t } = useTranslation('messages');
  const { bookId = '' } = useParams();
  const [params] = useSearchParams();
  const conversation = useBookConversation(bookId);
  const post = usePostToBook(bookId);
  const back = (
    <Link
      to={paths.book(bookId)}
      className="mb-4 inline-flex items-center gap-1.5 text-sm text-stone-600 hover:text-stone-900"
    >
      <ArrowLeft className="size-4" aria-hidden />
      {t('thread.openBook')}
    </Link>
  );
  if (conversation.isPending)
    return (
      <Container className="max-w-3xl py-8 sm:py-10">
        {back}
        <LoadingState label={t('ask.button')} />
      </Container>
    );
  if (conversation.isError)
    return (
      <Container className="max-w-3xl py-8 sm:py-10">
        {back}
        <ErrorBanner>
          {conversation.error instanceof ApiError && conversation.error.status === 409
            ? t('errors.ownBook')
            : conversation.error.message}
        </ErrorBanner>
      </Container>
    );
  const view = conversation.data;
  const title = t('thread.askTitle', { name: view.ownerName, title: view.bookTitle });
  return (
    <Container className="max-w-3xl py-8 sm:py-10">
      <PageTitle title={title} />
      {back}
      <h1 className="text-2xl font-bold tracking-tight text-stone-900">{title}</h1>
      <p className="mt-1 mb-5 text-sm text-stone-600">{t('thread.askIntro')}</p>
      <ThreadPanel
        thread={view}
        onSend={(body) => post.mutateAsync(body)}
        pending={post.isPending}
        serverError={post.error ? errorMessage(post.error, t('errors.send')) : null}
        initial={params.get('text') ?? ''}
      />
    </Container>
  );
}
