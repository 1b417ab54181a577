import {
  MAX_SAVED_SEARCHES,
  MAX_UNPAID_BOOKINGS,
  MAX_WATCHED_LISTINGS,
  REVIEW_WINDOW_DAYS,
} from './limits.ts';

/**
 * User-facing texts that both the API and the web app show. Keeping them in one place means a
 * wording fix reaches every screen and every error response at once.
 */
export const messages = {
  signInRequired: 'Sign in required',
  invalidToken: 'Your session has expired or was ended, please sign in again',
  wrongCredentials: 'Wrong email or password',
  emailTaken: 'An account with this email already exists',
  emailMismatch: 'The email does not match the signed-in account',
  tooManySignIns: 'Too many failed sign-ins, try again later',
  tooManyRequests: 'Too many requests, slow down and try again shortly',
  signInPaused: 'Signing in is paused for a moment on our side, please try again in a minute',
  invalidRequest: 'Invalid request',
  notFound: 'Not found',
  databaseUnavailable: 'The database is not reachable',
  redisUnavailable: 'The shared counter store (Redis) is not reachable',
  shuttingDown: 'This instance is shutting down',
  internalError: 'Something went wrong on our side, please try again',
  imageMissing: 'Send the image in the multipart field "image"',
  uploadMalformed: 'The upload could not be read; send it as multipart/form-data',
  imageTooLarge: 'The image is larger than 5 MB',
  imageType: 'Only PNG, JPEG, WebP or AVIF images are accepted',
  imageUnreadable: 'The image could not be read',
  forbidden: 'You are not allowed to do this',
  userNotFound: 'User not found',
  sellerNotFound: 'Seller not found',
  cannotDeleteSelf: 'You cannot delete your own account',
  categoryNotFound: 'Category not found',
  productNotFound: 'Product not found',
  productSold: 'This product has already been sold',
  productUnavailable: 'This product is no longer available',
  onlyUnsoldAdvertised: 'Only unsold products can be advertised',
  bookingCreated: 'booking successfully',
  alreadyBooked: 'you have already booked this product',
  tooManyUnpaidBookings: `You have ${MAX_UNPAID_BOOKINGS} unpaid bookings: pay for one or cancel one before booking another`,
  ownProduct: 'You cannot book your own product',
  bookingNotFound: 'Booking not found',
  bookingPaid: 'This booking is already paid',
  bookingClosed: 'This product was sold to another buyer',
  paymentUnknown: 'This payment does not belong to this booking',
  paymentNotSucceeded: 'The payment has not succeeded',
  paymentMismatch: 'The payment does not match the booking amount',
  soldToAnotherBuyer: 'This product was sold to another buyer; your payment has been refunded',
  unavailableRefunded: 'This product is no longer available; your payment has been refunded',
  paymentRefunded: 'This payment has been refunded',
  refundInProgress: 'Your payment is being refunded; try again in a moment',
  intentNotFound: 'Unknown payment',
  webhookSignatureInvalid: 'The webhook signature is missing or invalid',
  intentAlreadyConfirmed: 'This payment has already been completed',
  bookingNotPaid: 'This booking is not paid yet',
  bookingCancelled: 'This booking was cancelled',
  bookingCompleted: 'The handover is done; this booking can no longer be changed',
  cancelledRefunded: 'This booking was cancelled; your payment has been refunded',
  onlySellers: 'Only sellers have sales',
  threadFull: 'This conversation has reached its message limit',
  threadClosed: 'This conversation is closed: the product was sold to another buyer',
  productNotReported: 'Only conversations about reported products can be read by an admin',
  tooManyAccountEmails: 'Too many emails were asked for; try again in a few minutes',
  linkNotValid:
    'This link no longer works: it was already used, it expired, or a newer one was sent. Ask for a new one',
  wrongPassword: 'The password is not right',
  emailAlreadyVerified: 'Your email address is already verified',
  sameEmail: 'This is already your email address',
  noPassword:
    'This account signs in with Google, which keeps its password and email address: change them there',
  typeEmailToConfirm: 'This account signs in with Google: type its email address to confirm',
  unsubscribeLinkNotValid: 'This unsubscribe link is not valid',
  handoverCodeWrong: 'That is not the buyer’s code: check the six digits in their My Orders',
  handoverLocked:
    'Too many wrong codes: try again later, or ask the buyer to confirm the handover in My Orders',
  notHandedOver: 'The handover has not happened yet',
  complaintWindowOver: 'The time to report a problem with this sale is over',
  complaintAlreadyOpen: 'A complaint about this sale is already open',
  complaintOpen: 'A complaint is open: an admin will decide where the money goes',
  fundsSettled: 'This sale’s money was already released or refunded',
  disputeNotFound: 'Complaint not found',
  disputeResolved: 'This complaint was already resolved another way',
  threadNotForAdmins:
    'An admin can read a conversation about a reported product or a complaint, and write only while the complaint is open',
  payoutsForSellers: 'Only sellers get payouts',
  reviewAfterHandover: 'You can review once the laptop has been handed over',
  reviewWindowOver: `The time to review this sale is over: reviews are open for ${REVIEW_WINDOW_DAYS} days after the handover`,
  alreadyReviewed: 'You already reviewed this sale',
  reviewNotFound: 'Review not found',
  reviewNotShown: 'You can answer a review once it is shown',
  alreadyReplied: 'You already answered this review',
  ownReviewReport: 'You cannot report your own review',
  profileNotFound: 'Profile not found',
  ownListingWatched: 'You cannot watch your own listing',
  watchlistFull: `You are watching ${MAX_WATCHED_LISTINGS} listings, the most there can be: stop watching one first`,
  savedSearchesFull: `You have ${MAX_SAVED_SEARCHES} saved searches, the most there can be: delete one first`,
  savedSearchNotFound: 'Saved search not found',
  ownListingQuestion: 'You cannot ask about your own listing',
  questionNotFound: 'Conversation not found',
  questionClosed: 'This conversation is closed: the laptop is no longer for sale',
  questionInBooking:
    'This conversation goes on in the booking’s thread: write there, where the booking is',
} as const;

