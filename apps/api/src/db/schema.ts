import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type ExtraConfigColumn,
} from 'drizzle-orm/pg-core';
import {
  adminActionKindSchema,
  auditTargetTypeSchema,
  conditionSchema,
  disputeOutcomeSchema,
  disputeReasonSchema,
  fundsSchema,
  liveEventTypeSchema,
  messageSenderSchema,
  notificationKindSchema,
  reportReasonSchema,
  verificationStatusSchema,
} from '@reloop/shared';

/**
 * The whole data model. Money is integer cents; soft deletes keep bookings and payments
 * readable after a user or product goes away.
 */
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const deletedAt = () => timestamp('deleted_at', { withTimezone: true });

/**
 * Lists are newest first, `ORDER BY created_at DESC, id DESC`, paged by keyset. Each list's
 * index ends in exactly these two keys (DESC NULLS FIRST is what `DESC` means in an ORDER BY),
 * so a page is an index range read: no sort, and no rows skipped however deep the page.
 */
const newestFirst = (table: { createdAt: ExtraConfigColumn; id: ExtraConfigColumn }) =>
  [table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst()] as const;

/** PostgreSQL's full-text document type; written by the database only (a generated column). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /**
     * Stored lower-case; sign-in and look-ups compare lower-case. Unique among accounts that
     * are not deleted: a deleted account keeps its email, which is free for a new account.
     */
    email: text('email').notNull(),
    name: text('name').notNull().default(''),
    image: text('image').notNull().default(''),
    /** Null until the user registers as buyer or seller (POST /register). */
    role: text('role', { enum: ['buyer', 'seller', 'admin'] }),
    verified: boolean('verified').notNull().default(false),
    /** Null for accounts that only sign in through OIDC. */
    passwordHash: text('password_hash'),
    /** When the user followed a verification link (or the identity provider vouched). */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** The user's own phone, '' until given: the booking and listing forms start with it. */
    phone: text('phone').notNull().default(''),
    // Which notice emails the user wants (DESIGN §14); security emails always go.
    notifyBookings: boolean('notify_bookings').notNull().default(true),
    notifyMessages: boolean('notify_messages').notNull().default(true),
    notifyReviews: boolean('notify_reviews').notNull().default(true),
    notifyWatchlist: boolean('notify_watchlist').notNull().default(true),
    notifySavedSearches: boolean('notify_saved_searches').notNull().default(true),
    // Reputation (DESIGN §16), kept up to date in the transaction that shows or hides a review
    // of the user, and of a handover: profiles and cards read them, nothing counts at read.
    ratingCount: integer('rating_count').notNull().default(0),
    ratingSum: integer('rating_sum').notNull().default(0),
    /** How many shown reviews gave 1, 2, 3, 4 and 5 stars. */
    ratingHistogram: integer('rating_histogram')
      .array()
      .notNull()
      .default(sql`'{0,0,0,0,0}'`),
    completedSales: integer('completed_sales').notNull().default(0),
    completedPurchases: integer('completed_purchases').notNull().default(0),
    /**
     * A suspension (DESIGN §19): until when, and why. The account is suspended while this is in
     * the future; sign-in and every token are refused with both.
     */
    suspendedUntil: timestamp('suspended_until', { withTimezone: true }),
    suspensionReason: text('suspension_reason'),
    createdAt: createdAt(),
    deletedAt: deletedAt(),
  },
  (table) => [
    check('users_role_check', sql`${table.role} in ('buyer', 'seller', 'admin')`),
    check('users_email_lower_check', sql`${table.email} = lower(${table.email})`),
    // On email itself (lower-case by the check above), so `email = $1` look-ups of live
    // accounts and ON CONFLICT (email) WHERE deleted_at IS NULL both use it.
    check(
      'users_rating_check',
      sql`${table.ratingCount} >= 0 and ${table.ratingSum} between ${table.ratingCount} and 5 * ${table.ratingCount} and cardinality(${table.ratingHistogram}) = 5`,
    ),
    uniqueIndex('users_active_email_unique')
      .on(table.email)
      .where(sql`${table.deletedAt} is null`),
    index('users_role_listing_idx')
      .on(table.role, ...newestFirst(table))
      .where(sql`${table.deletedAt} is null`),
    // The admin's user search (moderation/users.ts): every live user newest first, the
    // suspended ones apart, and words of a name or an email by trigram (pg_trgm).
    index('users_listing_idx')
      .on(...newestFirst(table))
      .where(sql`${table.deletedAt} is null`),
    index('users_suspended_listing_idx')
      .on(...newestFirst(table))
      .where(sql`${table.deletedAt} is null and ${table.suspendedUntil} is not null`),
    index('users_name_email_trgm_idx')
      .using('gin', sql`(${table.name} || ' ' || ${table.email}) gin_trgm_ops`)
      .where(sql`${table.deletedAt} is null`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [index('sessions_user_idx').on(table.userId)],
);

/**
 * One-use links emailed to a user (DESIGN §14): `<id>.<secret>`, of which only a SHA-256 of the
 * secret is kept, so the table alone signs nobody in. An email change carries its new address.
 */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    purpose: text('purpose', {
      enum: ['password_reset', 'email_verification', 'email_change'],
    }).notNull(),
    secretHash: text('secret_hash').notNull(),
    newEmail: text('new_email'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    check(
      'account_tokens_purpose_check',
      sql`${table.purpose} in ('password_reset', 'email_verification', 'email_change')`,
    ),
    // A new link of a purpose voids the user's earlier unused ones.
    index('account_tokens_user_idx')
      .on(table.userId, table.purpose)
      .where(sql`${table.usedAt} is null`),
  ],
);

