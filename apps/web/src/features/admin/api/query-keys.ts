import { profileKeys } from '../../../lib/profiles.ts';
import { sharedKeys } from '../../../lib/query-keys.ts';
import type { ListedRole, UserSearch } from './users.ts';

/**
 * The admin's lists; reported products sit under the shared root every listing change refreshes,
 * and reported reviews under the profiles' root, which hiding one refreshes.
 */
export const adminKeys = {
  users: (role: ListedRole) => ['users', role] as const,
  /** The Users page's search; under the users' root, which every change to a user refreshes. */
  userSearch: (search: UserSearch) => ['users', 'search', search] as const,
  openBookings: (userId: string) => ['users', 'open-bookings', userId] as const,
  reportedProducts: [...sharedKeys.products, 'reported'] as const,
  reportedReviews: [...profileKeys.all, 'reported'] as const,
  money: ['admin-money'] as const,
};
