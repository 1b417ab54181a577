import { api, dataOf } from '../../../lib/api-client.ts';

/**
 * Deletes the signed-in user's account for good. `password` is the account's password, or for
 * an account that signs in only with Google (it has none) its email address typed out.
 */
export const deleteAccount = (password: string) =>
  dataOf(api.DELETE('/api/auth/account', { body: { password } }));
