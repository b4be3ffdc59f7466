// Paying and getting paid (D33, D34): our own messages, kept apart from the spec's exact strings.

export const PAYMENT_MSG = {
  onlyBorrowerClaims: 'Only the borrower of this order can tell us it is paid',
  claimNotNow: 'You can tell us you paid only while the order is waiting for payment',
  alreadyClaimed: 'You already told us you paid; we are checking the transfer',
  receiptNotFound: 'No receipt for this order',
  receiptForbidden: 'Only the borrower and the admins can see this receipt',
  amountReceivedRequired: 'Please enter the amount received',
  bankReferenceRequired: 'Please enter the bank reference',
  bankReferenceMax: 'The bank reference must be 100 characters or less',
  payoutAmountRequired: 'Please enter the payout amount',
  payoutReferenceRequired: 'Please enter the transfer reference',
  payoutDateRequired: 'Please enter the payout date',
  payoutDateFuture: 'The payout date cannot be in the future',
  payoutOwnerNotFound: 'Owner not found',
  payoutExceedsBalance: (balance: string) => `The payout cannot exceed the payable balance of ${balance}`,
  nothingPayable: 'This owner has nothing payable',
  claimNotPending: 'There is no payment claim waiting to be checked on this order',
  rejectReasonRequired: 'Please say why the claim is rejected',
  rejectReasonMax: 'The reason must be 300 characters or less',
  paidOutCannotReopen:
    'The owner’s share of this order is already paid out, so the order stays Completed. Record any refund to the borrower outside the order.',
  bankNameMax: 'Bank name must be 100 characters or less',
  accountNameMax: 'Account name must be 100 characters or less',
  accountNumberFormat: 'Account number can only contain digits, spaces and dashes (5 to 34)',
} as const;
