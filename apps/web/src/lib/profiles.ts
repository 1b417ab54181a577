import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, dataOf } from './api-client.ts';

/**
 * Public profiles (DESIGN §16): shown on their page (profiles) and, the seller's own, on the
 * dashboard (seller); changed by a review written (orders, sales), answered (profiles) or hidden
 * (admin). Their keys live here rather than in query-keys.ts, which the home page's first
 * bundle carries.
 */

/** A profile's address: anyone may see a buyer's or a seller's. */
export const profilePath = (userId: string) => `/seller/${userId}`;

export const profileKeys = {
  /** Every profile and everything listed on it. */
  all: ['profiles'],
  profile: (userId: string) => ['profiles', userId] as const,
} as const;

export const profileQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: profileKeys.profile(userId),
    queryFn: ({ signal }) =>
      dataOf(api.GET('/api/users/{id}/profile', { params: { path: { id: userId } }, signal })),
  });

export const useProfile = (userId: string) => useQuery(profileQueryOptions(userId));
