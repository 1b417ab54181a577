import { api } from '../../../lib/api-client.ts';
import { usePagedList } from '../../../lib/paged-list.ts';
import { adminKeys } from './query-keys.ts';

/** Reported listings (deleting one is lib/product-mutations.ts). */
export const useReportedProducts = () =>
  usePagedList(adminKeys.reportedProducts, (page) => api.GET('/api/reported/products', page));
