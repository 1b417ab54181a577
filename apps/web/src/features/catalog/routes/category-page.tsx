import type { QueryClient } from '@tanstack/react-query';
import { useParams, type Params } from 'react-router';
import { uiMessages } from '@reloop/shared/messages';
import { PagedListView } from '../../../components/list-page.tsx';
import { categoryProductsQueryOptions, useCategoryProducts } from '../api/get-category-products.ts';
import { categoriesQueryOptions, useCategories } from '../../../lib/categories.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { imageSizes } from '../../../lib/image-variants.ts';
import { preloadImage } from '../../../lib/preload-image.ts';
import { CategoryLinks } from '../components/category-links.tsx';
import { ProductGrid, ProductGridPlaceholder } from '../components/product-grid.tsx';

/** The page's data, asked for while the session is still being checked (both are public). */
export function prefetch(queryClient: QueryClient, { id = '' }: Params) {
  void queryClient.prefetchQuery(categoriesQueryOptions());
  const products = categoryProductsQueryOptions(id);
  void queryClient.prefetchInfiniteQuery(products).then(() => {
    // The first photo is what the page paints largest: its download starts before the page renders.
    const first = queryClient.getQueryData(products.queryKey)?.pages[0]?.items[0];
    if (first) preloadImage(first.imgUrl, imageSizes.card);
  });
}

/**
 * /category/:id — the categories on the left, that category's products on the right; on a phone
 * the categories are one row above the products, so the first product shows on the first screen.
 */
export function Component() {
  const { id = '' } = useParams();
  const products = useCategoryProducts(id);
  const category = useCategories().data?.find((entry) => entry._id === id);
  const heading = category ? `${category.category} laptops` : 'Products';
  usePageTitle(heading);
  return (
    <div className="mx-auto grid max-w-7xl gap-6 px-4 py-6 lg:grid-cols-[16rem_1fr] lg:gap-8 lg:py-8">
      <CategoryLinks title="CATEGORIES" />
      <section aria-labelledby="category-title">
        <h1 id="category-title" className="mb-6 text-3xl font-bold">
          {heading}
        </h1>
        <PagedListView
          list={products}
          loadingLabel="Loading products"
          placeholder={ProductGridPlaceholder}
          emptyText={uiMessages.noCategoryProducts}
          render={(items) => <ProductGrid products={items} headingLevel={2} onFirstScreen />}
        />
      </section>
    </div>
  );
}
