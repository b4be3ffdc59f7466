import '@web/lib/words/pwa';
import { CloudOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatOrderDateTime } from '@web/lib/format';

/**
 * Shown while the page shows answers the service worker kept (lib/offline-cache.ts): the member
 * is offline and reads what Rakbuku showed at `savedAt`, not what is true now.
 */
export default function OfflineBanner({ savedAt }: { savedAt: string }) {
  const { t } = useTranslation('pwa');
  return (
    <div role="status" data-testid="offline-banner" className="border-b border-amber-200 bg-amber-50">
      <div className="mx-auto flex max-w-6xl gap-3 px-4 py-3 text-sm text-amber-900 sm:px-6 lg:px-8">
        <CloudOff className="mt-0.5 size-5 shrink-0" aria-hidden />
        <p>
          <span className="font-semibold">{t('offline.banner', { time: formatOrderDateTime(savedAt) })}</span>{' '}
          {t('offline.bannerHint')}
        </p>
      </div>
    </div>
  );
}
