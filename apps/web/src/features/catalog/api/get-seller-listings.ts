import { useQuery } from '@tanstack/react-query';
import { api, dataOf } from '../../../lib/api-client.ts';
import { catalogKeys } from './query-keys.ts';

/** How many of a seller's other listings a listing's page shows. */
const OTHER_LISTINGS = 4;

/**
 * A seller's newest listings but `productId`. One more than shown is asked for, as `productId`
 * itself may be among them.
 */
export function useOtherListings(sellerId: string, productId: string) {
  const search = { sellerId, limit: String(OTHER_LISTINGS + 1) };
  return useQuery({
    queryKey: catalogKeys.search(search),
    queryFn: ({ signal }) => dataOf(api.GET('/api/search', { params: { query: search }, signal })),
    select: (listings) =>
      listings.filter((listing) => listing._id !== productId).slice(0, OTHER_LISTINGS),
  });
}
