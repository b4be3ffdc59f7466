import type { BookSummary } from './api-types';
import type { BorrowDuration } from './constants';

// The cart as the API returns it (GET /api/cart). Money is a decimal string (D2), totals come
// from the one pricing function (D3).

export interface CartItemView {
  id: string;
  book: BookSummary;
  quantity: 1;
  borrowDuration: BorrowDuration;
  itemTotal: string;
  createdAt: string;
  updatedAt: string;
}

/** One owner's part of the cart (spec section 3, 'Owner group'). */
export interface OwnerGroup {
  /** '' for books whose owner's account is gone (their books can no longer be borrowed). */
  ownerId: string;
  /** 'Unknown Owner' when the owner has no name on record. */
  ownerName: string;
  ownerLocation: string | null;
  items: CartItemView[];
  totalBooks: number;
  borrowDuration: BorrowDuration;
  totalAmount: string;
}

export interface CartView {
  groups: OwnerGroup[];
  count: number;
  subtotal: string;
}

export interface CartValidation {
  ok: boolean;
  /** Each problem as the spec words it, e.g. '"Matilda" is no longer available'. */
  problems: string[];
}
