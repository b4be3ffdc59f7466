import type { OrderStatus } from './constants';

// Earnings and payouts as the API returns them (D34). Money is a decimal string (D2).

export interface EarningsOrder {
  orderId: string;
  number: string;
  status: OrderStatus;
  createdAt: string;
  completedAt: string | null;
  itemsTotal: string;
  serviceFee: string;
  ownerShare: string;
  /** pending until Completed; payable once Completed (paid out from the balance). */
  state: 'pending' | 'payable';
}

export interface PayoutView {
  id: string;
  ownerId: string | null;
  ownerName: string;
  amount: string;
  paidOn: string;
  reference: string;
  recordedByName: string;
  createdAt: string;
}

export interface EarningsTotals {
  /** Shares of open orders, not yet payable. */
  pending: string;
  /** Shares of Completed orders: everything earned. */
  earned: string;
  /** Paid out so far. */
  paid: string;
  /** earned - paid: what the platform owes the owner now. */
  payable: string;
}

export interface Earnings {
  totals: EarningsTotals;
  serviceFeePercent: number;
  orders: EarningsOrder[];
  payouts: PayoutView[];
  payoutDetails: PayoutDetailsView;
}

export interface PayoutDetailsView {
  bankName: string | null;
  accountName: string | null;
  accountNumber: string | null;
}

export interface PayableOwner extends EarningsTotals {
  ownerId: string;
  name: string;
  email: string;
  payoutDetails: PayoutDetailsView;
}

export interface AdminPayouts {
  owners: PayableOwner[];
  history: PayoutView[];
}
