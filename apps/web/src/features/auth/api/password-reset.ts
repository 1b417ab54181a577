import { api, dataOf } from '../../../lib/api-client.ts';

/**
 * Forgotten passwords (DESIGN §14): a link by email, then a new password with it. The first
 * answers alike whether or not an account uses the address.
 */
export const requestPasswordReset = (email: string) =>
  dataOf(api.POST('/api/auth/password-reset', { body: { email } }));

export const confirmPasswordReset = (body: { token: string; password: string }) =>
  dataOf(api.POST('/api/auth/password-reset/confirm', { body }));
