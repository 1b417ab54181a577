import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Product, ProductBody } from '@reloop/shared';
import { api } from '../../../lib/api-client.ts';
import { useProductMutation } from '../../../lib/product-mutations.ts';

/** The seller's own listings and what a seller does with them. */
export const getSellerProducts = (email: string, signal?: AbortSignal) =>
  api.get<Product[]>(`/seller/products?email=${encodeURIComponent(email)}`, signal);

export const sellerProductsQueryOptions = (email: string) =>
  queryOptions({
    queryKey: ['products', 'seller', email],
    queryFn: ({ signal }) => getSellerProducts(email, signal),
  });

export const useSellerProducts = (email: string) => useQuery(sellerProductsQueryOptions(email));

export const createProduct = (product: ProductBody) =>
  api.post<{ acknowledged: true; _id: string }>('/product', product);
export const advertiseProduct = (id: string) =>
  api.put(`/advertise/product/update/${encodeURIComponent(id)}`);
export const useCreateProduct = () => useProductMutation(createProduct);
export const useAdvertiseProduct = () => useProductMutation(advertiseProduct);