export const categories = pgTable('categories', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique('categories_name_unique'),
  image: text('image').notNull(),
  position: integer('position').notNull().unique('categories_position_unique'),
});

export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    image: text('image').notNull(),
    resalePriceCents: integer('resale_price_cents').notNull(),
    originalPriceCents: integer('original_price_cents').notNull(),
    location: text('location').notNull(),
    phone: text('phone').notNull(),
    yearOfPurchase: integer('year_of_purchase').notNull(),
    condition: text('condition', { enum: ['excellent', 'good', 'fair'] }).notNull(),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id),
    description: text('description').notNull(),
    /** Every photo, the cover (`image`) first; at most eight. */
    photos: text('photos')
      .array()
      .notNull()
      .default(sql`'{}'`),
    // Laptop specs (DESIGN §11); null on listings made before they were asked for.
    model: text('model'),
    cpu: text('cpu'),
    ramGb: integer('ram_gb'),
    storageGb: integer('storage_gb'),
    screenInches: numeric('screen_inches', { precision: 3, scale: 1, mode: 'number' }),
    batteryHealth: integer('battery_health'),
    status: text('status', { enum: ['unsold', 'sold'] })
      .notNull()
      .default('unsold'),
    advertised: boolean('advertised').notNull().default(false),
    reported: boolean('reported').notNull().default(false),
    /** The seller's `verified`, copied in the same transaction as a verification, for search. */
    sellerVerified: boolean('seller_verified').notNull().default(false),
    /**
     * Whether the seller is suspended, copied in the transaction that suspends or lifts it, so a
     * suspended seller's listings leave every public list without a join (`forSale`).
     */
    sellerSuspended: boolean('seller_suspended').notNull().default(false),
    createdAt: createdAt(),
    /**
     * Set when the product is deleted, and when its seller is (in the same transaction), so a
     * listing's visibility is a fact of this row and no list joins users to filter.
     */
    deletedAt: deletedAt(),
    /**
     * The listing as anyone may see it, less its seller's name (joined when read): JSON object
     * members without the braces (`"_id":"…","name":"…",…`). The trigger of migrations 0007
     * and 0008 writes them on every insert and update, so no read builds JSON per row
     * (decision 017); the default only stands in until that trigger runs. The seller's phone
     * and email are not in it: the seller's and the admins' lists add them.
     */
    listingJsonMembers: text('listing_json_members').notNull().default(''),
    /**
     * What search matches words against. The 'simple' configuration keeps words as written
     * (lower-cased, no stemming), so model names and CPU codes match by prefix: "think" finds
     * ThinkPad, "i7" finds i7-1165G7.
     */
    searchDocument: tsvector('search_document').generatedAlwaysAs(
      sql`setweight(to_tsvector('simple', name), 'A') || setweight(to_tsvector('simple', coalesce(model, '')), 'A') || setweight(to_tsvector('simple', coalesce(cpu, '')), 'B') || setweight(to_tsvector('simple', description), 'C')`,
    ),
  },
  (table) => [
    check('products_condition_check', sql`${table.condition} in ('excellent', 'good', 'fair')`),
    check('products_status_check', sql`${table.status} in ('unsold', 'sold')`),
    check(
      'products_prices_check',
      sql`${table.resalePriceCents} >= 0 and ${table.originalPriceCents} >= 0`,
    ),
    index('products_category_listing_idx')
      .on(table.categoryId, ...newestFirst(table))
      .where(sql`${table.deletedAt} is null and ${table.status} = 'unsold'`),
    index('products_advertised_listing_idx')
      .on(...newestFirst(table))
      .where(
        sql`${table.advertised} and ${table.deletedAt} is null and ${table.status} = 'unsold'`,
      ),
    index('products_reported_listing_idx')
      .on(...newestFirst(table))
      .where(sql`${table.reported} and ${table.deletedAt} is null`),
    index('products_seller_listing_idx')
      .on(table.sellerId, ...newestFirst(table))
      .where(sql`${table.deletedAt} is null`),
    // Search (DESIGN §11): words through the GIN index, each sort through its own order.
    index('products_search_idx')
      .using('gin', table.searchDocument)
      .where(sql`${table.deletedAt} is null and ${table.status} = 'unsold'`),
    index('products_for_sale_newest_idx')
      .on(...newestFirst(table))
      .where(sql`${table.deletedAt} is null and ${table.status} = 'unsold'`),
    index('products_for_sale_price_idx')
      .on(table.resalePriceCents, table.id)
      .where(sql`${table.deletedAt} is null and ${table.status} = 'unsold'`),
    // The sitemap's files (seo/sitemap.ts): listings for sale in id order, read from the index
    // alone, so the index finds each file's first id and a file streams without the table. Its
    // predicate is all of `forSale`, the suspended sellers' mark too: a condition outside it
    // would send every entry to the table.
    index('products_for_sale_id_idx')
      .on(table.id)
      .where(
        sql`${table.deletedAt} is null and ${table.status} = 'unsold' and ${table.sellerSuspended} = false`,
      ),
    check('products_photos_check', sql`cardinality(${table.photos}) between 1 and 8`),
  ],
);

