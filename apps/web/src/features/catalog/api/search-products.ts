import { searchResultHeaders } from '@reloop/shared';
import { conditionGrades } from '@reloop/shared/conditions';
import { api, ApiError } from '../../../lib/api-client.ts';
import type { components, operations } from '../../../lib/api-schema.ts';
import { usePagedList, type PageRequest } from '../../../lib/paged-list.ts';
import { catalogKeys } from './query-keys.ts';

type SearchCall = NonNullable<operations['searchProducts']['parameters']['query']>;
/** What a search asks for; the paged list adds the page size and follows the cursors. */
export type ProductSearch = Omit<SearchCall, 'limit' | 'cursor' | 'offset'>;
export type SearchSort = NonNullable<ProductSearch['sort']>;

export const sortLabels: Record<SearchSort, string> = {
  newest: 'Newest',
  price_asc: 'Price: low to high',
  price_desc: 'Price: high to low',
};

/** A search's terms as its URL and its form hold them: text, left out when not set. */
export const searchFields = [
  'q',
  'categoryId',
  'minPrice',
  'maxPrice',
  'minRamGb',
  'minStorageGb',
  'condition',
  'verified',
  'minRating',
  'location',
  'sort',
] as const;
export type SearchField = (typeof searchFields)[number];
export type SearchTerms = Partial<Record<SearchField, string>>;

/** The terms that are set, in a fixed order, so one search always has one URL. */
const setTerms = (read: (field: SearchField) => string | null | undefined) =>
  searchFields.flatMap((field): [SearchField, string][] => {
    const value = read(field)?.trim();
    return value ? [[field, value]] : [];
  });

export const searchTermsFrom = (params: URLSearchParams): SearchTerms =>
  Object.fromEntries(setTerms((field) => params.get(field)));

/**
 * The form after its URL changed from `before` to `after`: each field shows the new search's
 * term, except one typed and not yet searched that the change did not touch. So a price typed
 * while the results of the last choice were still on their way is not wiped when they arrive,
 * and Back or a link still puts its own terms in the form.
 */
export const draftAfter = (draft: SearchTerms, before: SearchTerms, after: SearchTerms) =>
  Object.fromEntries(
    searchFields.flatMap((field) => {
      const unsearched = draft[field] !== before[field] && after[field] === before[field];
      const value = unsearched ? draft[field] : after[field];
      return value === undefined ? [] : [[field, value]];
    }),
  );

export const searchParamsOf = (terms: SearchTerms): URLSearchParams =>
  new URLSearchParams(setTerms((field) => terms[field]));

/** How many filters narrow the search down: every term but its words and its order. */
export const filterCount = (terms: SearchTerms): number =>
  setTerms((field) => terms[field]).filter(([field]) => field !== 'q' && field !== 'sort').length;

const isKeyOf = <Keys extends object>(object: Keys, key = ''): key is Extract<keyof Keys, string> =>
  Object.hasOwn(object, key);

/**
 * The call for a search's terms. A choice no form offers (a hand-edited URL) is left out; text is
 * sent as typed, for the API to judge (see searchParamErrors).
 */
export function searchRequestOf(terms: SearchTerms): ProductSearch {
  const { condition, verified, sort, ...text } = terms;
  return {
    ...text,
    condition: isKeyOf(conditionGrades, condition) ? condition : undefined,
    verified: verified === 'true' ? verified : undefined,
    sort: isKeyOf(sortLabels, sort) ? sort : undefined,
  };
}

const searchPage = (search: ProductSearch) => (page: PageRequest) =>
  api.GET('/api/search', { params: { query: search }, ...page });

export const useProductSearch = (search: ProductSearch) =>
  usePagedList(catalogKeys.search(search), searchPage(search));

/** What a search says above its results (DESIGN §17), from its first page's headers. */
export interface SearchSummary {
  /** The words searched instead of the ones typed, which matched nothing. */
  correctedQuery: string | undefined;
  /** How many listings match; `approximate` when that is an estimate. */
  count: { listings: number; approximate: boolean } | undefined;
}

export function searchSummaryOf(headers: Headers | undefined): SearchSummary {
  const corrected = headers?.get(searchResultHeaders.correctedQuery);
  const count = headers?.get(searchResultHeaders.resultCount);
  return {
    correctedQuery: corrected ? decodeURIComponent(corrected) : undefined,
    count: count
      ? {
          listings: Number(count),
          approximate: headers?.get(searchResultHeaders.resultCountApproximate) === 'true',
        }
      : undefined,
  };
}

type FieldError = NonNullable<components['schemas']['Error']['errors']>[number];

const isFieldError = (value: unknown): value is FieldError =>
  typeof value === 'object' &&
  value !== null &&
  'path' in value &&
  typeof value.path === 'string' &&
  'message' in value &&
  typeof value.message === 'string';

/**
 * What a 400 said about each of the search's terms (`querystring.minPrice` → minPrice), so each
 * message shows next to its filter. Read by hand rather than with the shared zod schema, which
 * would load zod with the search page.
 */
export function searchParamErrors(error: Error | null): SearchTerms {
  if (!(error instanceof ApiError) || error.status !== 400) return {};
  const { body } = error;
  const listed = typeof body === 'object' && body !== null && 'errors' in body && body.errors;
  const errors = Array.isArray(listed) ? listed.filter(isFieldError) : [];
  return Object.fromEntries(
    errors.map(({ path, message }) => [path.replace(/^querystring\./, ''), message]),
  );
}
