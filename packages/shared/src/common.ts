import { z } from 'zod';

/** Every error the API sends: one human-readable message, plus field details on a 400. */
export const errorBodySchema = z.object({
  message: z.string(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  /** A payment that could not buy the product was refunded: the provider's refund id. */
  refundId: z.string().optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const publicConfigSchema = z.object({
  paymentProvider: z.enum(['test', 'stripe']),
  stripePublishableKey: z.string().optional(),
  oidc: z.boolean(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

export const healthSchema = z.object({ status: z.literal('ok') });
export type Health = z.infer<typeof healthSchema>;

export const imageUploadResultSchema = z.object({
  success: z.literal(true),
  data: z.object({ url: z.string() }),
});
export type ImageUploadResult = z.infer<typeof imageUploadResultSchema>;

export const roleSchema = z.enum(['buyer', 'seller', 'admin']);
export type Role = z.infer<typeof roleSchema>;
