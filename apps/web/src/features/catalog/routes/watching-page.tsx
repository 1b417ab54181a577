import { Link } from 'react-router';
import type { ApiSchema } from '../../../lib/api-client.ts';
import { PagedListView } from '../../../components/list-page.tsx';
import { toastOutcome } from '../../../lib/mutation-toasts.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { useDeleteSavedSearch, useSavedSearches } from '../api/saved-searches.ts';
import { useWatchlist } from '../api/watchlist.ts';
import { ProductGrid, ProductGridPlaceholder } from '../components/product-grid.tsx';

type SavedSearch = ApiSchema<'SavedSearch'>;

/** A saved search's results page: its terms as the search's address carries them. */
const searchPath = (search: SavedSearch) =>
  `/search?${new URLSearchParams(
    Object.entries(search.query).filter(
      (entry): entry is [string, string] => entry[1] !== undefined,
    ),
  )}`;

/**
 * /dashboard/watching (DESIGN §17): the user's saved searches, each opening its results, and
 * the listings they watch; news of either comes to the bell.
 */
export function Component() {
  usePageTitle('Watching');
  const searches = useSavedSearches();
  const watchlist = useWatchlist();
  const remove = useDeleteSavedSearch();
  return (
    <section className="max-w-6xl">
      <h1 className="mb-6 text-2xl font-bold">Watching</h1>
      <h2 className="mb-3 text-xl font-bold">Saved searches</h2>
      <PagedListView
        list={searches}
        loadingLabel="Loading your saved searches"
        emptyText="No saved searches yet: search for a laptop, then choose Save this search."
        render={(items) => (
          <ul className="divide-base-300 mb-2 divide-y">
            {items.map((search) => (
              <li
                key={search._id}
                className="flex flex-wrap items-center justify-between gap-2 py-2"
              >
                <Link to={searchPath(search)} className="link font-medium">
                  {search.name}
                </Link>
                <button
                  type="button"
                  className="btn btn-ghost btn-sm"
                  disabled={remove.isPending}
                  onClick={() => remove.mutate(search._id, toastOutcome('Saved search deleted'))}
                >
                  Delete<span className="sr-only"> {search.name}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      />
      <h2 className="mt-8 mb-3 text-xl font-bold">Watched listings</h2>
      <PagedListView
        list={watchlist}
        loadingLabel="Loading your watched listings"
        placeholder={ProductGridPlaceholder}
        emptyText="Nothing watched yet: choose Watch on a listing to hear when its price drops or it sells."
        render={(items) => <ProductGrid products={items} headingLevel={3} />}
      />
    </section>
  );
}
