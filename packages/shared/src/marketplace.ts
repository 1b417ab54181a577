import { z } from 'zod';
import { emailSchema } from './auth.ts';
import {
  idSchema,
  imageUrlOrNoneSchema,
  imageUrlSchema,
  phoneSchema,
  wholeNumberText,
} from './common.ts';
import { fundsSchema } from './money.ts';
import { minRatingSchema, ownReviewSchema, ratingSummarySchema } from './reviews.ts';

/**
 * Request and response shapes of the marketplace calls (SPEC §7). Field names follow the
 * spec's JSON; prices are numbers of dollars in JSON and integer cents in the database.
 * Fields the server owns (seller, buyer, names, prices copied from a product, status) may be
 * sent by old clients: they are accepted and ignored, never trusted.
 */
export const idParamsSchema = z.object({ id: idSchema });

/** A price in dollars with at most two decimals, up to one million. */
export const priceSchema = z
  .number()
  .positive('must be more than 0')
  .max(1_000_000, 'must be at most 1,000,000')
  .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, {
    message: 'must have at most two decimals',
  });

/** A missing field says so, rather than "expected string, received undefined". */
const missingIsRequired = {
  error: (issue: { input?: unknown }) => (issue.input === undefined ? 'is required' : undefined),
};

const requiredText = (max: number) =>
  z.string(missingIsRequired).trim().min(1, 'is required').max(max);

export const conditionSchema = z.enum(['excellent', 'good', 'fair']);
export type Condition = z.infer<typeof conditionSchema>;

/**
 * Lists are keyset-paginated: `limit`, and for later pages the `cursor` the previous page's
 * `Link: <…>; rel="next"` header carries. There are no offsets: a page deep in a million rows
 * would cost a scan of everything before it.
 */
export const DEFAULT_PAGE_SIZE = 24;

export const paginationQuerySchema = z.object({
  limit: wholeNumberText({ min: 1, max: 100 }).default(DEFAULT_PAGE_SIZE),
  cursor: z.uuid({ error: 'must be the cursor of a Link header' }).optional(),
  offset: z
    .never({ error: 'is not supported: follow the Link header (rel="next") for the next page' })
    .optional(),
});
export type Pagination = z.infer<typeof paginationQuerySchema>;

export const emailQuerySchema = paginationQuerySchema.extend({ email: emailSchema });

/** `GET /api/bookings`: the buyer's bookings, or only those of one product. */
export const buyerBookingsQuerySchema = emailQuerySchema.extend({
  productId: z.uuid().optional().describe("Only the buyer's bookings of this product"),
});

export const acknowledgedSchema = z
  .object({ acknowledged: z.literal(true) })
  .meta({ id: 'Acknowledged' });

// Users

export const registerBodySchema = z
  .object({
    userEmail: emailSchema.optional(),
    userName: z.string().trim().max(100).optional(),
    role: z.enum(['buyer', 'seller'], { message: 'must be buyer or seller' }),
    userImg: imageUrlOrNoneSchema.optional(),
  })
  .meta({ id: 'Registration' });
export type RegisterBody = z.infer<typeof registerBodySchema>;