/**
 * For each word of any listing's search_document, the lowest and highest price of listings
 * that had it (DESIGN §11). A search sorted by price reads its price index between the bounds
 * of its words, so it starts where matches are instead of walking every pricier or cheaper
 * listing first (price and words go together: "thinkpad" is never the dearest laptop). Bounds
 * only widen, on every listing and edit, so they stay true when listings are sold or deleted.
 * `lexeme` is compared byte-wise (collation "C", set in the migration) so a prefix is a range.
 */
export const searchPriceBounds = pgTable(
  'search_price_bounds',
  {
    lexeme: text('lexeme').primaryKey(),
    minPriceCents: integer('min_price_cents').notNull(),
    maxPriceCents: integer('max_price_cents').notNull(),
  },
  (table) => [
    // A searched word that starts no known word is looked up by trigram similarity (pg_trgm,
    // created in the migration): the closest known word is searched instead (products/search.ts).
    index('search_price_bounds_lexeme_trgm_idx').using('gin', table.lexeme.op('gin_trgm_ops')),
  ],
);

/**
 * A shared enum's values, for a column's `enum` and its check constraint: the API's schema and
 * the database's then name the same values. (zod types them as an array; drizzle wants at least
 * one, which an enum always has.)
 */
const valuesOf = <Value extends string>(schema: { options: Value[] }) =>
  schema.options as [Value, ...Value[]];
/** Where a booking's money is (DESIGN §15). */
const FUNDS = valuesOf(fundsSchema);
const MESSAGE_SENDERS = valuesOf(messageSenderSchema);
const DISPUTE_REASONS = valuesOf(disputeReasonSchema);
const DISPUTE_OUTCOMES = valuesOf(disputeOutcomeSchema);

/** `('a', 'b')`: constant text values for a check constraint. */
const inList = (values: readonly string[]) =>
  sql.raw(`(${values.map((value) => `'${value}'`).join(', ')})`);

/** The two sides of a booking (DESIGN §12): its buyer, and the seller of its product. */
const bookingSide = (name: string) => text(name, { enum: ['buyer', 'seller'] });
const happenedAt = (name: string) => timestamp(name, { withTimezone: true });

