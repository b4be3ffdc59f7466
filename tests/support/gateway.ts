import { type ServerType, serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { type FakeGateway, startFakeGateway } from '@server/modules/payments/fake-gateway/server';
import { NOTICE_PATH } from '@server/modules/payments/provider-service';
import { createTestContext, type TestContext } from './harness';

// An API test context whose payments go through the production Xendit adapter to the fake
// gateway, both over real HTTP: the app listens on a port the OS chose, and the gateway posts
// its notices there, with the same body and headers Xendit sends (D42).

const GATEWAY_SECRET = 'xnd_development_gateway_test_secret';
export const GATEWAY_TOKEN = 'gateway-test-callback-token-0123456789';

export interface GatewayTestContext {
  ctx: TestContext;
  gateway: FakeGateway;
  /** The app's address (http://127.0.0.1:port). */
  appUrl: string;
  close(): Promise<void>;
}

export async function createGatewayTestContext(
  options: { databaseServer?: string | null } = {},
): Promise<GatewayTestContext> {
  const gateway = await startFakeGateway({
    secretKey: GATEWAY_SECRET,
    callbackToken: GATEWAY_TOKEN,
    noticeUrl: 'http://127.0.0.1:1/not-listening-yet',
  });
  const ctx = await createTestContext(
    {
      PAYMENT_PROVIDER: 'xendit',
      XENDIT_SECRET_KEY: GATEWAY_SECRET,
      XENDIT_CALLBACK_TOKEN: GATEWAY_TOKEN,
      XENDIT_API_URL: gateway.url,
    },
    options,
  );
  const server: ServerType = await new Promise((resolve) => {
    const s = serve({ fetch: ctx.runtime.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  const appUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  gateway.noticeUrl = `${appUrl}${NOTICE_PATH}`;
  return {
    ctx,
    gateway,
    appUrl,
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        (server as import('node:http').Server).closeAllConnections();
      });
      await gateway.close();
      await ctx.close();
    },
  };
}
