// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { OrderDetail, OrderPayment } from '@domain/order-types';
import { languageReady } from '@web/lib/i18n';
import type { GatewayPaymentData } from './gateway-payment';
import { PaymentPanel } from './payment-panel';

// The borrower's payment panel in each state it can show (D33, D36, D42): what it says must be
// true for that state.

const ORDER_ID = '0b5f4f0e-6f0e-4b8e-9a57-1c1e2d3f4a5b';

/** Only the fields the panel reads; the rest of an order does not shape it. */
function order(status: OrderDetail['status']): OrderDetail {
  return { id: ORDER_ID, status, total: '52000.00', viewerRoles: ['borrower'] } as unknown as OrderDetail;
}

const payable: OrderPayment = {
  amount: '52000.00',
  bankName: 'BCA',
  accountName: 'PT Rakbuku',
  accountNumber: '1234567890',
  reference: 'RB-0B5F4F',
  deadline: '2026-11-28T04:00:00.000Z',
  claimedAt: null,
  receiptUrl: null,
  confirmedAt: null,
  amountReceived: null,
  bankReference: null,
  claimRejectedAt: null,
  claimRejectionReason: null,
  refundOwedAt: null,
  transfer: null,
};

const gateway = (testMode: boolean): GatewayPaymentData => ({
  testMode,
  amount: '52000.00',
  deadline: '2026-11-28T04:00:00.000Z',
  qris: { image: 'data:image/png;base64,iVBORw0KGgo=', payload: '00020101021226' },
  virtualAccounts: [
    { bank: 'BCA', accountNumber: '8808123456789' },
    { bank: 'BNI', accountNumber: '9880123456789' },
  ],
});

function show(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

beforeAll(async () => {
  await languageReady;
});
afterEach(cleanup);

describe('payment panel', () => {
  it('shows a payable order’s QRIS code, amount, deadline and virtual accounts, with the transfer below (D42)', () => {
    show(
      <PaymentPanel
        order={order('Waiting for Payment')}
        payment={payable}
        asBorrower
        gateway={gateway(false)}
      />,
    );
    const paying = screen.getByTestId('gateway-payment');
    const qr = within(paying).getByRole('img', { name: 'QRIS code to pay Rp 52.000' });
    expect(qr.getAttribute('src')).toBe('data:image/png;base64,iVBORw0KGgo=');
    expect(within(paying).getByTestId('gateway-amount').textContent).toBe('Rp 52.000');
    expect(paying.textContent).toContain('28 Nov 2026, 12:00');
    const accounts = within(paying).getByTestId('gateway-virtual-accounts');
    expect(accounts.textContent).toContain('8808123456789');
    expect(accounts.textContent).toContain('9880123456789');
    expect(within(accounts).getByRole('button', { name: 'Copy BCA virtual account number' })).toBeTruthy();
    // The bank transfer and "I have paid" stay as the other way.
    expect(screen.getByText('Or transfer to our bank account')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'I have paid' })).toBeTruthy();
    expect(screen.queryByTestId('gateway-test-mode')).toBeNull();
  });

  it('offers "Simulate payment", marked as test mode, only in test mode', () => {
    show(
      <PaymentPanel
        order={order('Waiting for Payment')}
        payment={payable}
        asBorrower
        gateway={gateway(true)}
      />,
    );
    const test = screen.getByTestId('gateway-test-mode');
    expect(test.textContent).toContain('Test mode: no real money');
    expect(within(test).getByRole('button', { name: 'Test mode: Simulate payment' })).toBeTruthy();
  });

  it('without a gateway (PAYMENT_PROVIDER=manual) shows only the bank transfer', () => {
    show(<PaymentPanel order={order('Waiting for Payment')} payment={payable} asBorrower />);
    expect(screen.getByRole('heading', { name: 'Pay by bank transfer' })).toBeTruthy();
    expect(screen.queryByTestId('gateway-payment')).toBeNull();
    expect(screen.getByRole('button', { name: 'I have paid' })).toBeTruthy();
  });

  it('under PAYMENT_PROVIDER=statement shows the exact unique amount and the code taken off the total (D42, D43)', () => {
    const statement: OrderPayment = { ...payable, transfer: { amount: '51563.00', code: '437.00' } };
    show(<PaymentPanel order={order('Waiting for Payment')} payment={statement} asBorrower />);
    const panel = screen.getByTestId('payment-panel');
    expect(panel.textContent).toContain('Transfer exactly');
    expect(panel.textContent).toContain('Rp 51.563');
    expect(screen.getByTestId('statement-code').textContent).toBe(
      'Your total Rp 52.000 minus Rp 437, taken off so that your transfer is unique.',
    );
    expect(screen.getByRole('button', { name: 'I have paid' })).toBeTruthy();
  });

  it('once the payment is confirmed, says so and no longer says it is being checked', () => {
    const confirmed: OrderPayment = {
      ...payable,
      deadline: null,
      claimedAt: '2026-11-27T03:00:00.000Z',
      confirmedAt: '2026-11-27T05:00:00.000Z',
      amountReceived: '52000.00',
      bankReference: 'TRX-1',
    };
    show(<PaymentPanel order={order('Processed')} payment={confirmed} asBorrower gateway={null} />);
    const panel = screen.getByTestId('payment-panel');
    expect(screen.getByTestId('payment-confirmed').textContent).toContain('Payment confirmed');
    expect(panel.textContent).toContain('You told us you paid on');
    expect(panel.textContent).not.toContain('checking');
    expect(screen.queryByRole('button', { name: 'I have paid' })).toBeNull();
  });

  it('while a claim waits, tells the borrower it is being checked', () => {
    const claimed: OrderPayment = { ...payable, claimedAt: '2026-11-27T03:00:00.000Z' };
    show(<PaymentPanel order={order('Waiting for Payment')} payment={claimed} asBorrower />);
    expect(screen.getByTestId('payment-claim').textContent).toContain('We are checking the transfer');
  });
});
