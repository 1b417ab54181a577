import { api, dataOf } from '../../../lib/api-client.ts';

/** A new password for the signed-in user; the API signs out every other session. */
export const changePassword = (body: { currentPassword: string; newPassword: string }) =>
  dataOf(api.POST('/api/auth/password', { body }));
