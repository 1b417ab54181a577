import { z } from 'zod';
import { emailSchema } from './auth.ts';
import { imageUrlOrNoneSchema, imageUrlSchema, wholeNumberText } from './common.ts';

/**
 * Request and response shapes of the marketplace calls (SPEC §7). Field names follow the
 * spec's JSON; prices are numbers of dollars in JSON and integer cents in the database.
 * Fields the server owns (seller, buyer, names, prices copied from a product, status) may be
 * sent by old clients: they are accepted and ignored, never trusted.
 */
export const idSchema = z.uuid();
export const idParamsSchema = z.object({ id: idSchema });

/**
 * Digits only, kept as text; the usual formatting ("+1 (512) 555-0199") is accepted and
 * stripped. The spec's forms send numbers, so a number is accepted too.
 */
export const phoneSchema = z
  .union([z.string(), z.number().int().nonnegative()])
  .transform((value) => String(value).replace(/[\s().+-]/g, ''))
  .pipe(z.string().regex(/^\d{6,15}$/, 'must have 6 to 15 digits'));

/** A price in dollars with at most two decimals, up to one million. */
export const priceSchema = z
  .number()
  .positive('must be more than 0')
  .max(1_000_000, 'must be at most 1,000,000')
  .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, {
    message: 'must have at most two decimals',
  });

const requiredText = (max: number) => z.string().trim().min(1, 'is required').max(max);

export const conditionSchema = z.enum(['excellent', 'good', 'fair']);
export type Condition = z.infer<typeof conditionSchema>;

/**
 * Lists are keyset-paginated: `limit`, and for later pages the `cursor` the previous page's
 * `Link: <…>; rel="next"` header carries. There are no offsets: a page deep in a million rows
 * would cost a scan of everything before it.
 */
export const paginationQuerySchema = z.object({
  limit: wholeNumberText({ min: 1, max: 100 }).default(24),
  cursor: z.uuid({ error: 'must be the cursor of a Link header' }).optional(),
  offset: z
    .never({ error: 'is not supported: follow the Link header (rel="next") for the next page' })
    .optional(),
});
export type Pagination = z.infer<typeof paginationQuerySchema>;

export const emailQuerySchema = paginationQuerySchema.extend({ email: emailSchema });

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

// Categories and products

export const categorySchema = z
  .object({ _id: idSchema, category: z.string(), image: z.string() })
  .meta({ id: 'Category' });
export type Category = z.infer<typeof categorySchema>;

export const productBodySchema = z
  .object({
    name: requiredText(120),
    imgUrl: imageUrlSchema,
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
  .meta({ id: 'NewProduct' });
export type ProductBody = z.input<typeof productBodySchema>;

export const productSchema = z
  .object({
    _id: idSchema,
    name: z.string(),
    imgUrl: z.string(),
    resalePrice: z.number(),
    originalPrice: z.number(),
    location: z.string(),
    mobile: z.string(),
    yearOfUse: z.number().int(),
    condition: conditionSchema,
    categoryId: idSchema,
    description: z.string(),
    sellerName: z.string(),
    sellerEmail: z.string(),
    sellerVerified: z.boolean(),
    status: z.enum(['unsold', 'sold']),
    advertise: z.boolean(),
    report: z.boolean(),
    timeWhenPost: z.string(),
  })
  .meta({ id: 'Product' });
export type Product = z.infer<typeof productSchema>;

export const createdSchema = z
  .object({ acknowledged: z.literal(true), _id: idSchema })
  .meta({ id: 'Created' });

// Bookings, payments, orders

export const bookingBodySchema = z
  .object({
    productId: idSchema,
    buyerPhone: phoneSchema,
    buyerMeetingLocation: requiredText(200),
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

/** `closed`: another buyer paid for the product first, so this booking can no longer be paid. */
export const bookingStatusSchema = z.enum(['unpaid', 'paid', 'closed']);

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
    status: bookingStatusSchema,
    paymentId: z.string().nullable(),
    /** The provider's refund, when this booking's payment was refunded. */
    refundId: z.string().nullable(),
    timeWhenBooked: z.string(),
  })
  .meta({ id: 'Booking' });
export type Booking = z.infer<typeof bookingSchema>;

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
