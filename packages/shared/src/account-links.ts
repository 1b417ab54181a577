/**
 * How long each emailed link works, in minutes (DESIGN §14: a reset link, 60): the API's tokens
 * expire then, and the pages say so. Apart from limits.ts, which the web app's first bundle
 * holds: only the account pages need these.
 */
export const ACCOUNT_LINK_MINUTES = {
  passwordReset: 60,
  emailVerification: 48 * 60,
  emailChange: 24 * 60,
} as const;
