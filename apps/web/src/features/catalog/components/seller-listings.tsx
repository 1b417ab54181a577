import { PagedListView } from '../../../components/list-page.tsx';
import { api } from '../../../lib/api-client.ts';
import { usePagedList } from '../../../lib/paged-list.ts';
import { catalogKeys } from '../api/query-keys.ts';
import { ProductGrid, ProductGridPlaceholder } from './product-grid.tsx';

/**
 * Everything a seller has for sale, newest first, a page at a time, as cards: on their profile.
 * The search's own call rather than search-products.ts, which stays with the search page's code.
 */
export function SellerListings({ sellerId }: { sellerId: string }) {
  const search = { sellerId };
  const listings = usePagedList(catalogKeys.search(search), (page) =>
    api.GET('/api/search', { params: { query: search }, ...page }),
  );
  return (
    <section aria-labelledby="seller-listings-title">
      <h2 id="seller-listings-title" className="mb-4 text-2xl font-bold">
        For sale
      </h2>
      <PagedListView
        list={listings}
        loadingLabel="Loading the listings"
        placeholder={ProductGridPlaceholder}
        emptyText="Nothing for sale right now"
        render={(items) => <ProductGrid products={items} headingLevel={3} />}
      />
    </section>
  );
}
