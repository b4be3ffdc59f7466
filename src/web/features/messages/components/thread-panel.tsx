import { useTranslation } from 'react-i18next';
import type { ThreadView } from '@domain/conversation';
import { Composer, MessageBubble, OlderMessages, useMarkSeen } from '@web/components/conversation';
import { useMessageHistory } from '@web/features/messages/api';

/** A conversation's latest messages, oldest first, older ones on demand, and the box to answer in. */
export function ThreadPanel({
  thread,
  onSend,
  pending,
  serverError,
  initial,
}: {
  thread: ThreadView;
  onSend: (body: string) => Promise<unknown>;
  pending: boolean;
  serverError: string | null;
  initial?: string;
}) {
  const { t } = useTranslation('messages');
  useMarkSeen(thread);
  const history = useMessageHistory(thread);
  return (
    <div className="space-y-5 rounded-2xl border border-stone-200 bg-white p-4 shadow-xs sm:p-6">
      {history.messages.length === 0 ? (
        <p className="text-sm text-stone-600">{t('thread.empty')}</p>
      ) : (
        <div className="space-y-3">
          <OlderMessages history={history} />
          <div className="space-y-3" aria-live="polite">
            {history.messages.map((message) => (
              <MessageBubble key={message.id} message={message} />
            ))}
          </div>
        </div>
      )}
      {thread.asAdmin && <p className="text-sm text-violet-800">{t('order.adminNote')}</p>}
      <Composer onSend={onSend} pending={pending} serverError={serverError} initial={initial} />
    </div>
  );
}
