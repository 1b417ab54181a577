import { z } from 'zod';

/** Every row's id. */
export const idSchema = z.uuid();

/** Every error the API sends: one human-readable message, plus field details on a 400. */
export const errorBodySchema = z
  .object({
    message: z.string(),
    errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
    /** A payment that could not buy the product was refunded: the provider's refund id. */
    refundId: z.string().optional(),
    /** A wrong handover code: the tries left before the call is locked. */
    attemptsLeft: z.number().int().optional(),
    /** A suspended account (401): until when, and why. */
    suspendedUntil: z.string().optional(),
    suspensionReason: z.string().optional(),
  })
  .meta({ id: 'Error' });
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const publicConfigSchema = z
  .object({
    paymentProvider: z.enum(['test', 'stripe']),
    stripePublishableKey: z.string().optional(),
    oidc: z.boolean(),
  })
  .meta({ id: 'PublicConfig' });
export type PublicConfig = z.infer<typeof publicConfigSchema>;

export const healthSchema = z.object({ status: z.literal('ok') }).meta({ id: 'Health' });
export type Health = z.infer<typeof healthSchema>;

export const imageUploadResultSchema = z
  .object({
    success: z.literal(true),
    data: z.object({ url: z.string() }),
  })
  .meta({ id: 'ImageUploadResult' });
export type ImageUploadResult = z.infer<typeof imageUploadResultSchema>;

/**
 * A whole number carried as text, as query strings and environment variables carry numbers.
 * JSON bodies take real numbers instead: nothing is coerced, so `true`, `[1]` or `''` is never 1.
 * Digits only, so ' 5', '1e3' and '0x10' are refused rather than read as some number.
 */
export const wholeNumberText = ({ min, max }: { min: number; max: number }) =>
  z
    .string()
    .regex(/^\d{1,15}$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().min(min).max(max));

/** Our own uploads (/api/images/…) or an absolute http(s) URL, e.g. an OIDC avatar. */
const isImageUrl = (value: string) =>
  /^\/api\/images\/[\w.-]+$/.test(value) || /^https?:\/\/\S+$/.test(value);
const imageUrlText = z.string().trim().max(2048);

export const imageUrlSchema = imageUrlText.refine(isImageUrl, {
  message: 'must be an uploaded image URL',
});

/** A user's picture: an image URL as above, or '' for none. */
export const imageUrlOrNoneSchema = imageUrlText.refine(
  (value) => value === '' || isImageUrl(value),
  { message: "must be an uploaded image URL, or '' for none" },
);

export const roleSchema = z.enum(['buyer', 'seller', 'admin']);
export type Role = z.infer<typeof roleSchema>;

/**
 * Digits only, kept as text; the usual formatting ("+1 (512) 555-0199") is accepted and
 * stripped. The spec's forms send numbers, so a number is accepted too.
 */
export const phoneSchema = z
  .union([z.string(), z.number().int().nonnegative()])
  .transform((value) => String(value).replace(/[\s().+-]/g, ''))
  .pipe(z.string().regex(/^\d{6,15}$/, 'must have 6 to 15 digits'));
