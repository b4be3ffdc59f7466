import '@web/lib/words/payments';
import { FlaskConical, QrCode } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderGateway } from '@domain/gateway-types';
import { formatMoney } from '@domain/money';
import { Button } from '@web/components/ui/button';
import { ErrorBanner } from '@web/components/ui/feedback';
import { errorMessage } from '@web/lib/api';
import { formatOrderDateTime } from '@web/lib/format';
import { useSimulatePayment } from '@web/features/payments/api';
import { CopyButton } from './copy-button';

export type GatewayPaymentData = NonNullable<OrderGateway['gateway']>;

// A payable order paid through the gateway: its QRIS code, or a virtual account as the
// other way. The money confirms itself; the order page polls until it does.

export function GatewayPayment({ orderId, gateway }: { orderId: string; gateway: GatewayPaymentData }) {
  const { t } = useTranslation('payments');
  return (
    <div className="space-y-4" data-testid="gateway-payment">
      <p className="text-sm text-stone-700">{t('gateway.intro')}</p>
      <dl className="grid grid-cols-2 gap-3 rounded-xl bg-white p-3 text-sm">
        <div>
          <dt className="text-stone-500">{t('panel.amount')}</dt>
          <dd className="text-lg font-semibold tabular-nums text-stone-900" data-testid="gateway-amount">
            {formatMoney(gateway.amount)}
          </dd>
        </div>
        <div>
          <dt className="text-stone-500">{t('panel.deadline')}</dt>
          <dd className="font-medium text-stone-900">{formatOrderDateTime(gateway.deadline)}</dd>
        </div>
      </dl>
      {gateway.qris && (
        <div className="rounded-xl bg-white p-4 text-center">
          <h3 className="mb-2 flex items-center justify-center gap-2 text-sm font-semibold text-stone-900">
            <QrCode className="size-4 text-brand-700" aria-hidden />
            {t('gateway.qrisTitle')}
          </h3>
          {/* 256 CSS px at least: a phone camera reads it from the screen at arm's length. */}
          <img
            src={gateway.qris.image}
            alt={t('gateway.qrisAlt', { amount: formatMoney(gateway.amount) })}
            width={256}
            height={256}
            className="mx-auto size-64 max-w-full [image-rendering:pixelated]"
            data-testid="gateway-qris"
          />
          <p className="mt-2 text-xs text-stone-600">{t('gateway.qrisHint')}</p>
        </div>
      )}
      {gateway.virtualAccounts.length > 0 && (
        <div className="rounded-xl bg-white p-3">
          <h3 className="text-sm font-semibold text-stone-900">
            {gateway.qris ? t('gateway.vaTitleOr') : t('gateway.vaTitle')}
          </h3>
          <dl className="divide-y divide-stone-200/70" data-testid="gateway-virtual-accounts">
            {gateway.virtualAccounts.map((va) => (
              <div key={va.bank} className="flex flex-wrap items-center justify-between gap-x-3 py-1.5">
                <dt className="text-sm text-stone-500">{t('gateway.vaBank', { bank: va.bank })}</dt>
                {/* A number read aloud or typed into a banking app: never broken across lines. */}
                <dd className="flex items-center gap-1 text-sm font-medium text-stone-900">
                  <span className="tabular-nums whitespace-nowrap">{va.accountNumber}</span>
                  <CopyButton value={va.accountNumber} label={t('gateway.vaNumber', { bank: va.bank })} />
                </dd>
              </div>
            ))}
          </dl>
        </div>
      )}
      <p className="text-xs text-stone-600" role="status">
        {t('gateway.waiting')}
      </p>
      {gateway.testMode && <SimulatePayment orderId={orderId} />}
    </div>
  );
}

/** Test mode only (the fake gateway): pays the order as a phone's banking app would. */
function SimulatePayment({ orderId }: { orderId: string }) {
  const { t } = useTranslation('payments');
  const simulate = useSimulatePayment(orderId);
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <div
      className="space-y-2 rounded-xl border-2 border-dashed border-violet-400 bg-violet-50 p-3"
      data-testid="gateway-test-mode"
    >
      <p className="flex items-center gap-1.5 text-xs font-semibold tracking-wide text-violet-900 uppercase">
        <FlaskConical className="size-4" aria-hidden />
        {t('gateway.testMode')}
      </p>
      <p className="text-xs text-violet-900">{t('gateway.testModeNote')}</p>
      {problem && <ErrorBanner>{problem}</ErrorBanner>}
      <Button
        type="button"
        variant="outline"
        loading={simulate.isPending}
        disabled={simulate.isSuccess}
        onClick={() => {
          setProblem(null);
          simulate.mutate(undefined, {
            onError: (err) => setProblem(errorMessage(err, t('gateway.simulateFailed'))),
          });
        }}
      >
        {simulate.isSuccess ? t('gateway.simulated') : t('gateway.simulate')}
      </Button>
    </div>
  );
}
