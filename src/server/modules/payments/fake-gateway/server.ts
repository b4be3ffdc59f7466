import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { qrisPayload } from './qris-payload';

// The fake gateway (D42): a real HTTP server that answers the subset of Xendit's Payments API
// the adapter calls (providers/xendit.ts) and, when a payment is simulated, sends the app the
// same `payment.capture` notice Xendit sends, with the same headers (x-callback-token,
// webhook-id). In development it starts in-process on a free port (PAYMENT_PROVIDER=fake);
// tests start their own and point XENDIT_API_URL at it, so the production adapter and the
// production notice checks run on every test run. Nothing here is used in production.

interface FakePaymentRequest {
  payment_request_id: string;
  reference_id: string;
  request_amount: number;
  currency: string;
  channel_code: string;
  expires_at: string;
  status: 'REQUIRES_ACTION' | 'SUCCEEDED';
  actions: { type: string; descriptor: string; value: string }[];
}

interface FakePayment {
  payment_id: string;
  payment_request_id: string;
  reference_id: string;
  request_amount: number;
  currency: string;
  channel_code: string;
  status: 'SUCCEEDED' | 'FAILED';
  created: string;
}

interface FakeRefund {
  id: string;
  payment_request_id: string;
  payment_id: string;
  reference_id: string;
  amount: number;
  currency: string;
  reason: string;
  status: 'SUCCEEDED' | 'FAILED';
  idempotency_key: string | null;
}

