// Every user-facing error string, exactly as the spec words it (sections 5, 6, 8).
// The server sends these as `error.message`; the web catalogue uses the same text.

export const MSG = {
  // Add to cart (spec 5, in the spec's order)
  bookNotFound: 'Book not found',
  bookNotAvailable: 'This book is currently not available for borrowing',
  ownBook: 'You cannot add your own book to the cart',
  alreadyInCart: 'This book is already in your cart',
  maxBooksPerOwner: 'You can borrow maximum 5 books from one owner at any given time.',
  maxOwners: 'You can borrow from max. 5 book owners at any given time. Check your cart and try again.',
  signInToAddToCart: 'Please sign in to add items to cart',

  // Checkout
  yourCartIsEmpty: 'Your cart is empty',
  someBooksUnavailable: 'Some books in your cart are no longer available',
  titleNoLongerAvailable: (title: string) => `"${title}" is no longer available`,
  pleaseSignIn: 'Please sign in',
  failedToValidateCart: 'Failed to validate cart. Please try again.',
  shippingFieldsRequired: 'Please fill in all shipping address fields',
  pickupLocationRequired: 'Please select a pickup location',
  cartIsEmpty: 'Cart is empty',
  sameOwner: 'All books must be from the same owner',

  // Admin shipping cost
  invalidShippingCost: 'Please enter a valid shipping cost',

  // Sign up / profile
  nameMin: 'Name must be at least 2 characters',
  invalidEmail: 'Invalid email address',
  passwordMin: 'Password must be at least 8 characters',
  passwordsDontMatch: "Passwords don't match",
  locationMin: 'Location must be at least 2 characters',
  addressMin: 'Address must be at least 10 characters',
  addressMax: 'Address must be 250 characters or less',
  phoneMin: 'Phone number must be at least 8 digits',
  phoneMax: 'Phone number must be 14 characters or less',
  phoneFormat: 'Phone number can only contain numbers and + at the beginning',
  passwordRequired: 'Password is required',
  passwordsDoNotMatch: 'Passwords do not match',
  emailOrPhoneRequired: 'You must provide either an email or phone number and a password',

  // Book upload
  titleRequired: 'Title is required',
  titleMax: 'Title must be 100 characters or less',
  authorRequired: 'Author is required',
  authorMax: 'Author name must be 100 characters or less',
  coverRequired: 'Book cover is required',
  coverTooLarge: 'File size must be 2MB or less',
  coverType: 'File must be JPG, PNG, or WEBP',
  coverInvalidPick: 'Invalid file: Must be JPG, PNG, or WEBP, max 2MB',
  // D32: the spec's 'must be greater than 0' would hide the real minimum (Rp 1.000).
  weeklyPricePositive: 'Weekly price must be at least Rp 1.000',
  // D32 replaces the spec's '2 decimal places' rule.
  priceWhole: 'Price must be a whole number of rupiah',
  monthlyPricePositive: 'Monthly price must be greater than 0',
  // Book management (not worded by the spec: D7, D18 and the server's own refusals)
  // D30 and D18's photos (not worded by the spec)
  isbnInvalid: 'ISBN must be a valid ISBN-10 or ISBN-13',
  tooManyPhotos: 'A book can have at most 4 photos',
  photoOrderInvalid: 'The photo order names a photo this book does not have',
  isbnNotListed: 'No listed book has this ISBN',
  coverTooManyPixels: 'Image dimensions are too large: at most 40 megapixels',
  notYourBook: 'You can only change your own books',
  bookInOpenOrderDelete:
    'This book is part of an open order and cannot be deleted until that order is completed or cancelled',
  bookInOpenOrderStatus:
    'This book is part of an open order: its status follows the order until it is completed or cancelled',
  tooManyUploads: 'Too many book uploads. Please try again in an hour.',
  tooManyPasswordAttempts: 'Too many password attempts. Please try again in a minute.',
  concurrentChange: 'Someone else changed this at the same moment. Please try again.',
  confirmLinkInvalid: 'This confirmation link is invalid or has expired. Sign in to get a new one.',

  // Cart operations (spec 8)
  failedToLoadCart: 'Failed to load cart',
  failedToAddToCart: 'Failed to add item to cart',
  failedToRemoveItem: 'Failed to remove item',
  failedToRemoveOwnerItems: 'Failed to remove owner items',
  failedToUpdateQuantity: 'Failed to update quantity',
  failedToUpdateDuration: 'Failed to update borrow duration',
  failedToClearCart: 'Failed to clear cart',

  // Listing and detail
  failedToLoadBooks: 'Failed to load books',
  failedToLoadOwner: 'Failed to load owner information',
  ownerNotFound: 'Owner not found',
  failedToLoadBook: 'Failed to load book details',

  // Orders
  failedToCreateOrder: 'Failed to create order',
  failedToLoadOrders: 'Failed to load orders',
  failedToUpdateOrderStatus: 'Failed to update order status',
  failedToLoadOrder: 'Failed to load order details',
  orderNotFound: 'Order not found',
  noOrderPermission: 'You do not have permission to view this order',

  // Admin
  adminOnly: 'Access denied. Admin privileges required.',
  failedToLoadData: 'Failed to load data',
  failedToProcessEmails: 'Failed to process emails',
  failedToUpdateShippingCost: 'Failed to update shipping cost',
  failedToUpdateBookStatus: 'Failed to update book status',
  failedToDeleteBook: 'Failed to delete book',
  failedToUpdateUserRole: 'Failed to update user role',
  failedToDeleteUser: 'Failed to delete user',
  emailServiceNotConfigured: 'Email service not configured...',
  emailProcessingTriggered: 'Email processing triggered successfully',
  emailProcessingFailed: (msg: string) => `Email processing failed: ${msg}`,
  // Admin rules the spec leaves unworded (D12, D13, D7)
  userNotFound: 'User not found',
  cannotChangeOwnRole: 'You cannot change your own role',
  cannotDeleteAdmin: 'Admins cannot be deleted. Change their role to user first.',
  userHasOpenOrders:
    'This user has open orders as borrower or owner. Complete or cancel them before deleting the account.',

  // Account
  signUpFailed: 'An error occurred during sign up',
  signInFailed: 'An error occurred during sign in',
  genericError: 'An error occurred',
  failedToUpdateProfile: 'Failed to update profile',
  failedToRequestPasswordChange: 'Failed to request password change',
  failedToLoadProfile: 'Failed to load profile',
  failedToUpdatePickupLocations: 'Failed to update pickup locations',
  failedToUploadBook: 'Failed to upload book',
  profileUpdated: 'Profile updated successfully!',
  signInToEditProfile: 'Please sign in to edit your profile',
  // Account rules the spec leaves unworded (D10, D11): ours, kept beside the spec's.
  nameMax: 'Name must be 100 characters or less',
  locationMax: 'Location must be 100 characters or less',
  passwordMax: 'Password must be 128 characters or less',
  currentPasswordRequired: 'Current password is required',
  currentPasswordIncorrect: 'Current password is incorrect',
  emailNotConfirmed: 'Please confirm your email address before signing in.',
  pickupLocationUnavailable: 'One of the chosen pickup locations is no longer available',

  // Generic HTTP
  notFound: 'Not found',
  signInRequired: 'Please sign in',
  invalidRequest: 'The request is invalid',
  internalError: 'Something went wrong on our side. Please try again.',
} as const;
