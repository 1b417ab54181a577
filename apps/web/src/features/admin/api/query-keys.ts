import { sharedKeys } from '../../../lib/query-keys.ts';
import type { ListedRole } from './users.ts';

/** The admin's lists; reported products sit under the shared root every listing change refreshes. */
export const adminKeys = {
  users: (role: ListedRole) => ['users', role] as const,
  openBookings: (userId: string) => ['users', 'open-bookings', userId] as const,
  reportedProducts: [...sharedKeys.products, 'reported'] as const,
  money: ['admin-money'] as const,
};
