import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ButtonLink } from '@web/components/ui/button';
import { Container } from '@web/components/ui/card';
import { ErrorBanner, LoadingState } from '@web/components/ui/feedback';
import { PageTitle } from '@web/components/ui/page-title';
import { ApiError, errorMessage } from '@web/lib/api';
import { usePostToThread, useThread } from '@web/features/messages/api';
import { ThreadPanel } from '@web/features/messages/components/thread-panel';
import { paths } from '@web/lib/paths';

/** One conversation by its id (a book's; an order's lives on the order page). */
export default function ThreadPage() {
  const { t } = useTranslation('messages');
  const { threadId = '' } = useParams();
  const thread = useThread(threadId);
  const post = usePostToThread(threadId);
  const back = (
    <Link
      to="/messages"
      className="mb-4 inline-flex items-center gap-1.5 text-sm text-stone-600 hover:text-stone-900"
    >
      <ArrowLeft className="size-4" aria-hidden />
      {t('thread.back')}
    </Link>
  );
  if (thread.isPending)
    return (
      <Container className="max-w-3xl py-8 sm:py-10">
        {back}
        <LoadingState label={t('list.title')} />
      </Container>
    );
  if (thread.isError)
    return (
      <Container className="max-w-3xl py-8 sm:py-10">
        {back}
        <ErrorBanner>
          {thread.error instanceof ApiError && thread.error.status === 403
            ? t('errors.forbidden')
            : errorMessage(thread.error, t('errors.load'))}
        </ErrorBanner>
      </Container>
    );
  const view = thread.data;
  const title =
    view.kind === 'order'
      ? t('thread.orderTitle', { number: view.orderNumber })
      : t('thread.bookTitle', { title: view.bookTitle });
  const who = view.asAdmin
    ? t('thread.between', { member: view.memberName, owner: view.ownerName })
    : t('thread.with', { name: view.withName });
  return (
    <Container className="max-w-3xl py-8 sm:py-10">
      <PageTitle title={title} />
      {back}
      <header className="mb-5 flex flex-col gap-2 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-stone-900">{title}</h1>
          <p className="mt-1 text-sm text-stone-600">{who}</p>
        </div>
        {view.orderId ? (
          <ButtonLink to={paths.order(view.orderId)} variant="outline" size="sm">
            {t('thread.openOrder')}
          </ButtonLink>
        ) : view.bookId ? (
          <ButtonLink to={paths.book(view.bookId)} variant="outline" size="sm">
            {t('thread.openBook')}
          </ButtonLink>
        ) : null}
      </header>
      <ThreadPanel
        thread={view}
        onSend={(body) => post.mutateAsync(body)}
        pending={post.isPending}
        serverError={post.error ? errorMessage(post.error, t('errors.send')) : null}
      />
    </Container>
  );
}
