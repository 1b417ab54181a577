import { api, ApiError, dataOf } from '../../../lib/api-client.ts';
import { usePagedList } from '../../../lib/paged-list.ts';
import { salesKeys } from './query-keys.ts';

/** The bookings on the signed-in seller's products, newest first (cancelling is lib's). */
export const useSales = () => usePagedList(salesKeys.list, (page) => api.GET('/api/sales', page));

/** Too many wrong codes: the server takes none for `minutes` (its Retry-After), when it says. */
export class HandoverLocked extends ApiError {
  override name = 'HandoverLocked';

  constructor(
    refusal: ApiError,
    readonly minutes: number | null,
  ) {
    super(refusal.status, refusal.message, refusal.body);
  }
}

/**
 * The seller types the code the buyer shows at the meetup, which completes the sale. A wrong code
 * is an ApiError whose body has `attemptsLeft` (422); after too many, HandoverLocked (429).
 */
export async function enterHandoverCode(saleId: string, code: string) {
  const outcome = await api.POST('/api/sales/{id}/handover', {
    params: { path: { id: saleId } },
    body: { code },
  });
  try {
    return await dataOf(outcome);
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 429) throw error;
    const seconds = Number(outcome.response.headers.get('retry-after'));
    throw new HandoverLocked(error, seconds > 0 ? Math.ceil(seconds / 60) : null);
  }
}
