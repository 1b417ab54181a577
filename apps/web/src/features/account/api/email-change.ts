import { api, dataOf } from '../../../lib/api-client.ts';

/**
 * Asks to move the account to `newEmail`: a link goes there, and the address changes only when
 * it is followed (/verify-email?…&change=1).
 */
export const requestEmailChange = (body: { newEmail: string; password: string }) =>
  dataOf(api.POST('/api/auth/email', { body }));
