import '@web/lib/words/whatsapp';
import { MessageCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { OrderDetail } from '@domain/order-types';
import { whatsappChatUrl } from '@domain/whatsapp';
import { useOrderWhatsapp } from '@web/features/whatsapp/api';

/**
 * "Chat on WhatsApp" for the other side of this order (both sides for an admin), when they
 * shared a number; the message names the order and its first book. Nothing when nobody did.
 */
export function WhatsappChatLinks({ order }: { order: OrderDetail }) {
  const { t } = useTranslation('whatsapp');
  const contacts = useOrderWhatsapp(order.id).data?.contacts ?? [];
  if (contacts.length === 0) return null;
  const title = order.items[0]?.title ?? '';
  return (
    <ul className="mt-4 space-y-2 border-t border-stone-200 pt-4" aria-label={t('chat.title')}>
      {contacts.map((contact) => (
        <li key={contact.side}>
          <a
            href={whatsappChatUrl(
              contact.number,
              t('chat.message', { name: contact.name, number: order.number, title }),
            )}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex min-h-11 items-center gap-2 rounded-lg border border-green-700 px-3 py-2 text-sm font-medium text-green-800 hover:bg-green-50"
          >
            <MessageCircle className="size-4 shrink-0" aria-hidden />
            {t(`chat.${contact.side}`, { name: contact.name })}
          </a>
        </li>
      ))}
    </ul>
  );
}
