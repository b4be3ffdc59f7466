// Ordering rules the spec leaves unworded (D5, D6, D8): our own messages, kept apart from the
// spec's exact strings in messages.ts. The server sends them as `error.message`.

export const ORDER_MSG = {
  actionNotAllowed: 'You are not allowed to take this action on this order',
  actionNotNow: (status: string) => `This action is not possible while the order is ${status}`,
  alreadyInStatus: (status: string) => `The order is already ${status}`,
  bookTakenByAnotherOrder: 'A book in this order is now in another order, so the order cannot be reopened',
  bookDeletedCannotReopen: 'A book in this order has been deleted, so the order cannot be reopened',
  bookNotAvailableCannotReopen:
    'A book in this order is no longer available (sold or withdrawn by its owner), so the order cannot be reopened',
  pickupNotShared: 'This pickup location is not offered by every owner in your cart',
  cartItemNotFound: 'This item is no longer in your cart',
} as const;
