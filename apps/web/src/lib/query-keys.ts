/**
 * TanStack Query keys. Each feature builds its own in its `api/query-keys.ts`; the ones here are
 * for what lib/ loads, and the roots of data that one feature changes and another shows. Features
 * never import each other, so these roots live here: booking a product (catalog) changes the
 * buyer's bookings (orders), any change to a listing (catalog, seller, admin) can move it in or
 * out of every product list, and a booking's every change (orders, sales, messages) shows in the
 * bookings, the sales and the notifications.
 */
export const sharedKeys = {
  /** Every product list, whichever feature shows it. */
  products: ['products'],
  /** One listing, under the product lists' root so every listing change refreshes it too. */
  product: (productId: string) => ['products', 'one', productId] as const,
  /** The signed-in buyer's bookings and each booking. */
  bookings: ['bookings'],
  /** One booking as its buyer sees it, under the bookings' root so every change refreshes it. */
  booking: (bookingId: string) => ['bookings', 'one', bookingId] as const,
  /** The signed-in seller's sales and each sale. */
  sales: ['sales'],
  /** The signed-in user's notifications and unread counts. */
  notifications: ['notifications'],
  /** One booking's conversation: its messages, oldest first. */
  thread: (bookingId: string) => ['messages', bookingId] as const,
  /** Whether this tab's live event stream is open (lib/live-status.ts). */
  liveEvents: ['live-events'],
  categories: ['categories'],
  config: ['config'],
  role: (email: string) => ['role', email] as const,
} as const;
