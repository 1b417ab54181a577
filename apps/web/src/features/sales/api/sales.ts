import { api } from '../../../lib/api-client.ts';
import { usePagedList } from '../../../lib/paged-list.ts';
import { salesKeys } from './query-keys.ts';

/** The bookings on the signed-in seller's products, newest first (cancelling is lib's). */
export const useSales = () => usePagedList(salesKeys.list, (page) => api.GET('/api/sales', page));