export const bookings = pgTable(
  'bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => users.id),
    /** The product's seller (a product never changes hands), so a seller's sales are one range. */
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => users.id),
    /** Snapshot of the product at booking time, so an order reads the same later. */
    productName: text('product_name').notNull(),
    productImage: text('product_image').notNull(),
    priceCents: integer('price_cents').notNull(),
    phone: text('phone').notNull(),
    meetingLocation: text('meeting_location').notNull(),
    /** The buyer's "Anything else?", also the first message of the booking's thread. */
    note: text('note'),
    status: text('status', { enum: ['unpaid', 'paid', 'completed', 'cancelled', 'closed'] })
      .notNull()
      .default('unpaid'),
    paymentId: text('payment_id'),
    paidAt: happenedAt('paid_at'),
    completedAt: happenedAt('completed_at'),
    cancelledAt: happenedAt('cancelled_at'),
    cancelledBy: bookingSide('cancelled_by'),
    /** Until when each side has read the thread: later messages from the other side are unread. */
    buyerReadAt: happenedAt('buyer_read_at'),
    sellerReadAt: happenedAt('seller_read_at'),
    // Escrow (DESIGN §15): the code the buyer shows at the meetup, the seller's wrong tries at
    // it, and where the money is. Every change of `funds` writes its ledger entries in the same
    // transaction (money/ledger.ts).
    handoverCode: text('handover_code'),
    handoverFailures: integer('handover_failures').notNull().default(0),
    handoverLockedUntil: happenedAt('handover_locked_until'),
    funds: text('funds', { enum: FUNDS }).notNull().default('none'),
    releaseAt: happenedAt('release_at'),
    releasedAt: happenedAt('released_at'),
    createdAt: createdAt(),
  },
  (table) => [
    check('bookings_funds_check', sql`${table.funds} in ${inList(FUNDS)}`),
    // One live booking per buyer and product; a cancelled or closed one lets the buyer book again
    // (a cancelled sale lists the product again).
    uniqueIndex('bookings_product_buyer_unique')
      .on(table.productId, table.buyerId)
      .where(sql`${table.status} not in ('cancelled', 'closed')`),
    check(
      'bookings_status_check',
      sql`${table.status} in ('unpaid', 'paid', 'completed', 'cancelled', 'closed')`,
    ),
    check('bookings_cancelled_by_check', sql`${table.cancelledBy} in ('buyer', 'seller')`),
    index('bookings_buyer_listing_idx').on(table.buyerId, ...newestFirst(table)),
    index('bookings_seller_listing_idx').on(table.sellerId, ...newestFirst(table)),
    index('bookings_product_idx').on(table.productId),
    // The admin's orders lookup (moderation/bookings.ts): every booking, newest first.
    index('bookings_listing_idx').on(...newestFirst(table)),
  ],
);

/** One thread per booking between its buyer and its product's seller; text only. */
export const bookingMessages = pgTable(
  'booking_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id),
    /** A side of the booking, or an admin deciding a complaint about it. */
    from: text('sender_side', { enum: MESSAGE_SENDERS }).notNull(),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    check('booking_messages_sender_side_check', sql`${table.from} in ${inList(MESSAGE_SENDERS)}`),
    index('booking_messages_thread_idx').on(table.bookingId, table.createdAt, table.id),
  ],
);

/** Who wrote in a conversation before a booking: there is no admin in one. */
const QUESTION_SENDERS = ['buyer', 'seller'] as const;

/**
 * Asking before booking (DESIGN §17): one conversation per listing and asker (its buyer) with the
 * listing's seller, no booking and no contact details. Each side's read mark is a time, as a
 * booking's is (bookings/read-marks.ts). A booking of the listing by its asker starts its thread
 * with these messages, their times kept (bookings/bookings.ts).
 */
export const questions = pgTable(
  'questions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    /** Who asks: anyone signed in but the listing's seller. */
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => users.id),
    /** The listing's seller, so a seller's conversations are one range. */
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => users.id),
    /** The latest message's time: the lists are newest activity first. */
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull(),
    buyerReadAt: happenedAt('buyer_read_at'),
    sellerReadAt: happenedAt('seller_read_at'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('questions_product_buyer_unique').on(table.productId, table.buyerId),
    index('questions_buyer_listing_idx').on(
      table.buyerId,
      ...newestFirst({ createdAt: table.lastMessageAt, id: table.id }),
    ),
    index('questions_seller_listing_idx').on(
      table.sellerId,
      ...newestFirst({ createdAt: table.lastMessageAt, id: table.id }),
    ),
  ],
);

/** A question conversation's messages; text only. */
export const questionMessages = pgTable(
  'question_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    questionId: uuid('question_id')
      .notNull()
      .references(() => questions.id),
    from: text('sender_side', { enum: QUESTION_SENDERS }).notNull(),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    check('question_messages_sender_side_check', sql`${table.from} in ${inList(QUESTION_SENDERS)}`),
    index('question_messages_conversation_idx').on(table.questionId, table.createdAt, table.id),
  ],
);

const NOTIFICATION_KINDS = valuesOf(notificationKindSchema);

