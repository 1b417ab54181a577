import { profileKeys } from '../../../lib/profiles.ts';

/** A profile's reviews, under its profile's key, so whatever refreshes the profile refreshes them. */
export const reviewKeys = {
  of: (userId: string) => [...profileKeys.profile(userId), 'reviews'] as const,
};