export interface FakeGateway {
  url: string;
  /** Where notices go; tests may point it at the server they started. */
  noticeUrl: string;
  requests: Map<string, FakePaymentRequest>;
  /** What GET /v3/payments/:id answers; a test may change an entry to disagree with a notice. */
  payments: Map<string, FakePayment>;
  /** Every refund made, once per idempotency key (Xendit's `POST /refunds`). */
  refunds: FakeRefund[];
  /** What the next refunds answer: a test sets 'FAILED' to see a refusal. */
  refundStatus: 'SUCCEEDED' | 'FAILED';
  /**
   * Pays a created request as a customer would (amount defaults to the requested one) and sends
   * the notice; answers the notice's status and the new payment.
   */
  pay(
    paymentRequestId: string,
    options?: { amount?: number },
  ): Promise<{ status: number; payment: FakePayment }>;
  /** Pays a created request without sending its notice; answers the notice to send. */
  settle(paymentRequestId: string, options?: { amount?: number }): { payment: FakePayment; notice: unknown };
  /** Sends a notice as the gateway does; tests choose the body, the headers and the app (`to`). */
  sendNotice(body: unknown, headers?: Record<string, string>, to?: string): Promise<number>;
  /** Read-backs (GET /v3/payments/:id) asked so far, whether answered yet or not. */
  readBacks: number;
  /**
   * While set, read-backs wait for it before answering: a test holds the app's worker inside
   * the processing of a notice it already stored (the crash tests kill it there).
   */
  readBackGate: Promise<void> | null;
  close(): Promise<void>;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function answer(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/** A virtual account number: the bank's prefix and ten digits. */
function vaNumber(bank: string): string {
  const prefix = { BCA: '38165', BNI: '8808', BRI: '26215', MANDIRI: '88608' }[bank] ?? '9999';
  const digits = Array.from(randomBytes(10), (b) => String(b % 10)).join('');
  return `${prefix}${digits}`;
}

export async function startFakeGateway(settings: {
  secretKey: string;
  callbackToken: string;
  noticeUrl: string;
}): Promise<FakeGateway> {
  const requests = new Map<string, FakePaymentRequest>();
  const payments = new Map<string, FakePayment>();
  const refunds: FakeRefund[] = [];
  const expectedAuth = `Basic ${Buffer.from(`${settings.secretKey}:`).toString('base64')}`;

  async function sendNotice(
    body: unknown,
    headers: Record<string, string> = {},
    to = gateway.noticeUrl,
  ): Promise<number> {
    const res = await fetch(to, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-callback-token': settings.callbackToken,
        'webhook-id': randomUUID(),
        ...headers,
      },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
    await res.arrayBuffer();
    return res.status;
  }

  function settle(id: string, options: { amount?: number } = {}) {
    const request = requests.get(id);
    if (!request) throw new Error(`No payment request ${id}`);
    request.status = 'SUCCEEDED';
    const payment: FakePayment = {
      payment_id: `py-${randomUUID()}`,
      payment_request_id: request.payment_request_id,
      reference_id: request.reference_id,
      request_amount: options.amount ?? request.request_amount,
      currency: request.currency,
      channel_code: request.channel_code,
      status: 'SUCCEEDED',
      created: new Date().toISOString(),
    };
    payments.set(payment.payment_id, payment);
    const notice = {
      event: 'payment.capture',
      business_id: 'fake-business',
      created: payment.created,
      data: { ...payment, country: 'ID', type: 'PAY' },
    };
    return { payment, notice };
  }

  async function pay(id: string, options: { amount?: number } = {}) {
    const { payment, notice } = settle(id, options);
    const status = await sendNotice(notice);
    return { status, payment };
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    if (req.headers.authorization !== expectedAuth) return answer(res, 401, { message: 'Invalid API key' });
    const url = new URL(req.url ?? '/', 'http://fake');
    const raw = req.method === 'POST' ? await readBody(req) : '';
    const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
    const parts = url.pathname.split('/').filter(Boolean);

    if (req.method === 'POST' && url.pathname === '/v3/payment_requests') {
      const id = `pr-${randomUUID()}`;
      const channel = String(body.channel_code);
      const amount = Number(body.request_amount);
      const reference = String(body.reference_id);
      const expiresAt = String(
        (body.channel_properties as { expires_at?: string } | undefined)?.expires_at ?? '',
      );
      const action =
        channel === 'QRIS'
          ? {
              type: 'PRESENT_TO_CUSTOMER',
              descriptor: 'QR_STRING',
              value: qrisPayload({ reference, amount }),
            }
          : {
              type: 'PRESENT_TO_CUSTOMER',
              descriptor: 'VIRTUAL_ACCOUNT_NUMBER',
              value: vaNumber(channel.replace('_VIRTUAL_ACCOUNT', '')),
            };
      const request: FakePaymentRequest = {
        payment_request_id: id,
        reference_id: reference,
        request_amount: amount,
        currency: String(body.currency),
        channel_code: channel,
        expires_at: expiresAt,
        status: 'REQUIRES_ACTION',
        actions: [action],
      };
      requests.set(id, request);
      return answer(res, 201, request);
    }
    // Test mode's "simulate payment" (Xendit has the same endpoint for test keys).
    if (
      req.method === 'POST' &&
      parts[0] === 'v3' &&
      parts[1] === 'payment_requests' &&
      parts[3] === 'simulate'
    ) {
      if (!requests.has(parts[2])) return answer(res, 404, { message: 'Not found' });
      const amount = typeof body.amount === 'number' ? body.amount : undefined;
      const { payment } = await pay(parts[2], { amount });
      return answer(res, 200, { status: 'SUCCEEDED', payment_id: payment.payment_id });
    }
    if (req.method === 'GET' && parts[0] === 'v3' && parts[1] === 'payments' && parts.length === 3) {
      gateway.readBacks++;
      if (gateway.readBackGate) await gateway.readBackGate;
      const payment = payments.get(decodeURIComponent(parts[2]));
      return payment ? answer(res, 200, payment) : answer(res, 404, { message: 'Not found' });
    }
    if (req.method === 'POST' && url.pathname === '/refunds') {
      // As Xendit: a repeated idempotency key answers the refund it made, and makes no other.
      const key = typeof req.headers['idempotency-key'] === 'string' ? req.headers['idempotency-key'] : null;
      const repeated = key ? refunds.find((r) => r.idempotency_key === key) : undefined;
      if (repeated) return answer(res, 200, repeated);
      const paid = [...payments.values()].find(
        (p) => p.payment_request_id === body.payment_request_id && p.status === 'SUCCEEDED',
      );
      if (!paid) return answer(res, 404, { message: 'Payment request not found' });
      const amount = typeof body.amount === 'number' ? body.amount : paid.request_amount;
      if (amount <= 0 || amount > paid.request_amount || body.currency !== paid.currency) {
        return answer(res, 400, { message: 'Invalid refund' });
      }
      const refund: FakeRefund = {
        id: `rfd-${randomUUID()}`,
        payment_request_id: paid.payment_request_id,
        payment_id: paid.payment_id,
        reference_id: String(body.reference_id ?? ''),
        amount,
        currency: paid.currency,
        reason: String(body.reason ?? ''),
        status: gateway.refundStatus,
        idempotency_key: key,
      };
      refunds.push(refund);
      return answer(res, 201, refund);
    }
    return answer(res, 404, { message: 'Not found' });
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch(() => answer(res, 500, { message: 'Server error' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const gateway: FakeGateway = {
    url: `http://127.0.0.1:${port}`,
    noticeUrl: settings.noticeUrl,
    requests,
    payments,
    refunds,
    refundStatus: 'SUCCEEDED',
    pay,
    settle,
    sendNotice,
    readBacks: 0,
    readBackGate: null,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return gateway;
}