/**
 * In-app notifications of the events that need a user to act (DESIGN §12, §15), each about a
 * booking (to one of its sides) or, for the listing kinds (DESIGN §17), about a listing.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    bookingId: uuid('booking_id').references(() => bookings.id),
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
    /** The user's side of the booking, so the notification leads to My Orders or My Sales. */
    side: bookingSide('side'),
    /** The listing a watched listing's or a saved search's notice is about. */
    productId: uuid('product_id').references(() => products.id),
    /** The saved search a `search_match` is for, until that search is deleted. */
    savedSearchId: uuid('saved_search_id').references(() => savedSearches.id, {
      onDelete: 'set null',
    }),
    /** The conversation a `question` notice is about (its listing is `productId`). */
    questionId: uuid('question_id').references(() => questions.id),
    readAt: happenedAt('read_at'),
    createdAt: createdAt(),
  },
  (table) => [
    check('notifications_kind_check', sql`${table.kind} in ${inList(NOTIFICATION_KINDS)}`),
    check('notifications_side_check', sql`${table.side} in ('buyer', 'seller')`),
    check(
      'notifications_subject_check',
      sql`(${table.bookingId} is not null and ${table.side} is not null and ${table.productId} is null)
        or (${table.bookingId} is null and ${table.side} is null and ${table.productId} is not null)
        or (${table.kind} = 'account_suspended' and ${table.bookingId} is null and ${table.side} is null and ${table.productId} is null)`,
    ),
    index('notifications_user_idx').on(table.userId, ...newestFirst(table)),
    index('notifications_unread_idx')
      .on(table.userId)
      .where(sql`${table.readAt} is null`),
    // A new booking or cancel finds the unread notices it replaces (bookings/notifications.ts).
    index('notifications_booking_notice_idx')
      .on(table.bookingId)
      .where(sql`${table.kind} in ('booked', 'cancelled') and ${table.readAt} is null`),
    // A burst of messages is one notification until it is read.
    uniqueIndex('notifications_one_unread_message_idx')
      .on(table.userId, table.bookingId)
      .where(sql`${table.kind} = 'message' and ${table.readAt} is null`),
    // One unread notice of each kind per listing: a second price drop, or a second saved search
    // matching the same listing, is not news again, and a job that runs twice tells once.
    // Questions are apart: two people asking about one listing are two conversations.
    uniqueIndex('notifications_one_unread_listing_notice_idx')
      .on(table.userId, table.productId, table.kind)
      .where(
        sql`${table.productId} is not null and ${table.readAt} is null and ${table.kind} <> 'question'`,
      ),
    check(
      'notifications_question_check',
      sql`(${table.kind} = 'question') = (${table.questionId} is not null)`,
    ),
    // A burst of questions and answers is one notification until the conversation is read.
    uniqueIndex('notifications_one_unread_question_idx')
      .on(table.userId, table.questionId)
      .where(sql`${table.kind} = 'question' and ${table.readAt} is null`),
    // Deleting a saved search unlinks its notices.
    index('notifications_saved_search_idx')
      .on(table.savedSearchId)
      .where(sql`${table.savedSearchId} is not null`),
  ],
);

export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id)
      .unique('payments_booking_unique'),
    provider: text('provider', { enum: ['test', 'stripe'] }).notNull(),
    intentId: text('intent_id').notNull().unique('payments_intent_unique'),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    /**
     * `succeeded` once the order is recorded; `refunding` from the moment one caller claims
     * the refund until the provider has answered, so no other caller sends it again.
     */
    status: text('status', {
      enum: ['requires_payment', 'succeeded', 'refunding', 'refunded'],
    }).notNull(),
    refundId: text('refund_id'),
    /** What the refund gave back: the whole amount, or the buyer's part of a split. */
    refundCents: integer('refund_cents'),
    createdAt: createdAt(),
  },
  (table) => [
    check('payments_amount_check', sql`${table.amountCents} > 0`),
    check(
      'payments_status_check',
      sql`${table.status} in ('requires_payment', 'succeeded', 'refunding', 'refunded')`,
    ),
  ],
);

/**
 * Payment intents of the built-in test provider: what Stripe would hold on its side, kept in
 * our database so the test provider survives restarts and behaves like a remote service.
 */
export const testPaymentIntents = pgTable('test_payment_intents', {
  id: text('id').primaryKey(),
  clientSecret: text('client_secret').notNull().unique('test_payment_intents_secret_unique'),
  /** Like Stripe's metadata.bookingId; one intent per booking, as an idempotency key would. */
  bookingId: uuid('booking_id').notNull().unique('test_payment_intents_booking_unique'),
  amountCents: integer('amount_cents').notNull(),
  currency: text('currency').notNull(),
  status: text('status', { enum: ['requires_payment_method', 'succeeded'] })
    .notNull()
    .default('requires_payment_method'),
  refundId: text('refund_id'),
  refundCents: integer('refund_cents'),
  createdAt: createdAt(),
});

