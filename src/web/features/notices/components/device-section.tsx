import '@web/lib/words/notices';
import { useTranslation } from 'react-i18next';
import { toast } from '@web/lib/toast';
import { Button } from '@web/components/ui/button';
import { useDisablePush, useEnablePush, useNoticeChoices, usePushDevice } from '../api';

/** Push on this device: asked for only when the member presses the button. */
export function DeviceSection() {
  const { t } = useTranslation('notices');
  const device = usePushDevice();
  const choices = useNoticeChoices();
  const enable = useEnablePush();
  const disable = useDisablePush();
  const state = device.data?.state;
  const devices = choices.data?.devices ?? 0;

  const turnOn = () =>
    enable.mutate(undefined, {
      onSuccess: () => toast.success(t('device.turnedOn')),
      onError: (err) =>
        toast.error(t(err instanceof Error && err.message === 'denied' ? 'device.denied' : 'device.failed')),
    });
  const turnOff = () =>
    disable.mutate(undefined, {
      onSuccess: () => toast.success(t('device.turnedOff')),
      onError: () => toast.error(t('device.failed')),
    });

  return (
    <section
      aria-labelledby="push-device-heading"
      className="rounded-2xl border border-stone-200 bg-white p-5 shadow-xs sm:p-6"
    >
      <h2 id="push-device-heading" className="text-lg font-semibold text-stone-900">
        {t('device.title')}
      </h2>
      <p className="mt-1 text-sm text-stone-600">{t('device.description')}</p>
      <div
        className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between"
        data-testid="push-device"
      >
        <p className="text-sm text-stone-800" aria-live="polite">
          {device.isLoading
            ? t('device.checking')
            : state === 'on'
              ? t('device.on')
              : state === 'denied'
                ? t('device.blocked')
                : state === 'unsupported'
                  ? t('device.unsupported')
                  : t('device.off')}
        </p>
        {state === 'off' && (
          <Button onClick={turnOn} loading={enable.isPending} className="shrink-0">
            {t('device.turnOn')}
          </Button>
        )}
        {state === 'on' && (
          <Button variant="secondary" onClick={turnOff} loading={disable.isPending} className="shrink-0">
            {t('device.turnOff')}
          </Button>
        )}
      </div>
      {devices > 0 && (
        <p className="mt-3 text-sm text-stone-600" data-testid="push-device-count">
          {t('device.count', { count: devices })}
        </p>
      )}
    </section>
  );
}
