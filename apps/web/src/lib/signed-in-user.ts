import { api, dataOf } from './api-client.ts';

/**
 * The signed-in user as the server has them now, for `useAuth().updateUser` after a change made
 * elsewhere (an address confirmed from an email link, or in another tab). Apart from auth.tsx,
 * which the first bundle carries, as only pages loaded later need it.
 */
export const readSignedInUser = async () => (await dataOf(api.GET('/api/auth/me'))).user;