/** A buyer's complaint about a handed-over item, and the admin's decision (DESIGN §15). */
export const disputes = pgTable(
  'disputes',
  {
    bookingId: uuid('booking_id')
      .primaryKey()
      .references(() => bookings.id),
    reason: text('reason', { enum: DISPUTE_REASONS }).notNull(),
    text: text('text').notNull(),
    openedAt: happenedAt('opened_at').notNull().defaultNow(),
    outcome: text('outcome', { enum: DISPUTE_OUTCOMES }),
    refundCents: integer('refund_cents'),
    resolvedAt: happenedAt('resolved_at'),
    resolvedBy: uuid('resolved_by').references(() => users.id),
  },
  (table) => [
    check('disputes_reason_check', sql`${table.reason} in ${inList(DISPUTE_REASONS)}`),
    check('disputes_outcome_check', sql`${table.outcome} in ${inList(DISPUTE_OUTCOMES)}`),
    // Open complaints first, then newest first: the Complaints page's keyset order.
    index('disputes_queue_idx').on(
      sql`(${table.resolvedAt} is null) desc`,
      table.openedAt.desc().nullsFirst(),
      table.bookingId.desc().nullsFirst(),
    ),
  ],
);

export const LEDGER_ACCOUNTS = ['buyer', 'held', 'seller', 'platform', 'payouts'] as const;
export const LEDGER_MOVEMENTS = ['payment', 'refund', 'release', 'payout'] as const;

/**
 * Every movement of money, in double entry (DESIGN §15): a movement is two or three rows whose
 * amounts sum to zero, e.g. a payment is `buyer` −P and `held` +P. Written in the transaction of
 * the state change it records, and each movement at most once per booking (the unique index), so
 * a replay can never book money twice. Append-only.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id),
    movement: text('movement', { enum: LEDGER_MOVEMENTS }).notNull(),
    account: text('account', { enum: LEDGER_ACCOUNTS }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    check('ledger_entries_movement_check', sql`${table.movement} in ${inList(LEDGER_MOVEMENTS)}`),
    check('ledger_entries_account_check', sql`${table.account} in ${inList(LEDGER_ACCOUNTS)}`),
    uniqueIndex('ledger_entries_movement_unique').on(
      table.bookingId,
      table.movement,
      table.account,
    ),
    // Everything reconcile() reads, in booking order: it sums each booking's entries straight off
    // the index (an index-only scan, no heap visit per entry, no sort, no hash of every booking).
    // At 800,000 entries: a median 0.25 s instead of 1.25 s (docs/scaling.md).
    index('ledger_entries_reconcile_idx').on(table.bookingId, table.account, table.amountCents),
    index('ledger_entries_created_idx').on(table.createdAt),
  ],
);

/** A seller's account at the payment provider, where released money is transferred. */
export const payoutAccounts = pgTable(
  'payout_accounts',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id),
    provider: text('provider', { enum: ['test', 'stripe'] }).notNull(),
    accountId: text('account_id').notNull().unique('payout_accounts_account_unique'),
    status: text('status', { enum: ['pending', 'enabled'] }).notNull(),
    createdAt: createdAt(),
    enabledAt: happenedAt('enabled_at'),
  },
  (table) => [
    check('payout_accounts_status_check', sql`${table.status} in ('pending', 'enabled')`),
  ],
);

/**
 * A released sale's money for its seller: `waiting` until the seller has an enabled payout
 * account and the provider took the transfer, then `sent` with the provider's transfer id.
 */
export const payouts = pgTable(
  'payouts',
  {
    bookingId: uuid('booking_id')
      .primaryKey()
      .references(() => bookings.id),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => users.id),
    amountCents: integer('amount_cents').notNull(),
    feeCents: integer('fee_cents').notNull(),
    status: text('status', { enum: ['waiting', 'sent'] })
      .notNull()
      .default('waiting'),
    transferId: text('transfer_id'),
    createdAt: createdAt(),
    sentAt: happenedAt('sent_at'),
  },
  (table) => [
    check('payouts_status_check', sql`${table.status} in ('waiting', 'sent')`),
    check('payouts_amounts_check', sql`${table.amountCents} > 0 and ${table.feeCents} >= 0`),
    index('payouts_seller_idx').on(
      table.sellerId,
      table.createdAt.desc().nullsFirst(),
      table.bookingId.desc().nullsFirst(),
    ),
    index('payouts_waiting_idx')
      .on(table.sellerId)
      .where(sql`${table.status} = 'waiting'`),
  ],
);

/** Transfers of the built-in test provider, one per idempotency key, as Stripe keeps them. */
export const testTransfers = pgTable('test_transfers', {
  id: text('id').primaryKey(),
  idempotencyKey: text('idempotency_key').notNull().unique('test_transfers_key_unique'),
  destination: text('destination').notNull(),
  sourceIntentId: text('source_intent_id').notNull(),
  amountCents: integer('amount_cents').notNull(),
  createdAt: createdAt(),
});

