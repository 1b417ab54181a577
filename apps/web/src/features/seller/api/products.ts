import type { Product, ProductBody } from '@reloop/shared';
import { api } from '../../../lib/api-client.ts';
import { usePagedList } from '../../../lib/paged-list.ts';
import { useProductMutation } from '../../../lib/product-mutations.ts';

/** The seller's own listings and what a seller does with them. */
export const useSellerProducts = (email: string) =>
  usePagedList<Product>(
    ['products', 'seller', email],
    `/seller/products?email=${encodeURIComponent(email)}`,
    email !== '',
  );

export const createProduct = (product: ProductBody) =>
  api.post<{ acknowledged: true; _id: string }>('/product', product);
export const advertiseProduct = (id: string) =>
  api.put(`/advertise/product/update/${encodeURIComponent(id)}`);
export const useCreateProduct = () => useProductMutation(createProduct);
export const useAdvertiseProduct = () => useProductMutation(advertiseProduct);
