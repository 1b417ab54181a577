import type { QueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PagedListView } from '../../../components/list-page.tsx';
import { categoriesQueryOptions } from '../../../lib/categories.ts';
import { formatCount } from '../../../lib/format.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import {
  draftAfter,
  filterCount,
  searchParamErrors,
  searchParamsOf,
  searchRequestOf,
  searchSummaryOf,
  searchTermsFrom,
  sortLabels,
  useProductSearch,
  type SearchSummary,
  type SearchTerms,
} from '../api/search-products.ts';
import { ProductGrid, ProductGridPlaceholder } from '../components/product-grid.tsx';
import { SaveSearch } from '../components/save-search.tsx';
import { SearchFilters, SelectField } from '../components/search-filters.tsx';

const sortChoices = Object.entries(sortLabels).map(([value, label]) => ({ value, label }));

/** The category filter's choices, asked for while the page's code loads. */
export function prefetch(queryClient: QueryClient) {
  void queryClient.prefetchQuery(categoriesQueryOptions());
}

/**
 * /search — words, filters and an order, all in the URL (so a search can be shared, and Back
 * undoes a change), and the laptops that match, a page at a time.
 */
export function Component() {
  const [searchParams, setSearchParams] = useSearchParams();
  const terms = searchTermsFrom(searchParams);
  const results = useProductSearch(searchRequestOf(terms));
  const resultsTitle = useRef<HTMLHeadingElement>(null);
  usePageTitle(terms.q ? `${terms.q} · Search` : 'Search laptops');

  // What the form shows: the URL's search, plus what is typed and not yet searched. When the URL
  // changes (a search, Back, a link) the form shows its search again (see draftAfter).
  const urlQuery = searchParams.toString();
  const [draft, setDraft] = useState(terms);
  const [draftOf, setDraftOf] = useState(urlQuery);
  if (draftOf !== urlQuery) {
    setDraftOf(urlQuery);
    setDraft(draftAfter(draft, searchTermsFrom(new URLSearchParams(draftOf)), terms));
  }

  const search = (next: SearchTerms) => setSearchParams(searchParamsOf(next));
  // The button that was clicked goes away with the empty result: focus goes to the new results.
  const searchAgain = (next: SearchTerms) => {
    search(next);
    resultsTitle.current?.focus();
  };

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 lg:py-8">
      <h1 className="mb-4 text-3xl font-bold">Search laptops</h1>
      <div className="grid gap-6 lg:grid-cols-[18rem_minmax(0,1fr)] lg:items-start lg:gap-8">
        <SearchFilters
          draft={draft}
          errors={searchParamErrors(results.error)}
          onEdit={setDraft}
          onSearch={search}
        />
        <section aria-labelledby="results-title">
          <div className="mb-2 flex flex-wrap items-end justify-between gap-x-4">
            <h2
              id="results-title"
              ref={resultsTitle}
              tabIndex={-1}
              className="mb-6 text-xl font-bold"
            >
              {terms.q ? `Results for “${terms.q}”` : 'Laptops for sale'}
            </h2>
            <SelectField
              id="search-sort"
              label="Sort by"
              value={draft.sort ?? 'newest'}
              choices={sortChoices}
              onChange={(sort) => search({ ...draft, sort })}
              className="w-full sm:w-56"
            />
          </div>
          <SaveSearch terms={terms} />
          {results.items?.length === 0 ? (
            <NoMatches terms={terms} onSearch={searchAgain} />
          ) : (
            <>
              <ResultsSummary summary={searchSummaryOf(results.firstPageHeaders)} />
              <PagedListView
                list={results}
                loadingLabel="Searching"
                placeholder={ProductGridPlaceholder}
                emptyText="No laptops match"
                render={(items) => <ProductGrid products={items} headingLevel={3} onFirstScreen />}
              />
            </>
          )}
        </section>
      </div>
    </div>
  );
}

/**
 * Above the results: the words searched when the ones typed matched nothing ("Showing results
 * for “thinkpad”"), and how many listings match, "about" when the API estimated it.
 */
function ResultsSummary({ summary: { correctedQuery, count } }: { summary: SearchSummary }) {
  if (!correctedQuery && !count) return null;
  return (
    <div className="text-base-content/70 -mt-4 mb-4 text-sm">
      {correctedQuery && (
        <p className="text-base-content text-base">
          Showing results for <strong>“{correctedQuery}”</strong>
        </p>
      )}
      {count && <p>{countText(count)}</p>}
    </div>
  );
}

/** "3 listings", "1 listing", "About 92,000 listings": listings, whatever is sold. */
function countText({ listings, approximate }: NonNullable<SearchSummary['count']>): string {
  const listed = `${formatCount(listings)} ${listings === 1 ? 'listing' : 'listings'}`;
  return approximate ? `About ${listed}` : listed;
}

/** Nothing matched: ways to widen the search, keeping what can be kept. */
function NoMatches({
  terms,
  onSearch,
}: {
  terms: SearchTerms;
  onSearch: (terms: SearchTerms) => void;
}) {
  const filtered = filterCount(terms) > 0;
  return (
    <div className="bg-base-200 rounded-box grid justify-items-center gap-3 p-8 text-center">
      <p className="text-lg font-semibold">No laptops match</p>
      <p className="text-base-content/70 text-sm">
        {filtered || terms.q
          ? 'Fewer filters or other words may find one.'
          : 'Nothing is for sale right now; come back soon.'}
      </p>
      <div className="flex flex-wrap justify-center gap-2">
        {filtered && (
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => onSearch({ q: terms.q, sort: terms.sort })}
          >
            Clear filters
          </button>
        )}
        {terms.q && (
          <button
            type="button"
            className="btn btn-outline"
            onClick={() => onSearch({ ...terms, q: undefined })}
          >
            Search without “{terms.q}”
          </button>
        )}
      </div>
    </div>
  );
}
