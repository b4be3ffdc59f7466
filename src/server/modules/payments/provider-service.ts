import type { Config } from '@server/config';
import { type FakeGateway, startFakeGateway } from './fake-gateway/server';
import { createManualProvider } from './providers/manual';
import { createStatementProvider } from './providers/statement';
import type { PaymentProvider } from './providers/provider';
import { createXenditProvider } from './providers/xendit';

// The adapter PAYMENT_PROVIDER chose (D42), one per configuration (so per runtime). With
// `fake` and no XENDIT_API_URL, the fake gateway starts in-process on a free port the first
// time a payment is created, and stops with the runtime.

export type { PaymentProvider } from './providers/provider';

/** The path of the notice route (payments/routes.ts); the fake gateway posts its notices there. */
export const NOTICE_PATH = '/api/payments/notices';

const providers = new WeakMap<Config, { provider: PaymentProvider; gateway: Promise<FakeGateway> | null }>();

function build(config: Config) {
  const settings = config.paymentProvider;
  if (settings.kind === 'statement') return { provider: createStatementProvider(), gateway: null };
  if (!('xendit' in settings)) {
    return { provider: createManualProvider(), gateway: null };
  }
  const { secretKey, callbackToken, apiUrl } = settings.xendit;
  if (settings.kind === 'xendit' || apiUrl) {
    const provider = createXenditProvider(
      { secretKey, callbackToken, apiUrl: async () => apiUrl! },
      settings.kind,
    );
    return { provider: withSimulation(provider, async () => apiUrl!, secretKey), gateway: null };
  }
  const entry: { provider: PaymentProvider; gateway: Promise<FakeGateway> | null } = {
    provider: createManualProvider(),
    gateway: null,
  };
  const gatewayUrl = async () => {
    entry.gateway ??= startFakeGateway({
      secretKey,
      callbackToken,
      noticeUrl: `${config.appUrl}${NOTICE_PATH}`,
    });
    return (await entry.gateway).url;
  };
  entry.provider = withSimulation(
    createXenditProvider({ secretKey, callbackToken, apiUrl: gatewayUrl }, 'fake'),
    gatewayUrl,
    secretKey,
  );
  return entry;
}

/**
 * Test mode's "Simulate payment": asks the gateway's simulate endpoint to pay, as Xendit's test
 * mode does. Only the fake provider offers it (the routes refuse it otherwise).
 */
function withSimulation(
  provider: PaymentProvider,
  apiUrl: () => Promise<string>,
  secretKey: string,
): PaymentProvider {
  if (provider.name !== 'fake') return provider;
  return {
    ...provider,
    async simulatePayment(providerRef: string, amount?: number) {
      const res = await fetch(
        `${await apiUrl()}/v3/payment_requests/${encodeURIComponent(providerRef)}/simulate`,
        {
          method: 'POST',
          headers: {
            authorization: `Basic ${Buffer.from(`${secretKey}:`).toString('base64')}`,
            'content-type': 'application/json',
          },
          body: JSON.stringify(amount === undefined ? {} : { amount }),
        },
      );
      await res.arrayBuffer();
      if (res.status === 404) return false;
      if (!res.ok) throw new Error(`The fake gateway answered ${res.status} to a simulated payment`);
      return true;
    },
  };
}

export function paymentProvider(config: Config): PaymentProvider {
  let entry = providers.get(config);
  if (!entry) {
    entry = build(config);
    providers.set(config, entry);
  }
  return entry.provider;
}

/** Stops the in-process fake gateway, if this configuration started one. */
export async function closePaymentProvider(config: Config): Promise<void> {
  const gateway = providers.get(config)?.gateway;
  providers.delete(config);
  if (gateway) await (await gateway).close();
}
