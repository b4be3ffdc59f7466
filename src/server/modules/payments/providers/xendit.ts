import { createHash, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { AppError } from '@server/lib/errors';
import type {
  CreatedPayment,
  FetchedPayment,
  NoticedPayment,
  ParsedNotice,
  PaymentProvider,
  PaymentRequest,
  ProviderName,
} from './provider';

// Xendit's Payments API (v3) over plain fetch (decision 0001): a payment request per method,
// dynamic QRIS ('QRIS') or a closed virtual account for the exact amount ('BCA_VIRTUAL_ACCOUNT'),
// expiring at the order's payment deadline; the `payment.capture` notice, trusted only with the
// account's callback token (compared in constant time) and a webhook id; the payment read back
// by id; refunds through the refunds API. The fake gateway (../fake-gateway) serves the same
// subset, so every test runs this code. The secret key never reaches a log: it only goes into
// the Authorization header.

export interface XenditSettings {
  secretKey: string;
  callbackToken: string;
  /** Resolved when first needed: the fake gateway starts on its first use. */
  apiUrl: () => Promise<string>;
}

/** The API version the request and answer shapes below follow. */
const API_VERSION = '2024-11-11';
const REQUEST_TIMEOUT_MS = 10_000;

/** The virtual accounts the order page offers beside QRIS. */
const VA_BANKS = ['BCA', 'BNI', 'BRI', 'MANDIRI'] as const;

/**
 * D43: the gateway's published rates, in whole rupiah: QRIS 0.7% (VAT included, rounded up),
 * a virtual account Rp 4,000 flat. Recorded per payment and taken from the platform's share.
 */
function xenditFee(channelCode: string, amount: number): number {
  if (channelCode === 'QRIS') return Math.ceil((amount * 7) / 1000);
  return 4000;
}

const channelCodeOf = (request: Pick<PaymentRequest, 'method' | 'channel'>) =>
  request.method === 'qris' ? 'QRIS' : `${request.channel}_VIRTUAL_ACCOUNT`;

const actionSchema = z.object({ descriptor: z.string(), value: z.string() });
const paymentRequestSchema = z.object({
  payment_request_id: z.string(),
  actions: z.array(actionSchema).default([]),
});
const paymentSchema = z.object({
  payment_id: z.string(),
  payment_request_id: z.string(),
  reference_id: z.string(),
  request_amount: z.number(),
  currency: z.string(),
  channel_code: z.string(),
  status: z.string(),
});
const noticeSchema = z.object({ event: z.string(), data: z.unknown() });
const refundSchema = z.object({ id: z.string(), status: z.enum(['SUCCEEDED', 'PENDING', 'FAILED']) });

/** Constant time over equal-length digests, so neither the content nor the length leaks. */
function sameSecret(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

function noticedOf(p: z.infer<typeof paymentSchema>): NoticedPayment {
  return {
    paymentRef: p.payment_id,
    providerRef: p.payment_request_id,
    reference: p.reference_id,
    amount: p.request_amount,
    currency: p.currency,
    succeeded: p.status === 'SUCCEEDED',
  };
}

export function createXenditProvider(
  settings: XenditSettings,
  name: ProviderName = 'xendit',
): PaymentProvider {
  async function call(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    extraHeaders: Record<string, string> = {},
  ): Promise<unknown> {
    const base = await settings.apiUrl();
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        authorization: `Basic ${Buffer.from(`${settings.secretKey}:`).toString('base64')}`,
        'api-version': API_VERSION,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...extraHeaders,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const text = await res.text();
    // The answer's status and path only: a body may echo what we sent.
    if (!res.ok) throw new Error(`Payment provider answered ${res.status} to ${method} ${path}`);
    return JSON.parse(text) as unknown;
  }

  return {
    name,
    offers: [
      { method: 'qris', channel: '' },
      ...VA_BANKS.map((channel) => ({ method: 'va' as const, channel })),
    ],

    async createPayment(request: PaymentRequest): Promise<CreatedPayment> {
      const answer = paymentRequestSchema.parse(
        await call('POST', '/v3/payment_requests', {
          reference_id: request.reference,
          type: 'PAY',
          country: 'ID',
          currency: 'IDR',
          request_amount: request.amount,
          capture_method: 'AUTOMATIC',
          channel_code: channelCodeOf(request),
          channel_properties: { expires_at: request.expiresAt.toISOString(), display_name: 'Rakbuku' },
          description: request.description,
        }),
      );
      const action = (descriptor: string) =>
        answer.actions.find((a) => a.descriptor === descriptor)?.value ?? null;
      return {
        providerRef: answer.payment_request_id,
        qrString: action('QR_STRING'),
        accountNumber: action('VIRTUAL_ACCOUNT_NUMBER'),
      };
    },

    parseNotice(headers: Headers, rawBody: string): ParsedNotice {
      // D42: the token first, before anything of the body is read.
      if (!sameSecret(headers.get('x-callback-token') ?? '', settings.callbackToken)) {
        throw new AppError('UNAUTHORIZED');
      }
      const webhookId = headers.get('webhook-id')?.trim() ?? '';
      if (!webhookId || webhookId.length > 200) throw new AppError('VALIDATION_FAILED');
      let json: unknown;
      try {
        json = JSON.parse(rawBody);
      } catch {
        throw new AppError('INVALID_JSON');
      }
      const notice = noticeSchema.safeParse(json);
      if (!notice.success) throw new AppError('VALIDATION_FAILED');
      // Only a capture (money received) or its failure concerns an order; other events are kept.
      if (notice.data.event !== 'payment.capture' && notice.data.event !== 'payment.failure') {
        return { webhookId, payment: null };
      }
      const payment = paymentSchema.safeParse(notice.data.data);
      if (!payment.success) throw new AppError('VALIDATION_FAILED');
      return { webhookId, payment: noticedOf(payment.data) };
    },

    async fetchPayment(paymentRef: string): Promise<FetchedPayment> {
      const p = paymentSchema.parse(await call('GET', `/v3/payments/${encodeURIComponent(paymentRef)}`));
      return { ...noticedOf(p), fee: xenditFee(p.channel_code, p.request_amount) };
    },

    async refund(input) {
      const p = paymentSchema.parse(
        await call('GET', `/v3/payments/${encodeURIComponent(input.paymentRef)}`),
      );
      // Xendit refunds QRIS payments; money paid into a virtual account goes back by hand.
      if (p.channel_code !== 'QRIS') return null;
      // Xendit's refund: the payment request, our reference, the amount; the idempotency key
      // makes a retried call (a timeout, two admins at once) answer the first refund again.
      const answer = refundSchema.parse(
        await call(
          'POST',
          '/refunds',
          {
            payment_request_id: p.payment_request_id,
            reference_id: input.reference,
            amount: input.amount,
            currency: 'IDR',
            reason: input.reason,
          },
          { 'idempotency-key': input.reference },
        ),
      );
      // PENDING is accepted: Xendit finishes the refund and tells of a failure by notice.
      if (answer.status === 'FAILED') throw new Error(`Payment provider failed refund ${answer.id}`);
      return { refundRef: answer.id };
    },
  };
}
