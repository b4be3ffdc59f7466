// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import type { OrderDetail, OrderPayment } from '@domain/order-types';
import {
  apiError,
  componentTestLifecycle,
  inIndonesian,
  renderWithApp,
  standInApi,
} from '@tests/support/web-render';
import type { GatewayPaymentData } from './gateway-payment';
import { PaymentPanel } from './payment-panel';

// The borrower's payment panel in each state it can show (D33, D36, D42): what it says must be
// true for that state.

const ORDER_ID = '0b5f4f0e-6f0e-4b8e-9a57-1c1e2d3f4a5b';

/** Only the fields the panel reads; the rest of an order does not shape it. */
function order(status: OrderDetail['status'], viewer: 'borrower' | 'admin' = 'borrower'): OrderDetail {
  return { id: ORDER_ID, status, total: '52000.00', viewerRoles: [viewer] } as unknown as OrderDetail;
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

/** The panel with the payment API stood in for: each write answers from `answers` in turn. */
function show(ui: ReactNode, answers: Record<string, ReturnType<typeof apiError>[]> = {}) {
  const seen = standInApi(
    Object.entries(answers).map(([path, list]) => [
      'POST',
      `/api/orders/${ORDER_ID}/${path}`,
      () => list.shift() ?? apiError(500, 'INTERNAL', 'Internal error'),
    ]),
  );
  return { seen, ...renderWithApp(ui) };
}

const money = (payment: OrderPayment) => ({ body: { payment, share: null } });

/** The borrower's panel on an order waiting for payment. */
const borrowerPanel = (payment: OrderPayment = payable, gatewayData: GatewayPaymentData | null = null) => (
  <PaymentPanel order={order('Waiting for Payment')} payment={payment} asBorrower gateway={gatewayData} />
);

componentTestLifecycle();

describe('payment panel', () => {
  it('shows a payable order’s QRIS code, amount, deadline and virtual accounts, with the transfer below (D42)', () => {
    show(borrowerPanel(payable, gateway(false)));
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
    show(borrowerPanel(payable, gateway(true)));
    const test = screen.getByTestId('gateway-test-mode');
    expect(test.textContent).toContain('Test mode: no real money');
    expect(within(test).getByRole('button', { name: 'Test mode: Simulate payment' })).toBeTruthy();
  });

  it('without a gateway (PAYMENT_PROVIDER=manual) shows only the bank transfer', () => {
    show(borrowerPanel());
    expect(screen.getByRole('heading', { name: 'Pay by bank transfer' })).toBeTruthy();
    expect(screen.queryByTestId('gateway-payment')).toBeNull();
    expect(screen.getByRole('button', { name: 'I have paid' })).toBeTruthy();
  });

  it('under PAYMENT_PROVIDER=statement shows the exact unique amount and the code taken off the total (D42, D43)', () => {
    const statement: OrderPayment = { ...payable, transfer: { amount: '51563.00', code: '437.00' } };
    show(borrowerPanel(statement));
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
    show(borrowerPanel(claimed));
    expect(screen.getByTestId('payment-claim').textContent).toContain('We are checking the transfer');
  });

  it('after a rejected claim, gives the borrower the reason and the new deadline (D36)', () => {
    const rejected: OrderPayment = {
      ...payable,
      deadline: '2026-11-29T04:00:00.000Z',
      claimRejectedAt: '2026-11-28T01:00:00.000Z',
      claimRejectionReason: 'No transfer found',
    };
    show(borrowerPanel(rejected));
    expect(screen.getByTestId('payment-claim-rejected').textContent).toBe(
      'We could not confirm your payment: No transfer found. Please transfer the amount again and press “I have paid” by 29 Nov 2026, 12:00 (Bali time), or the order is cancelled.',
    );
    expect(screen.getByRole('button', { name: 'I have paid' })).toBeTruthy();
  });

  it('says nothing about an order cancelled unpaid (its payment window expired), and a refund owed after a claim', () => {
    const expired = show(
      <PaymentPanel order={order('Cancelled')} payment={{ ...payable, deadline: null }} asBorrower />,
    );
    expect(expired.container.textContent).toBe('');
    expired.unmount();

    const claimedThenCancelled: OrderPayment = {
      ...payable,
      deadline: null,
      claimedAt: '2026-11-27T03:00:00.000Z',
      refundOwedAt: '2026-11-27T06:00:00.000Z',
    };
    show(<PaymentPanel order={order('Cancelled')} payment={claimedThenCancelled} asBorrower />);
    expect(screen.getByTestId('refund-owed').textContent).toBe(
      'A refund is owed: this order was cancelled on 27 Nov 2026, 14:00 (Bali time) after the borrower paid or said they paid.',
    );
    expect(screen.queryByText('Bank')).toBeNull();
    expect(screen.queryByRole('button', { name: 'I have paid' })).toBeNull();
  });

  it('with only virtual accounts at the gateway, offers them without a QRIS code', () => {
    show(borrowerPanel(payable, { ...gateway(false), qris: null }));
    const paying = screen.getByTestId('gateway-payment');
    expect(within(paying).queryByTestId('gateway-qris')).toBeNull();
    expect(within(paying).getByRole('heading', { name: 'Pay to a virtual account' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Pay for your order' })).toBeTruthy();
  });

  it('"Simulate payment" pays at the test gateway once; a failure says so', async () => {
    const { seen } = show(borrowerPanel(payable, gateway(true)), {
      'payment/simulate': [apiError(500, 'INTERNAL', 'Internal error'), { status: 204 }],
    });
    await userEvent.click(screen.getByRole('button', { name: 'Test mode: Simulate payment' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Could not simulate the payment');
    await userEvent.click(screen.getByRole('button', { name: 'Test mode: Simulate payment' }));
    const done = await screen.findByRole('button', { name: 'Payment simulated: confirming...' });
    expect((done as HTMLButtonElement).disabled).toBe(true);
    expect(seen.filter((r) => r.path.endsWith('/payment/simulate'))).toHaveLength(2);
  });

  it('"I have paid" sends the receipt photo; a receipt of the wrong type is refused first, a failed claim said (D33)', async () => {
    const claimed: OrderPayment = { ...payable, claimedAt: '2026-11-27T03:00:00.000Z' };
    const { seen } = show(borrowerPanel(), {
      'payment-claim': [apiError(500, 'INTERNAL', 'Internal error'), money(claimed)],
    });
    const receipt = screen.getByLabelText('Photo of the receipt (optional)');
    fireEvent.change(receipt, {
      target: { files: [new File(['x'], 'receipt.pdf', { type: 'application/pdf' })] },
    });
    expect(screen.getByRole('alert').textContent).toBe('File must be JPG, PNG, or WEBP');
    fireEvent.change(receipt, {
      target: { files: [new File([new Uint8Array([255, 216, 255])], 'receipt.jpg', { type: 'image/jpeg' })] },
    });
    expect(screen.queryByRole('alert')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'I have paid' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Could not record your payment. Please try again.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'I have paid' }));
    await waitFor(() => expect(seen.filter((r) => r.path.endsWith('/payment-claim'))).toHaveLength(2));
    const sent = seen[1].body as FormData;
    expect((sent.get('receipt') as File).name).toBe('receipt.jpg');
  });

  it('an admin sees whether the borrower claimed, and rejects a waiting claim with a reason (D36)', async () => {
    const unclaimed = show(
      <PaymentPanel order={order('Waiting for Payment', 'admin')} payment={payable} asBorrower={false} />,
    );
    expect(screen.getByText('The borrower has not said they paid yet.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'I have paid' })).toBeNull();
    unclaimed.unmount();

    const claimed: OrderPayment = { ...payable, claimedAt: '2026-11-27T03:00:00.000Z' };
    const { seen } = show(
      <PaymentPanel order={order('Waiting for Payment', 'admin')} payment={claimed} asBorrower={false} />,
      { 'payment-claim/reject': [apiError(500, 'INTERNAL', 'Internal error')] },
    );
    expect(screen.getByTestId('payment-claim').textContent).toContain(
      'The borrower says they paid on 27 Nov 2026, 11:00 (Bali time).',
    );
    expect(screen.getByText('No receipt photo.')).toBeTruthy();
    await userEvent.type(
      screen.getByLabelText('Reason for rejecting the claim (the borrower sees it)'),
      'No transfer found',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Reject claim' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Could not reject the claim');
    expect(seen[0].body).toEqual({ reason: 'No transfer found' });
  });

  it('in Indonesian: the bank transfer and its button', async () => {
    await inIndonesian(async () => {
      show(borrowerPanel());
      expect(screen.getByRole('heading', { name: 'Bayar lewat transfer bank' })).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Sudah bayar' })).toBeTruthy();
      expect(screen.getByTestId('payment-panel').textContent).toContain('Rp 52.000');
    });
  });
});
