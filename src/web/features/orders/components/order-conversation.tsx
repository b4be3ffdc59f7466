import { useTranslation } from 'react-i18next';
import type { OrderDetail } from '@domain/order-types';
import { viewerRole } from '@domain/order-words';
import { Composer, OlderMessages, useMarkSeen } from '@web/components/conversation';
import { ErrorBanner } from '@web/components/ui/feedback';
import { errorMessage } from '@web/lib/api';
import { useMessageHistory, useOrderConversation, usePostToOrder } from '@web/features/messages/api';
import { OrderTimeline } from './order-timeline';

/** The order's history with its conversation and the box to write in. */
export function OrderConversation({ order }: { order: OrderDetail }) {
  const { t } = useTranslation('messages');
  const conversation = useOrderConversation(order.id);
  const post = usePostToOrder(order.id);
  useMarkSeen(conversation.data);
  const thread = conversation.data;
  const history = useMessageHistory(thread);
  const borrower = order.viewerRoles.includes('borrower');
  const other = borrower ? order.ownerName : order.userName;
  return (
    <div className="space-y-5">
      <OlderMessages history={history} />
      <OrderTimeline
        events={order.events}
        messages={history.messages}
        viewer={viewerRole(order.viewerRoles)}
      />
      {conversation.isError && <ErrorBanner>{t('errors.load')}</ErrorBanner>}
      {thread?.asAdmin && <p className="text-sm text-violet-800">{t('order.adminNote')}</p>}
      {thread && history.messages.length === 0 && !thread.asAdmin && (
        <p className="text-sm text-stone-600">{t('order.noMessages', { name: other })}</p>
      )}
      <Composer
        onSend={(body) => post.mutateAsync(body)}
        pending={post.isPending}
        serverError={post.error ? errorMessage(post.error, t('errors.send')) : null}
      />
    </div>
  );
}
