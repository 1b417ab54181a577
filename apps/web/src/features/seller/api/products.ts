import { api, dataOf, type ApiSchema } from '../../../lib/api-client.ts';
import { usePagedList } from '../../../lib/paged-list.ts';
import { useProductMutation } from '../../../lib/product-mutations.ts';
import { sellerKeys } from './query-keys.ts';

/** The seller's own listings and what a seller does with them. */
export const useSellerProducts = (email: string) =>
  usePagedList(
    sellerKeys.products(email),
    (page) => api.GET('/api/seller/products', { params: { query: { email } }, ...page }),
    email !== '',
  );

export const createProduct = (product: ApiSchema<'NewProductInput'>) =>
  dataOf(api.POST('/api/product', { body: product }));
/** An edit of a listing: only the fields that change. */
export type ProductChanges = ApiSchema<'ProductChangesInput'>;
export const updateProduct = ({ id, changes }: { id: string; changes: ProductChanges }) =>
  dataOf(api.PATCH('/api/product/{id}', { params: { path: { id } }, body: changes }));
export const advertiseProduct = (id: string) =>
  dataOf(api.PUT('/api/advertise/product/update/{id}', { params: { path: { id } } }));
export const useCreateProduct = () => useProductMutation(createProduct);
export const useUpdateProduct = () => useProductMutation(updateProduct);
export const useAdvertiseProduct = () => useProductMutation(advertiseProduct);
