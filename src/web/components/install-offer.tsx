import '@web/lib/words/pwa';
import { Download, Share } from 'lucide-react';
import { useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@web/components/ui/button';
import { installPrompt, onInstallPrompt, promptInstall } from '@web/lib/install-prompt';

// "Install Rakbuku": Chrome's own dialog where the browser offers one (Android), the written
// steps on iPhone and iPad (Safari has no install dialog). Never a nag: after an order is placed
// it shows until the member says "No, thanks" once, remembered on the device; in the account area
// it is always there for whoever looks for it.

const DISMISSED_KEY = 'rakbuku.installOffer';

type Way = 'prompt' | 'ios' | 'installed' | 'none';

function useInstallWay(): Way {
  const prompt = useSyncExternalStore(onInstallPrompt, installPrompt);
  const standalone =
    window.matchMedia('(display-mode: standalone)').matches ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true;
  if (standalone) return 'installed';
  // iOS browsers have no install dialog, whatever events they pass on: the steps are the way.
  // (An iPad's Safari says it is a Mac; a Mac has no touch screen.)
  const iPad = navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1;
  if (iPad || /iPhone|iPad|iPod/.test(navigator.userAgent)) return 'ios';
  return prompt ? 'prompt' : 'none';
}

function IosSteps() {
  const { t } = useTranslation('pwa');
  return (
    <div data-testid="install-ios-steps">
      <p className="mt-2 text-sm text-stone-700">{t('install.iosIntro')}</p>
      <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm text-stone-700">
        <li>
          {t('install.iosSteps.share')} <Share className="inline size-4 align-text-bottom" aria-hidden />
        </li>
        <li>{t('install.iosSteps.add')}</li>
        <li>{t('install.iosSteps.confirm')}</li>
      </ol>
    </div>
  );
}

export default function InstallOffer({ place }: { place: 'order' | 'account' }) {
  const { t } = useTranslation('pwa');
  const way = useInstallWay();
  const [installed, setInstalled] = useState(false);
  const [dismissed, setDismissed] = useState(
    () => place === 'order' && localStorage.getItem(DISMISSED_KEY) === 'dismissed',
  );
  const shown: Way = installed ? 'installed' : way;
  if (shown === 'none' || dismissed || (place === 'order' && shown === 'installed')) return null;

  const dismiss = () => {
    localStorage.setItem(DISMISSED_KEY, 'dismissed');
    setDismissed(true);
  };
  const install = async () => {
    if (await promptInstall()) setInstalled(true);
  };

  return (
    <section
      aria-labelledby="install-offer-title"
      data-testid="install-offer"
      className={`${place === 'order' ? 'mt-6 ' : ''}rounded-2xl border border-stone-200 bg-white p-5 shadow-xs`}
    >
      <div className="flex gap-4">
        <img
          src="/icons/icon-192.png"
          alt=""
          width={48}
          height={48}
          className="size-12 shrink-0 rounded-xl"
        />
        <div className="min-w-0">
          <h2 id="install-offer-title" className="font-semibold text-stone-900">
            {place === 'account'
              ? t('install.accountTitle')
              : shown === 'ios'
                ? t('install.iosTitle')
                : t('install.title')}
          </h2>
          {shown === 'installed' ? (
            <p className="mt-1 text-sm text-stone-700">{t('install.installed')}</p>
          ) : (
            <p className="mt-1 text-sm text-stone-700">{t('install.body')}</p>
          )}
          {shown === 'ios' && <IosSteps />}
          {(shown === 'prompt' || place === 'order') && shown !== 'installed' && (
            <div className="mt-4 flex flex-wrap gap-2">
              {shown === 'prompt' && (
                <Button onClick={() => void install()}>
                  <Download className="size-4" aria-hidden />
                  {t('install.install')}
                </Button>
              )}
              {place === 'order' && (
                <Button variant="outline" onClick={dismiss}>
                  {t('install.noThanks')}
                </Button>
              )}
            </div>
          )}
        </div>
      </div>
    </section>
  );
}