/**
 * Reviews after a handover (DESIGN §16): each side of a completed booking reviews the other once.
 * Double blind: `revealed_at` stays null until both have reviewed or the review window ends, and
 * only then does the review count in its subject's rating (users.rating_*). An admin hides a
 * reported one (`hidden_at`), which takes it out again.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id),
    /** Whom the review is about: the other side of the booking. */
    subjectId: uuid('subject_id')
      .notNull()
      .references(() => users.id),
    authorSide: bookingSide('author_side').notNull(),
    rating: integer('rating').notNull(),
    text: text('text').notNull(),
    revealedAt: happenedAt('revealed_at'),
    reply: text('reply'),
    repliedAt: happenedAt('replied_at'),
    reportedAt: happenedAt('reported_at'),
    hiddenAt: happenedAt('hidden_at'),
    createdAt: createdAt(),
  },
  (table) => [
    check('reviews_rating_check', sql`${table.rating} between 1 and 5`),
    check('reviews_author_side_check', sql`${table.authorSide} in ('buyer', 'seller')`),
    // Once per side of a booking: a second review is a 409.
    uniqueIndex('reviews_booking_author_unique').on(table.bookingId, table.authorSide),
    // A profile's reviews, newest first: only shown ones.
    index('reviews_subject_listing_idx')
      .on(table.subjectId, ...newestFirst(table))
      .where(sql`${table.revealedAt} is not null and ${table.hiddenAt} is null`),
    // The admins' reported reviews.
    index('reviews_reported_listing_idx')
      .on(...newestFirst(table))
      .where(sql`${table.reportedAt} is not null and ${table.hiddenAt} is null`),
  ],
);

/** A transaction's 64-bit id, which orders live events by when they can be read (events/). */
const xid8 = customType<{ data: string }>({ dataType: () => 'xid8' });

const LIVE_EVENT_TYPES = valuesOf(liveEventTypeSchema);

/**
 * What `GET /api/events` streams (DESIGN §17), written in the transaction of what happened so
 * an event exists exactly when its cause does, and kept a day for streams that reconnect. A
 * stream's position is (transaction_id, id): an event becomes readable only once every
 * transaction older than its own has ended, so no event can later appear behind one already
 * sent (events/positions.ts).
 */
export const liveEvents = pgTable(
  'live_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    transactionId: xid8('transaction_id')
      .notNull()
      .default(sql`pg_current_xact_id()`),
    userId: uuid('user_id').notNull(),
    type: text('type', { enum: LIVE_EVENT_TYPES }).notNull(),
    data: jsonb('data').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    check('live_events_type_check', sql`${table.type} in ${inList(LIVE_EVENT_TYPES)}`),
    // Each instance reads what is new for anyone; a reconnecting stream what is new for its user.
    index('live_events_position_idx').on(table.transactionId, table.id),
    index('live_events_user_idx').on(table.userId, table.transactionId, table.id),
    index('live_events_created_idx').on(table.createdAt),
  ],
);

/** A listing a user watches (DESIGN §17): its price drops and its sale are news to them. */
export const watches = pgTable(
  'watches',
  {
    /** The watchlist's keyset cursor. */
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('watches_user_product_unique').on(table.userId, table.productId),
    // The user's watchlist, newest first.
    index('watches_user_listing_idx').on(table.userId, ...newestFirst(table)),
    // A listing's watchers, told of its price drops and its sale.
    index('watches_product_idx').on(table.productId),
  ],
);

/** PostgreSQL's full-text query type. */
const tsquery = customType<{ data: string }>({ dataType: () => 'tsquery' });

const CONDITIONS = valuesOf(conditionSchema);

/**
 * A user's saved search (DESIGN §17): its terms as `GET /api/search` takes them, and the same
 * terms as columns that matching a new or repriced listing filters on (saved-searches/matching.ts):
 * its longest word in a btree index, which a listing looks up by every prefix of its words, so it
 * reads only the searches whose longest word it has (and those without words), never the others.
 */
export const savedSearches = pgTable(
  'saved_searches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    /** The terms as text, as a search's URL carries them: what the saved search opens. */
    query: jsonb('query').$type<Record<string, string>>().notNull(),
    /** The words as search's tsquery (`think:* & i7:*`); null for a search without words. */
    wordsQuery: tsquery('words_query'),
    /**
     * The longest lexeme of `wordsQuery` (the likeliest to be rare): a listing can match only if
     * it is a prefix of one of the listing's words. Null for a search without words.
     */
    anchorWord: text('anchor_word'),
    categoryId: uuid('category_id'),
    sellerId: uuid('seller_id'),
    minPriceCents: integer('min_price_cents'),
    maxPriceCents: integer('max_price_cents'),
    minRamGb: integer('min_ram_gb'),
    minStorageGb: integer('min_storage_gb'),
    condition: text('condition', { enum: CONDITIONS }),
    verifiedOnly: boolean('verified_only').notNull().default(false),
    location: text('location'),
    minRating: doublePrecision('min_rating'),
    createdAt: createdAt(),
  },
  (table) => [
    check('saved_searches_condition_check', sql`${table.condition} in ${inList(CONDITIONS)}`),
    index('saved_searches_user_listing_idx').on(table.userId, ...newestFirst(table)),
    index('saved_searches_anchor_idx').on(table.anchorWord),
  ],
);

