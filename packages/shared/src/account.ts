import { z } from 'zod';
import { emailSchema, passwordSchema } from './auth.ts';

/**
 * What an account can do besides signing in (DESIGN §14): recover it, prove and change its
 * email, change its password, choose its emails, take its data out and leave.
 */

/** A one-use link token as emailed: a selector, a dot and the secret (see identity/tokens). */
export const accountTokenSchema = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(200, 'is not a token Reloop sent');

export const passwordResetBodySchema = z
  .object({ email: emailSchema })
  .meta({ id: 'PasswordReset' });
export type PasswordResetBody = z.infer<typeof passwordResetBodySchema>;

export const passwordResetConfirmBodySchema = z
  .object({ token: accountTokenSchema, password: passwordSchema })
  .meta({ id: 'PasswordResetConfirm' });
export type PasswordResetConfirmBody = z.infer<typeof passwordResetConfirmBodySchema>;

export const emailTokenBodySchema = z
  .object({ token: accountTokenSchema })
  .meta({ id: 'EmailToken' });
export type EmailTokenBody = z.infer<typeof emailTokenBodySchema>;

export const emailVerifiedSchema = z
  .object({ emailVerified: z.literal(true) })
  .meta({ id: 'EmailVerified' });

export const passwordChangeBodySchema = z
  .object({
    currentPassword: z.string().min(1, 'is required').max(200),
    newPassword: passwordSchema,
  })
  .meta({ id: 'PasswordChange' });
export type PasswordChangeBody = z.infer<typeof passwordChangeBodySchema>;

export const emailChangeBodySchema = z
  .object({ newEmail: emailSchema, password: z.string().min(1, 'is required').max(200) })
  .meta({ id: 'EmailChange' });
export type EmailChangeBody = z.infer<typeof emailChangeBodySchema>;

export const accountDeletionBodySchema = z
  .object({ password: z.string().min(1, 'is required').max(200) })
  .meta({ id: 'AccountDeletion' });
export type AccountDeletionBody = z.infer<typeof accountDeletionBodySchema>;

/** Which kinds of notice email a user wants; security emails are not a choice. */
export const notificationPreferencesSchema = z
  .object({
    bookings: z.boolean(),
    messages: z.boolean(),
    reviews: z.boolean(),
    /** A watched listing's price dropped, or it sold. */
    watchlist: z.boolean(),
    /** The daily digest of listings that match a saved search. */
    savedSearches: z.boolean(),
  })
  .strict()
  .meta({ id: 'NotificationPreferences' });
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;
export type NoticePreference = keyof NotificationPreferences;

const exportedTime = z.string().nullable();

/** What a booking and a sale both say about the deal, in an export. */
const exportedDeal = z.object({
  id: z.string(),
  productId: z.string(),
  productName: z.string(),
  price: z.number(),
  status: z.string(),
  createdAt: z.string(),
  paidAt: exportedTime,
  completedAt: exportedTime,
  cancelledAt: exportedTime,
});

/**
 * Everything Reloop holds about a user (`GET /api/auth/export`), as plain JSON they can keep:
 * their profile and choices, their listings (deleted ones too), bookings as buyer, sales as
 * seller, the messages of those conversations, their conversations before booking (asked, or
 * about their listings), their notifications, watched listings and saved searches. Never a
 * password hash.
 */
export const accountExportSchema = z
  .object({
    exportedAt: z.string(),
    profile: z.object({
      id: z.string(),
      email: z.string(),
      name: z.string(),
      photoURL: z.string(),
      phone: z.string(),
      role: z.string().nullable(),
      sellerVerified: z.boolean(),
      emailVerified: z.boolean(),
      signsInWith: z.enum(['password', 'google']),
      createdAt: z.string(),
      notifications: notificationPreferencesSchema,
    }),
    listings: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        description: z.string(),
        price: z.number(),
        originalPrice: z.number(),
        condition: z.string(),
        location: z.string(),
        phone: z.string(),
        yearOfPurchase: z.number(),
        photos: z.array(z.string()),
        status: z.string(),
        advertised: z.boolean(),
        createdAt: z.string(),
        deletedAt: exportedTime,
      }),
    ),
    bookings: z.array(
      exportedDeal.extend({
        phone: z.string(),
        meetingLocation: z.string(),
        note: z.string().nullable(),
      }),
    ),
    sales: z.array(exportedDeal.extend({ buyerName: z.string() })),
    messages: z.array(
      z.object({
        bookingId: z.string(),
        fromMe: z.boolean(),
        text: z.string(),
        createdAt: z.string(),
      }),
    ),
    questions: z.array(
      z.object({
        id: z.string(),
        productId: z.string(),
        productName: z.string(),
        /** True for a conversation the user asked, false for one about their listing. */
        asked: z.boolean(),
        messages: z.array(
          z.object({ fromMe: z.boolean(), text: z.string(), createdAt: z.string() }),
        ),
      }),
    ),
    notifications: z.array(
      z.object({
        kind: z.string(),
        /** What the notice is about: a booking, or for the listing kinds a listing. */
        bookingId: z.string().nullable(),
        productId: z.string().nullable(),
        read: z.boolean(),
        createdAt: z.string(),
      }),
    ),
    watchlist: z.array(
      z.object({ productId: z.string(), productName: z.string(), watchedAt: z.string() }),
    ),
    savedSearches: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        /** The search's terms as `GET /api/search` takes them. */
        query: z.record(z.string(), z.string()),
        createdAt: z.string(),
      }),
    ),
  })
  .meta({ id: 'AccountExport' });
export type AccountExport = z.infer<typeof accountExportSchema>;
