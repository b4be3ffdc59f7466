import { MessagesSquare } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { CursorPager } from '@web/components/cursor-pager';
import { useCursorParam } from '@web/lib/cursor-param';
import { Container, PageHeader } from '@web/components/ui/card';
import { EmptyState, LoadErrorBanner, LoadingState } from '@web/components/ui/feedback';
import { PageTitle } from '@web/components/ui/page-title';
import { useThreads } from '@web/features/messages/api';
import { ThreadList } from '@web/components/thread-list';

/** Every conversation of the member, newest first, unread marked (D26). */
export default function MessagesPage() {
  const { t } = useTranslation('messages');
  const [cursor, setCursor] = useCursorParam();
  const threads = useThreads(cursor);
  let body: React.ReactNode;
  if (threads.isPending) body = <LoadingState label={t('list.title')} />;
  else if (threads.isError)
    body = (
      <LoadErrorBanner
        message={t('errors.load')}
        retryLabel={t('common:retry', 'Try again')}
        onRetry={() => threads.refetch()}
      />
    );
  else if (threads.data.items.length === 0)
    body = <EmptyState icon={<MessagesSquare className="size-10" aria-hidden />} title={t('list.empty')} />;
  else
    body = (
      <>
        <ThreadList threads={threads.data.items} />
        <CursorPager page={threads.data} onCursor={setCursor} testId="messages-pager" />
      </>
    );
  return (
    <Container className="max-w-4xl py-8 sm:py-10">
      <PageTitle title={t('list.title')} />
      <PageHeader title={t('list.title')} description={t('list.intro')} />
      {body}
    </Container>
  );
}
