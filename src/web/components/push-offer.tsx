import '@web/lib/words/notices';
import { BellRing } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@web/lib/toast';
import { Button } from '@web/components/ui/button';
import { useEnablePush, usePushDevice } from '@web/features/notices/api';

const DISMISSED = 'rakbuku_push_offer_dismissed';

function wasDismissed(): boolean {
  try {
    return localStorage.getItem(DISMISSED) === '1';
  } catch {
    return false;
  }
}

/**
 * Push offered when it first matters: after a checkout, on joining a waitlist; never on a
 * first visit. Shown only where this browser can receive push and does not yet; "Not now" hides
 * it on this device (the notifications page still has the switch).
 */
export function PushOffer({ className }: { className?: string }) {
  const { t } = useTranslation('notices');
  const device = usePushDevice();
  const enable = useEnablePush();
  const [dismissed, setDismissed] = useState(wasDismissed);
  if (dismissed || device.data?.state !== 'off') return null;
  const later = () => {
    try {
      localStorage.setItem(DISMISSED, '1');
    } catch {
      // private mode: hidden for this visit only
    }
    setDismissed(true);
  };
  return (
    <section
      data-testid="push-offer"
      aria-labelledby="push-offer-heading"
      className={`rounded-2xl border border-stone-200 bg-white p-4 text-left ${className ?? ''}`}
    >
      <h2 id="push-offer-heading" className="flex items-center gap-2 font-semibold text-stone-900">
        <BellRing className="size-4" aria-hidden />
        {t('offer.title')}
      </h2>
      <p className="mt-1 text-sm text-stone-600">{t('offer.body')}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button
          size="sm"
          loading={enable.isPending}
          onClick={() =>
            enable.mutate(undefined, {
              onSuccess: () => toast.success(t('device.turnedOn')),
              onError: (err) =>
                toast.error(
                  t(err instanceof Error && err.message === 'denied' ? 'device.denied' : 'device.failed'),
                ),
            })
          }
        >
          {t('offer.button')}
        </Button>
        <Button size="sm" variant="ghost" onClick={later}>
          {t('offer.later')}
        </Button>
      </div>
    </section>
  );
}