/** A seller's account cannot end while money is owed to it (DESIGN §15); `amount` as "$12.50". */
export const moneyStillOwed = (amount: string) =>
  `You still have ${amount} held or not yet paid out: delete your account once it has been paid out`;

export type MessageKey = keyof typeof messages;

/**
 * Texts only the web app shows (SPEC §8, with the typo fixes of docs/spec-deviations.md).
 * Imported from '@reloop/shared/messages' so the web bundle does not pull in zod.
 */
export const uiMessages = {
  unauthorized: 'unauthorized access',
  registrationFailed: 'error in server side while create user',
  imageUploadFailed: 'error while upload image',
  bookingFailed: 'booking failed',
  bookingSucceeded: (productName: string) => `${productName} booking successfully`,
  reportSucceeded: 'product report successfully',
  userDeleted: 'user deleted successfully',
  sellerVerified: 'seller verified successfully',
  productDeleted: 'product deleted successfully',
  productAdvertised: 'product advertised successfully',
  productCreated: 'Product Create Successfully',
  paymentSucceeded: 'payment successful',
  registrationSucceeded: 'user Registration successfully',
  pageNotFound: '404! Page Not Found',
  noOrders: 'No Orders found',
  noProducts: 'No Products created yet',
  noReportedProducts: 'NO REPORTED PRODUCTS',
  noCategoryProducts: 'No Products Found',
  displayNameFallback: 'not available',
  googleSignInFailed: 'Google sign-in did not work. Please try again.',
  googleSignInNotStarted:
    'That Google sign-in was not started from this browser, so it was not used. Please sign in again.',
} as const;