/**
 * Each listing a saved search matched, once (the key): the match's notice is never sent twice,
 * and the owner's daily digest lists the matches it has not taken yet.
 */
export const savedSearchMatches = pgTable(
  'saved_search_matches',
  {
    savedSearchId: uuid('saved_search_id')
      .notNull()
      .references(() => savedSearches.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    /**
     * The search's owner, copied from it for the digest's index. No foreign key of its own (the
     * search's has it): one would lock the owner's row for every match a listing records.
     */
    userId: uuid('user_id').notNull(),
    createdAt: createdAt(),
    /** When the owner's digest took it, emailed or not wanted; null until then. */
    digestedAt: happenedAt('digested_at'),
  },
  (table) => [
    primaryKey({ columns: [table.savedSearchId, table.productId] }),
    // The owner's matches not digested yet, and when the last digest was.
    index('saved_search_matches_digest_idx').on(table.userId, table.digestedAt),
  ],
);

const REPORT_REASONS = valuesOf(reportReasonSchema);

/**
 * A user's report of a listing (DESIGN §19), one per user and listing. It is open until an admin
 * dismisses the listing's reports or deletes the listing; `products.reported` says whether a
 * listing has open reports (the admin's list reads its index).
 */
export const productReports = pgTable(
  'product_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    reporterId: uuid('reporter_id')
      .notNull()
      .references(() => users.id),
    /** Null for the spec's report, which gives no reason. */
    reason: text('reason', { enum: REPORT_REASONS }),
    text: text('text').notNull().default(''),
    createdAt: createdAt(),
    dismissedAt: happenedAt('dismissed_at'),
  },
  (table) => [
    check('product_reports_reason_check', sql`${table.reason} in ${inList(REPORT_REASONS)}`),
    uniqueIndex('product_reports_product_reporter_unique').on(table.productId, table.reporterId),
    // A user's own reports, newest first: which report buttons read "reported" for them.
    index('product_reports_reporter_idx').on(table.reporterId, table.createdAt.desc()),
    index('product_reports_open_idx')
      .on(table.productId, table.createdAt)
      .where(sql`${table.dismissedAt} is null`),
  ],
);

const VERIFICATION_STATUSES = valuesOf(verificationStatusSchema);

/** A seller's request to be verified, answered once by an admin (DESIGN §19). */
export const verificationRequests = pgTable(
  'verification_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => users.id),
    note: text('note').notNull().default(''),
    status: text('status', { enum: VERIFICATION_STATUSES }).notNull().default('pending'),
    createdAt: createdAt(),
    decidedAt: happenedAt('decided_at'),
    decidedBy: uuid('decided_by').references(() => users.id),
  },
  (table) => [
    check(
      'verification_requests_status_check',
      sql`${table.status} in ${inList(VERIFICATION_STATUSES)}`,
    ),
    // One waiting request per seller; answered ones stay as history.
    uniqueIndex('verification_requests_pending_unique')
      .on(table.sellerId)
      .where(sql`${table.status} = 'pending'`),
    index('verification_requests_pending_listing_idx')
      .on(...newestFirst(table))
      .where(sql`${table.status} = 'pending'`),
    index('verification_requests_seller_idx').on(table.sellerId, table.createdAt),
  ],
);

const ADMIN_ACTIONS = valuesOf(adminActionKindSchema);
const AUDIT_TARGETS = valuesOf(auditTargetTypeSchema);

/**
 * The audit log (DESIGN §19): one row per admin action, written in the action's own transaction.
 * Append-only: the trigger of migration 0021 refuses UPDATE and DELETE. The target's label (a
 * name, a listing's title) is copied so the row reads the same after the target changes.
 */
export const adminActions = pgTable(
  'admin_actions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adminId: uuid('admin_id')
      .notNull()
      .references(() => users.id),
    action: text('action', { enum: ADMIN_ACTIONS }).notNull(),
    targetType: text('target_type', { enum: AUDIT_TARGETS }).notNull(),
    targetId: uuid('target_id').notNull(),
    targetLabel: text('target_label').notNull(),
    reason: text('reason'),
    changes: jsonb('changes').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (table) => [
    check('admin_actions_action_check', sql`${table.action} in ${inList(ADMIN_ACTIONS)}`),
    check('admin_actions_target_type_check', sql`${table.targetType} in ${inList(AUDIT_TARGETS)}`),
    index('admin_actions_listing_idx').on(...newestFirst(table)),
    index('admin_actions_target_idx').on(table.targetId),
  ],
);
