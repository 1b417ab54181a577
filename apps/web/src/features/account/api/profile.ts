import { api, dataOf, type ApiSchema } from '../../../lib/api-client.ts';

/** Name, photo and phone; answers with the user as saved. '' as the phone forgets it. */
export const updateProfile = (changes: ApiSchema<'ProfileUpdateInput'>) =>
  dataOf(api.PATCH('/api/auth/profile', { body: changes }));
