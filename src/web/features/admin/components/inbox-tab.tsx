import { useTranslation } from 'react-i18next';
import { CursorPager } from '@web/components/cursor-pager';
import { useCursorParam } from '@web/lib/cursor-param';
import { EmptyState, ErrorBanner, LoadingState } from '@web/components/ui/feedback';
import { useAdminInbox } from '@web/features/messages/api';
import { ThreadList } from '@web/components/thread-list';

/** Every member's conversations, newest first, a page at a time; opening one reads it without a mark. */
export function InboxTab() {
  const { t } = useTranslation('messages');
  const [cursor, setCursor] = useCursorParam();
  const inbox = useAdminInbox(cursor);
  if (inbox.isPending) return <LoadingState label={t('inbox.title')} />;
  if (inbox.isError) return <ErrorBanner>{t('errors.load')}</ErrorBanner>;
  return (
    <div className="space-y-3">
      <p className="text-sm text-stone-600">{t('inbox.intro')}</p>
      {inbox.data.items.length === 0 ? (
        <EmptyState title={t('inbox.empty')} />
      ) : (
        <ThreadList threads={inbox.data.items} />
      )}
      {inbox.data.items.length > 0 && (
        <CursorPager page={inbox.data} onCursor={setCursor} testId="inbox-pager" />
      )}
    </div>
  );
}
