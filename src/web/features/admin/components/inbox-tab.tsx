import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorBanner, LoadingState } from '@web/components/ui/feedback';
import { useAdminInbox } from '@web/features/messages/api';
import { ThreadList } from '@web/components/thread-list';

/** D26: the most recent conversations of all members; opening one reads it without a mark. */
export function InboxTab() {
  const { t } = useTranslation('messages');
  const inbox = useAdminInbox();
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
    </div>
  );
}
