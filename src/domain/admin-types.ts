import type { BookSummary, Me } from './api-types';
import type { OrderSummary } from './order-types';

// What the admin dashboard's API returns (docs/api.md, section Admin). Money is a decimal string (D2).

export interface AdminStats {
  totalOrders: number;
  totalBooks: number;
  totalUsers: number;
  pendingEmails: number;
  /** Orders waiting for admin review (the spec's 'pending orders'). */
  draftOrders: number;
  /** Delivered orders past their due date (D21). */
  overdueOrders: number;
  /** Orders waiting for the borrower's transfer, counted apart from those awaiting review. */
  awaitingPaymentOrders: number;
}

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

export interface AdminOrderRow extends OrderSummary {
  userEmail: string;
  /** The owner's contact for the admin (spec section 6); null once the owner's account is gone. */
  ownerContact: {
    email: string;
    phone: string | null;
    address: string | null;
    location: string | null;
  } | null;
  itemTitles: string[];
  paymentClaimedAt: string | null;
  /** The borrower's receipt photo (D33), private to the borrower and the admins. */
  receiptUrl: string | null;
}

export interface AdminBookRow extends BookSummary {
  ownerName: string | null;
  ownerEmail: string | null;
  /** True while the book is in an open order (D6): it cannot be deleted. */
  inOpenOrder: boolean;
}

export interface AdminUserRow
  extends Pick<Me, 'id' | 'name' | 'email' | 'role' | 'phone' | 'location' | 'createdAt'> {
  emailVerified: boolean;
  bookCount: number;
  /** Orders not yet Completed or Cancelled, as borrower or owner (D13 refuses deletion while > 0). */
  openOrderCount: number;
}

export interface AdminEmailRow {
  id: string;
  recipientEmail: string;
  recipientType: string;
  emailType: string;
  subject: string;
  orderId: string | null;
  orderNumber: string | null;
  createdAt: string;
  sentAt: string | null;
  attempts: number;
  lastError: string | null;
}

/** POST /api/admin/emails/process: one of these three answers. */
export type ProcessEmailsResult =
  | { success: true; sent: number; failed: number; message: string }
  | { success: false; error: string }
  | { configuration_required: true; message: string };
