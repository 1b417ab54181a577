import { z } from 'zod';
import { imageUrlOrNoneSchema, phoneSchema } from './common.ts';

/** Emails are matched case-insensitively, so they are trimmed and lower-cased on the way in. */
export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .pipe(z.email('must be a valid email address'));

export const passwordSchema = z
  .string()
  .min(6, 'must be at least 6 characters')
  .max(200, 'must be at most 200 characters');

const displayNameSchema = z.string().trim().max(100);

export const signUpBodySchema = z
  .object({
    email: emailSchema,
    password: passwordSchema,
    displayName: displayNameSchema.optional(),
    photoURL: imageUrlOrNoneSchema.optional(),
  })
  .meta({ id: 'SignUp' });
export type SignUpBody = z.infer<typeof signUpBodySchema>;

export const signInBodySchema = z
  .object({
    email: emailSchema,
    password: z.string().min(1).max(200),
  })
  .meta({ id: 'SignIn' });
export type SignInBody = z.infer<typeof signInBodySchema>;

export const profileBodySchema = z
  .object({
    displayName: displayNameSchema.optional(),
    photoURL: imageUrlOrNoneSchema.optional(),
    /** The phone booking and listing forms start with; '' forgets it. */
    phone: z.union([z.literal(''), phoneSchema]).optional(),
  })
  .meta({ id: 'ProfileUpdate' });
export type ProfileBody = z.infer<typeof profileBodySchema>;

/** The signed-in user, in the shape the web app's auth context expects. */
export const authUserSchema = z
  .object({
    uid: z.uuid(),
    email: z.string(),
    displayName: z.string(),
    photoURL: z.string(),
    /** Whether the user followed the link sent to this address (DESIGN §14). */
    emailVerified: z.boolean(),
    /** False for an account that signs in only with Google: no password or email to change. */
    hasPassword: z.boolean(),
    /** The user's own phone, '' when not given; shown only to the user. */
    phone: z.string(),
  })
  .meta({ id: 'AuthUser' });
export type AuthUser = z.infer<typeof authUserSchema>;

export const authResultSchema = z
  .object({ idToken: z.string(), user: authUserSchema })
  .meta({ id: 'AuthResult' });
export type AuthResult = z.infer<typeof authResultSchema>;

export const jwtGenerateBodySchema = z.object({ email: emailSchema }).meta({ id: 'TokenExchange' });
export const jwtGenerateResultSchema = z.object({ token: z.string() }).meta({ id: 'ApiToken' });
