import { useParams } from 'react-router';
import { uiMessages } from '@reloop/shared/messages';
import { PagedListView } from '../../../components/list-page.tsx';
import { useCategoryProducts } from '../api/get-category-products.ts';
import { useCategories } from '../../../lib/categories.ts';
import { CategoryLinks } from '../components/category-links.tsx';
import { ProductGrid } from '../components/product-grid.tsx';

/** /category/:id — the categories on the left, that category's products on the right. */
export function Component() {
  const { id = '' } = useParams();
  const products = useCategoryProducts(id);
  const category = useCategories().data?.find((entry) => entry._id === id);
  return (
    <div className="mx-auto grid max-w-7xl gap-8 px-4 py-8 lg:grid-cols-[16rem_1fr]">
      <CategoryLinks title="CATEGORIES" />
      <section aria-labelledby="category-title">
        <h1 id="category-title" className="mb-6 text-3xl font-bold">
          {category ? `${category.category} laptops` : 'Products'}
        </h1>
        <PagedListView
          list={products}
          loadingLabel="Loading products"
          emptyText={uiMessages.noCategoryProducts}
          render={(items) => <ProductGrid products={items} headingLevel={2} />}
        />
      </section>
    </div>
  );
}
