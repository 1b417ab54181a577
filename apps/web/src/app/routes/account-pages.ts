import * as settings from '../../features/account/routes/settings-page.tsx';
import * as unsubscribe from '../../features/account/routes/unsubscribe-page.tsx';
import * as forgotPassword from '../../features/auth/routes/forgot-password-page.tsx';
import * as resetPassword from '../../features/auth/routes/reset-password-page.tsx';
import * as verifyEmail from '../../features/auth/routes/verify-email-page.tsx';
import * as watching from '../../features/catalog/routes/watching-page.tsx';

/**
 * The account's pages by their paths — the ones emails link to, /forgot-password,
 * /dashboard/settings and /dashboard/watching — in one chunk: each lazily loaded chunk costs the first bundle its name
 * and preload list, and these pages are seldom opened.
 */
export const pages = {
  'forgot-password': forgotPassword,
  'reset-password': resetPassword,
  'verify-email': verifyEmail,
  unsubscribe,
  settings,
  watching,
};
