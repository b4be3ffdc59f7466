import type { DeliveryMethod, OrderStatus } from './constants';
import type { ExtensionRefusal, ExtensionWeeks, LoanClock } from './loan';
import type { OrderActionType, OrderRole } from './order-actions';

// Orders as the API returns them. An order belongs to one borrower and one owner (D5); its
// items are snapshots taken at checkout (D7). Money is a decimal string (D2).

export interface DeliveryAddress {
  fullName: string;
  phone: string;
  address: string;
}

export interface PickupLocationSnapshot {
  name: string;
  location: string;
  address: string;
}

export interface OrderItemView {
  id: string;
  bookId: string | null;
  title: string;
  author: string;
  coverUrl: string;
  ownerId: string | null;
  ownerName: string;
  quantity: number;
  borrowDuration: number;
  weeklyPrice: string;
  monthlyPrice: string | null;
  itemTotal: string;
}

export interface OrderSummary {
  id: string;
  /** Last 8 characters of the id, upper case (D5). */
  number: string;
  status: OrderStatus;
  userId: string | null;
  userName: string;
  ownerId: string | null;
  ownerName: string;
  deliveryMethod: DeliveryMethod;
  deliveryAddress: DeliveryAddress | null;
  pickupLocation: PickupLocationSnapshot | null;
  borrowDuration: number;
  subtotal: string;
  shippingCost: string | null;
  total: string | null;
  itemCount: number;
  createdAt: string;
  /** D21: when the loan started (the order became Delivered) and when it is due. */
  deliveredAt: string | null;
  dueAt: string | null;
  /** D24: the payment deadline while Waiting for Payment, else null. */
  paymentDueAt: string | null;
  /** While Delivered: the due date and day count, computed by the server's clock and zone. */
  loan: LoanClock | null;
  /** D33: the borrower pressed "I have paid" and the order still waits for payment. */
  paymentClaimed: boolean;
}

/** An extension of the loan (D23): a charge on the order the admin marks paid. */
export interface OrderExtensionView {
  id: string;
  weeks: number;
  amount: string;
  previousDueAt: string;
  newDueAt: string;
  paid: boolean;
  paidAt: string | null;
  createdAt: string;
}

/** What the borrower may extend now, at which price and to which date; or why not (D23). */
export interface ExtensionOffer {
  refusal: { code: ExtensionRefusal; message: string } | null;
  options: Array<{ weeks: ExtensionWeeks; amount: string; newDueAt: string; newDueDate: string }>;
}

/** What an event recorded beyond the status change (D33). */
export interface OrderEventDetails {
  amountReceived?: string;
  bankReference?: string;
  receipt?: boolean;
}

export interface OrderEventView {
  id: string;
  fromStatus: OrderStatus | null;
  toStatus: OrderStatus;
  action: string;
  actorName: string;
  actorRole: string;
  details: OrderEventDetails | null;
  createdAt: string;
}

/** The payment panel's facts (D33): for the borrower and the admins only. */
export interface OrderPayment {
  /** The amount to transfer; null until the shipping cost is set. */
  amount: string | null;
  bankName: string;
  accountName: string;
  accountNumber: string;
  /** The order number, used as the transfer reference. */
  reference: string;
  /** D24's deadline while Waiting for Payment, else null. */
  deadline: string | null;
  claimedAt: string | null;
  receiptUrl: string | null;
  confirmedAt: string | null;
  amountReceived: string | null;
  bankReference: string | null;
}

/** The owner's share of an order (D34): for the owner and the admins only. */
export interface OrderShare {
  itemsTotal: string;
  serviceFee: string;
  ownerShare: string;
  /** pending until Completed, then payable (paid out from the owner's balance). */
  state: 'pending' | 'payable' | 'cancelled';
}

export interface OrderDetail extends OrderSummary {
  paymentMethod: string;
  notes: string | null;
  items: OrderItemView[];
  events: OrderEventView[];
  /** The viewer's roles on this order (one person may hold several). */
  viewerRoles: OrderRole[];
  /** The actions the viewer may take now (D8): the web shows exactly these buttons. */
  allowedActions: OrderActionType[];
  /** Admin only (spec: the admin-only owner address block); null for everyone else. */
  ownerContact: { name: string; email: string; phone: string | null; address: string | null } | null;
  extensions: OrderExtensionView[];
  /** Borrower only, while Delivered; null for everyone else. */
  extensionOffer: ExtensionOffer | null;
}

/** GET /api/orders/:id/money: the payment panel and the owner's share, each for whom it concerns. */
export interface OrderMoney {
  payment: OrderPayment | null;
  share: OrderShare | null;
}
