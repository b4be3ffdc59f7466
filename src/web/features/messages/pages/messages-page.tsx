import { MessagesSquare } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { CursorPager } from '@web/components/cursor-pager';
import { useCursorParam } from '@web/lib/cursor-param';
import { Container, PageHeader } from '@web/components/ui/card';
import { EmptyState } from '@web/components/ui/feedback';
import { QueryState } from '@web/components/query-state';
import { PageTitle } from '@web/components/ui/page-title';
import { useThreads } from '@web/features/messages/api';
import { ThreadList } from '@web/components/thread-list';

/** Every conversation of the member, newest first, unread marked. */
export default function MessagesPage() {
  const { t } = useTranslation('messages');
  const [cursor, setCursor] = useCursorParam();
  const threads = useThreads(cursor);
  const body = (
    <QueryState
      query={threads}
      loading={t('list.title')}
      failed={t('errors.load')}
      isEmpty={(data) => data.items.length === 0}
      empty={<EmptyState icon={<MessagesSquare className="size-10" aria-hidden />} title={t('list.empty')} />}
    >
      {(data) => (
        <>
          <ThreadList threads={data.items} />
          <CursorPager page={data} onCursor={setCursor} testId="messages-pager" />
        </>
      )}
    </QueryState>
  );
  return (
    <Container className="max-w-4xl py-8 sm:py-10">
      <PageTitle title={t('list.title')} />
      <PageHeader title={t('list.title')} description={t('list.intro')} />
      {body}
    </Container>
  );
}