export const userSchema = z
  .object({
    _id: idSchema,
    userName: z.string(),
    userEmail: z.string(),
    userImg: z.string(),
    role: z.enum(['buyer', 'seller', 'admin']).nullable(),
    verify: z.boolean(),
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof userSchema>;

export const roleResultSchema = z
  .object({ role: z.enum(['buyer', 'seller', 'admin']).nullable() })
  .meta({ id: 'RoleResult' });

/**
 * What deleting a user would end: their bookings as buyer and the bookings of their products as
 * seller that are still `unpaid` (cancelled) or `paid` (cancelled and refunded).
 */
export const openBookingsSchema = z
  .object({ unpaid: z.number().int().min(0), paid: z.number().int().min(0) })
  .meta({ id: 'OpenBookings' });
export type OpenBookings = z.infer<typeof openBookingsSchema>;

// Categories and products

export const categorySchema = z
  .object({ _id: idSchema, category: z.string(), image: z.string() })
  .meta({ id: 'Category' });
export type Category = z.infer<typeof categorySchema>;

/** A whole number in a range, as JSON bodies carry it: never coerced from text or booleans. */
const wholeNumber = (min: number, max: number, unit: string) =>
  z
    .number(missingIsRequired)
    .int('must be a whole number')
    .min(min, `must be at least ${min} ${unit}`)
    .max(max, `must be at most ${max} ${unit}`);

export const MAX_PHOTOS = 8;

/** The longest message (and booking note) a user can send. */
export const MAX_MESSAGE_LENGTH = 2000;

/** What a buyer judges a laptop by, beyond the spec's fields (DESIGN §11). */
export const laptopSpecsSchema = z.object({
  model: requiredText(80),
  cpu: requiredText(80),
  ramGb: wholeNumber(1, 256, 'GB'),
  storageGb: wholeNumber(16, 16_384, 'GB'),
  screenInches: z
    .number(missingIsRequired)
    .min(10, 'must be at least 10 inches')
    .max(20, 'must be at most 20 inches')
    .refine((value) => Math.abs(value * 10 - Math.round(value * 10)) < 1e-9, {
      message: 'must have at most one decimal',
    }),
  /** Percent of the battery's design capacity, when the seller knows it. */
  batteryHealth: wholeNumber(1, 100, '%').nullable().optional(),
});

/**
 * The specs as the API takes them: each may be left out (or null) and is then "not stated",
 * shown so and matched by no spec filter, because SPEC §7's listing carries none. The web form
 * asks for every one but the battery (`laptopSpecsSchema`).
 */
const specsAsTheApiTakesThem = {
  model: laptopSpecsSchema.shape.model.nullish(),
  cpu: laptopSpecsSchema.shape.cpu.nullish(),
  ramGb: laptopSpecsSchema.shape.ramGb.nullish(),
  storageGb: laptopSpecsSchema.shape.storageGb.nullish(),
  screenInches: laptopSpecsSchema.shape.screenInches.nullish(),
  batteryHealth: laptopSpecsSchema.shape.batteryHealth,
};

/**
 * A listing's fields. `photos` are up to eight uploaded images, the first the cover; old
 * clients send only `imgUrl`, which then is the one photo.
 */
export const productFieldsSchema = z
  .object({
    name: requiredText(120),
    imgUrl: imageUrlSchema.optional(),
    photos: z
      .array(imageUrlSchema)
      .min(1, 'needs at least one photo')
      .max(MAX_PHOTOS, `takes at most ${MAX_PHOTOS} photos`)
      .optional(),
    resalePrice: priceSchema,
    originalPrice: priceSchema,
    location: requiredText(120),
    mobile: phoneSchema,
    yearOfUse: z
      .number()
      .int('must be a whole year')
      .min(1980, 'must be 1980 or later')
      .refine((year) => year <= new Date().getFullYear(), { message: 'cannot be in the future' }),
    condition: conditionSchema,
    categoryId: idSchema,
    description: requiredText(2000),
  })
  .extend(specsAsTheApiTakesThem);

type ProductFields = Partial<z.output<typeof productFieldsSchema>>;

/**
 * The rules that tie fields together: a grade's battery promise (see `conditionGrades`) and
 * one cover photo. Checked on a whole listing, so an edit is checked as the listing it makes.
 */
export function checkListing(product: ProductFields, context: z.RefinementCtx): void {
  const battery = product.batteryHealth;
  if (battery != null && product.condition === 'excellent' && battery < 85) {
    context.addIssue({
      code: 'custom',
      path: ['batteryHealth'],
      message: 'must be at least 85% for an excellent laptop',
    });
  }
  if (battery != null && product.condition === 'good' && battery < 80) {
    context.addIssue({
      code: 'custom',
      path: ['batteryHealth'],
      message: 'below 80% makes the laptop fair',
    });
  }
  if (product.imgUrl && product.photos && product.photos[0] !== product.imgUrl) {
    context.addIssue({
      code: 'custom',
      path: ['imgUrl'],
      message: 'must be the first photo, or be left out',
    });
  }
}

export const productBodySchema = productFieldsSchema
  .superRefine(checkListing)
  // Said with the other missing fields, not only once they are all right.
  .refine((product) => product.imgUrl !== undefined || product.photos !== undefined, {
    path: ['photos'],
    message: 'needs at least one photo',
    when: ({ value }) => typeof value === 'object' && value !== null,
  })
  .meta({ id: 'NewProduct' });
export type ProductBody = z.input<typeof productBodySchema>;

/** An edit: any of a listing's fields; the listing it makes must pass `productBodySchema`. */
export const productPatchSchema = productFieldsSchema
  .partial()
  .refine((patch) => Object.keys(patch).length > 0, { message: 'change at least one field' })
  .meta({ id: 'ProductChanges' });
export type ProductPatch = z.input<typeof productPatchSchema>;

/**
 * A listing as anyone may see it: in the public lists, search and its page. The seller's phone
 * and email are not in it (a buyer gets the phone once paid, on the booking); `Product` adds them
 * for the seller's own list and the admins'.
 */
export const listingSchema = z
  .object({
    _id: idSchema,
    name: z.string(),
    imgUrl: z.string(),
    photos: z.array(z.string()),
    resalePrice: z.number(),
    originalPrice: z.number(),
    location: z.string(),
    yearOfUse: z.number().int(),
    condition: conditionSchema,
    categoryId: idSchema,
    description: z.string(),
    /** Null when not stated (listings made without specs). */
    model: z.string().nullable(),
    cpu: z.string().nullable(),
    ramGb: z.number().int().nullable(),
    storageGb: z.number().int().nullable(),
    screenInches: z.number().nullable(),
    batteryHealth: z.number().int().nullable(),
    sellerVerified: z.boolean(),
    status: z.enum(['unsold', 'sold']),
    advertise: z.boolean(),
    report: z.boolean(),
    timeWhenPost: z.string(),
    sellerName: z.string(),
    /** The seller's rating ("★ 4.8 · 23"), null until a review of them shows (DESIGN §16). */
    sellerRating: ratingSummarySchema.optional(),
  })
  .meta({ id: 'Listing' });
export type Listing = z.infer<typeof listingSchema>;

/** The seller's contact details, which only the seller and the admins see on a listing. */
const sellerContact = { mobile: z.string(), sellerEmail: z.string() };

/** A listing as its seller and the admins see it. */
export const productSchema = listingSchema.extend(sellerContact).meta({ id: 'Product' });
export type Product = z.infer<typeof productSchema>;

/**
 * One listing's page: the listing and its seller's card, with the seller's contact details only
 * when the listing's seller or an admin asks.
 */
export const productDetailSchema = listingSchema
  .extend({
    sellerId: idSchema,
    /** When the seller's account was made. */
    sellerSince: z.string(),
    ...z.object(sellerContact).partial().shape,
  })
  .meta({ id: 'ProductDetail' });
export type ProductDetail = z.infer<typeof productDetailSchema>;

export const searchSortSchema = z.enum(['newest', 'price_asc', 'price_desc']);
export type SearchSort = z.infer<typeof searchSortSchema>;

/** Text that carries a price in dollars, as a query string does. */
const priceText = z
  .string()
  .regex(/^\d{1,7}(\.\d{1,2})?$/, 'must be an amount in dollars, like 800 or 799.99')
  .transform(Number);

/**
 * A search's words, filters and sort (DESIGN §11), as text as a query string carries them: what
 * `GET /api/search` takes besides its page, and what a saved search keeps (DESIGN §17). Both
 * check them with `pricesInOrder` as well.
 */
export const searchTermsSchema = z.object({
  q: z.string().trim().max(200).optional(),
  categoryId: idSchema.optional(),
  sellerId: idSchema.optional(),
  minPrice: priceText.optional(),
  maxPrice: priceText.optional(),
  minRamGb: wholeNumberText({ min: 1, max: 256 }).optional(),
  minStorageGb: wholeNumberText({ min: 1, max: 16_384 }).optional(),
  condition: conditionSchema.optional(),
  verified: z.literal('true', { error: "must be 'true', or be left out" }).optional(),
  location: z.string().trim().max(120).optional(),
  /** Only sellers rated this many stars or more on average (DESIGN §16). */
  minRating: minRatingSchema.optional(),
  sort: searchSortSchema.default('newest'),
});
export type SearchTerms = z.output<typeof searchTermsSchema>;

/** A minimum price above the maximum would find nothing: refused, under maxPrice. */
export const pricesInOrder = {
  check: (terms: { minPrice?: number; maxPrice?: number }) =>
    terms.minPrice === undefined ||
    terms.maxPrice === undefined ||
    terms.minPrice <= terms.maxPrice,
  issue: { path: ['maxPrice'], message: 'must not be less than minPrice' },
};

/** `GET /api/search`: its terms, keyset-paged like every list. */
export const searchQuerySchema = paginationQuerySchema
  .extend(searchTermsSchema.shape)
  .refine(pricesInOrder.check, pricesInOrder.issue);
export type SearchQuery = z.output<typeof searchQuerySchema>;

/**
 * What `GET /api/search` says beside its listings (DESIGN §17), as response headers, so its body
 * stays the plain array every list answers. Each is optional.
 */
export const searchResultHeaders = {
  /**
   * The words searched instead of `q` when some of its words matched no listed word and similar
   * ones did ("thinkpd" → "thinkpad"): space-separated, percent-encoded like a query value.
   */
  correctedQuery: 'X-Corrected-Query',
  /** On the first page: how many listings match. */
  resultCount: 'X-Result-Count',
  /** `true` when the count is an estimate, rounded to two significant figures. */
  resultCountApproximate: 'X-Result-Count-Approximate',
} as const;

export const createdSchema = z
  .object({ acknowledged: z.literal(true), _id: idSchema })
  .meta({ id: 'Created' });

// Bookings, payments, orders

export const bookingBodySchema = z
  .object({
    productId: idSchema,
    buyerPhone: phoneSchema,
    buyerMeetingLocation: requiredText(200),
    /** "Anything else?": kept on the booking and sent to the seller as the thread's first message. */
    note: z.string().trim().max(MAX_MESSAGE_LENGTH).optional(),
  })
  .meta({ id: 'NewBooking' });
export type BookingBody = z.input<typeof bookingBodySchema>;

export const bookingCreatedSchema = z
  .object({
    success: z.literal(true),
    message: z.string(),
    _id: idSchema,
  })
  .meta({ id: 'BookingCreated' });

/**
 * A booking's life (DESIGN §12): `unpaid` → `paid` → `completed` (the buyer confirmed the
 * handover). `cancelled`: by the buyer before paying, or by either side after paying and before
 * the handover (the payment refunded, the product listed again). `closed`: another buyer paid
 * for the product first, so this booking can no longer be paid.
 */
export const bookingStatusSchema = z.enum(['unpaid', 'paid', 'completed', 'cancelled', 'closed']);
export type BookingStatus = z.infer<typeof bookingStatusSchema>;

/** Which side of a booking a user is on: its buyer, or the seller of its product. */
export const bookingSideSchema = z.enum(['buyer', 'seller']);
export type BookingSide = z.infer<typeof bookingSideSchema>;

const isoTime = z.string();

/** When the booking moved on, and who cancelled it; null until it happens. */
const bookingTimeline = {
  paidAt: isoTime.nullable(),
  completedAt: isoTime.nullable(),
  cancelledAt: isoTime.nullable(),
  cancelledBy: bookingSideSchema.nullable(),
  /** The provider's refund, when this booking's payment was refunded. */
  refundId: z.string().nullable(),
  /** Messages from the other side this user has not read yet. */
  unreadMessages: z.number().int(),
  /** Where the booking's money is (DESIGN §15). */
  funds: fundsSchema,
  /**
   * When held money goes to the seller: the handover plus the complaint window. Null before the
   * handover. Until then the buyer may complain or release it early.
   */
  releaseAt: isoTime.nullable(),
  /**
   * Until when this user may review the other side (DESIGN §16): the handover plus the review
   * window, while they have not reviewed; null otherwise.
   */
  reviewUntil: isoTime.nullable().optional(),
  /** This user's review of the other side, once written. */
  myReview: ownReviewSchema.nullable().optional(),
};

export const bookingSchema = z
  .object({
    _id: idSchema,
    productId: idSchema,
    productName: z.string(),
    productImg: z.string(),
    productPrice: z.number(),
    buyerName: z.string(),
    buyerEmail: z.string(),
    buyerPhone: z.string(),
    buyerMeetingLocation: z.string(),
    /** The seller's id, for their public profile. */
    sellerId: idSchema.optional(),
    status: bookingStatusSchema,
    paymentId: z.string().nullable(),
    note: z.string().nullable(),
    /** The seller's name and phone, for the handover: given once the booking is paid. */
    sellerName: z.string().nullable(),
    sellerPhone: z.string().nullable(),
    /**
     * Six digits the buyer shows the seller at the meetup, once paid and until the handover;
     * only the buyer sees it.
     */
    handoverCode: z.string().nullable(),
    ...bookingTimeline,
    timeWhenBooked: z.string(),
  })
  .meta({ id: 'Booking' });
export type Booking = z.infer<typeof bookingSchema>;

/** A booking on one of the seller's products, as the seller sees it (`GET /api/sales`). */
export const saleSchema = z
  .object({
    _id: idSchema,
    productId: idSchema,
    productName: z.string(),
    productImg: z.string(),
    productPrice: z.number(),
    buyerName: z.string(),
    /** The buyer's id, for their public profile. */
    buyerId: idSchema.optional(),
    /** Null once the booking is cancelled or closed: the deal is off. */
    buyerPhone: z.string().nullable(),
    meetingLocation: z.string(),
    note: z.string().nullable(),
    status: bookingStatusSchema,
    ...bookingTimeline,
    timeWhenBooked: z.string(),
  })
  .meta({ id: 'Sale' });
export type Sale = z.infer<typeof saleSchema>;

/** What a cancel or a confirmed handover did: the booking's new status and any refund. */
export const bookingTransitionSchema = z
  .object({
    _id: idSchema,
    status: bookingStatusSchema,
    refundId: z.string().nullable(),
    funds: fundsSchema,
    releaseAt: isoTime.nullable(),
  })
  .meta({ id: 'BookingTransition' });
export type BookingTransition = z.infer<typeof bookingTransitionSchema>;

// Messages between a booking's buyer and its product's seller

export const messageBodySchema = z
  .object({
    text: z
      .string(missingIsRequired)
      .trim()
      .min(1, 'is required')
      .max(MAX_MESSAGE_LENGTH, `must be at most ${MAX_MESSAGE_LENGTH} characters`),
  })
  .meta({ id: 'NewMessage' });
export type MessageBody = z.input<typeof messageBodySchema>;

/** Who wrote a message: a side of the booking, or an admin deciding a complaint about it. */
export const messageSenderSchema = z.enum(['buyer', 'seller', 'admin']);
export type MessageSender = z.infer<typeof messageSenderSchema>;

export const messageSchema = z
  .object({ _id: idSchema, from: messageSenderSchema, text: z.string(), createdAt: isoTime })
  .meta({ id: 'Message' });
export type Message = z.infer<typeof messageSchema>;

/** A booking's conversation, for an admin looking into a reported product. */
export const threadSummarySchema = z
  .object({
    bookingId: idSchema,
    buyerName: z.string(),
    status: bookingStatusSchema,
    messages: z.number().int(),
    lastMessageAt: isoTime.nullable(),
  })
  .meta({ id: 'ThreadSummary' });
export type ThreadSummary = z.infer<typeof threadSummarySchema>;

// Notifications: the events that need the user to act

export const notificationKindSchema = z.enum([
  'booked',
  'paid',
  'message',
  'cancelled',
  'completed',
  /** The seller: the buyer complained about the handed-over item. */
  'disputed',
  /** Both sides: an admin decided a complaint. */
  'resolved',
  /** The seller: the held money was released. */
  'released',
  /** The seller: the money was transferred to the payout account. */
  'paid_out',
  /** Both sides, at the handover: how did it go? */
  'review_invited',
  /** A review of the user is now shown on their profile. */
  'reviewed',
  /** A listing the user watches is cheaper now. */
  'price_dropped',
  /** A listing the user watches was sold to someone else. */
  'listing_sold',
  /** A new or repriced listing matches one of the user's saved searches. */
  'search_match',
  /** A question about a listing, or its answer, before any booking (DESIGN §17). */
  'question',
  /** The user: an admin suspended their account (DESIGN §19); the email says why and until when. */
  'account_suspended',
]);
export type NotificationKind = z.infer<typeof notificationKindSchema>;

/** Notices about a listing rather than a booking (DESIGN §17): they lead to the listing's page. */
export const listingNoticeKindSchema = notificationKindSchema.extract([
  'price_dropped',
  'listing_sold',
  'search_match',
]);
export type ListingNoticeKind = z.infer<typeof listingNoticeKindSchema>;
export type BookingNoticeKind = Exclude<
  NotificationKind,
  ListingNoticeKind | 'question' | 'account_suspended'
>;
export const isListingNotice = (kind: NotificationKind): kind is ListingNoticeKind =>
  (listingNoticeKindSchema.options as readonly NotificationKind[]).includes(kind);
export const isBookingNotice = (kind: NotificationKind): kind is BookingNoticeKind =>
  kind !== 'question' && kind !== 'account_suspended' && !isListingNotice(kind);

/**
 * A notice is about a booking (`bookingId` and `side` set, `productId` null) or, for the listing
 * kinds and `question`, about a listing (`productId` set, `bookingId` and `side` null); a
 * `question` names its conversation (`questionId`).
 */
export const notificationSchema = z
  .object({
    _id: idSchema,
    kind: notificationKindSchema,
    bookingId: idSchema.nullable(),
    /** The user's side of the booking: where the notification leads (My Orders or My Sales). */
    side: bookingSideSchema.nullable(),
    /** The listing a listing notice is about: it leads to the listing's page. */
    productId: idSchema.nullable(),
    /** The conversation a `question` notice leads to; null for every other kind. */
    questionId: idSchema.nullable(),
    /** The saved search a listing matched (`search_match`); null once that search is deleted. */
    searchName: z.string().nullable(),
    productName: z.string(),
    read: z.boolean(),
    createdAt: isoTime,
  })
  .meta({ id: 'Notification' });
export type Notification = z.infer<typeof notificationSchema>;

/**
 * Unread notifications and messages are counted up to this many: the bell shows "99+" beyond,
 * and a poll never reads a seller's whole backlog.
 */
export const UNREAD_COUNTED_UP_TO = 100;

const unreadCount = (what: string) =>
  z
    .number()
    .int()
    .min(0)
    .max(UNREAD_COUNTED_UP_TO)
    .describe(
      `${what}, counted up to ${UNREAD_COUNTED_UP_TO}: ${UNREAD_COUNTED_UP_TO} means that many or more`,
    );

export const notificationsSchema = z
  .object({
    unread: unreadCount('Unread notifications'),
    unreadMessages: unreadCount("Unread messages across all of the user's bookings"),
    /** The latest notifications, newest first. */
    notifications: z.array(notificationSchema),
  })
  .meta({ id: 'Notifications' });
export type Notifications = z.infer<typeof notificationsSchema>;

export const paymentIntentBodySchema = z
  .object({
    bookingId: idSchema,
    /** Accepted for compatibility and ignored: the amount comes from the booking. */
    price: z.unknown().optional(),
  })
  .meta({ id: 'PaymentIntentRequest' });
export const paymentIntentResultSchema = z
  .object({ clientSecret: z.string() })
  .meta({ id: 'PaymentIntentSecret' });

export const orderBodySchema = z
  .object({
    paymentId: z.string().trim().min(1).max(255),
    bookingId: idSchema,
    productId: idSchema.optional(),
  })
  .meta({ id: 'NewOrder' });
export const orderResultSchema = z
  .object({
    acknowledged: z.literal(true),
    bookingId: idSchema,
    paymentId: z.string(),
  })
  .meta({ id: 'Order' });

// The built-in test payment provider (mirrors Stripe's test cards)

export const testCardSchema = z
  .object({
    number: z.string().trim().max(30),
    expMonth: z.number().int().min(1).max(12),
    expYear: z.number().int().min(0).max(9999),
    cvc: z
      .string()
      .trim()
      .regex(/^\d{3,4}$/, 'must be 3 or 4 digits'),
  })
  .meta({ id: 'TestCard' });
export const testConfirmBodySchema = z
  .object({
    clientSecret: z.string().min(1).max(255),
    card: testCardSchema,
    billingDetails: z.object({ name: z.string().max(200), email: z.string().max(254) }),
  })
  .meta({ id: 'TestPayment' });
export type TestConfirmBody = z.input<typeof testConfirmBodySchema>;

export const paymentIntentSchema = z
  .object({
    id: z.string(),
    status: z.literal('succeeded'),
    amount: z.number().int(),
    currency: z.string(),
  })
  .meta({ id: 'PaymentIntent' });
export const testConfirmResultSchema = z
  .object({ paymentIntent: paymentIntentSchema })
  .meta({ id: 'TestPaymentResult' });

export const cardErrorSchema = z
  .object({
    message: z.string(),
    error: z.object({ type: z.literal('card_error'), code: z.string(), message: z.string() }),
  })
  .meta({ id: 'CardError' });
