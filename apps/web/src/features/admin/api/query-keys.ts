import { profileKeys } from '../../../lib/profiles.ts';
import { sharedKeys } from '../../../lib/query-keys.ts';
import type { ListedRole } from './users.ts';

/**
 * The admin's lists; reported products sit under the shared root every listing change refreshes,
 * and reported reviews under the profiles' root, which hiding one refreshes.
 */
export const adminKeys = {
  users: (role: ListedRole) => ['users', role] as const,
  openBookings: (userId: string) => ['users', 'open-bookings', userId] as const,
  reportedProducts: [...sharedKeys.products, 'reported'] as const,
  reportedReviews: [...profileKeys.all, 'reported'] as const,
  money: ['admin-money'] as const,
};
