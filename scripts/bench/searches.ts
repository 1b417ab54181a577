// The searches the benchmark measures and explains, and the words listings would bring.
import { searchResultHeaders } from '@reloop/shared';

/** Searches as buyers make them (DESIGN §11): words, a prefix, words with filters, each sort. */
export const SEARCHES = [
  { name: 'search words', path: '/api/search?q=thinkpad' },
  { name: 'search prefix', path: '/api/search?q=think' },
  { name: 'search words+filters', path: '/api/search?q=thinkpad&minRamGb=16&maxPrice=800' },
  { name: 'search price up', path: '/api/search?q=thinkpad&sort=price_asc' },
  { name: 'search price down', path: '/api/search?q=thinkpad&sort=price_desc' },
  {
    name: 'search filters only',
    path: '/api/search?minRamGb=32&condition=excellent&verified=true',
  },
  // Sellers rated 4 stars and up (DESIGN §16), with words and alone.
  { name: 'search words+minRating', path: '/api/search?q=thinkpad&minRating=4' },
  { name: 'search minRating only', path: '/api/search?minRating=4.5' },
  // Misspelt words (DESIGN §17): searched as the listed word most like them, with a filter and
  // by price too; and a word nothing is like, which still finds nothing.
  { name: 'search typo', path: '/api/search?q=thinkpd' },
  { name: 'search typo+filters', path: '/api/search?q=lenvo%20thinkpad&minRamGb=16' },
  { name: 'search typo, price up', path: '/api/search?q=macbok&sort=price_asc' },
  { name: 'search nothing like it', path: '/api/search?q=zzqxjv' },
];

/**
 * The generated listings copy a few dozen demo listings, so they have a few hundred distinct
 * words; a million listings written by people would have a vocabulary of the order of 200,000
 * (model codes, names, misspellings: Heaps' law puts 40 million words of text at 100,000 to
 * 300,000 distinct ones). The trigram lookup of a misspelt word reads that vocabulary, so the
 * volume adds one word per this many products to search_price_bounds, at a middle price so no
 * search's price bounds widen.
 */
export const PRODUCTS_PER_EXTRA_WORD = 5;

/** $1 words: three in four of three to five syllables ("kolaret"), one a model code ("ux425ea"). */
export const VOCABULARY_SQL = `
  insert into search_price_bounds (lexeme, min_price_cents, max_price_cents)
  select word, 50000, 50000
  from generate_series(1, $1::int) n
  cross join lateral (
    select string_agg(
             case when n % 4 = 0
               then case when part = 2 then (100 + floor(random() * 900)::int)::text
                         else chr(97 + floor(random() * 26)::int) end
               else substr('bcdfghjklmnprstvwz', 1 + floor(random() * 18)::int, 1)
                    || substr('aeiouy', 1 + floor(random() * 6)::int, 1)
             end, '' order by part) as word
    from generate_series(0, case when n % 4 = 0 then 4 else 1 + n % 4 end) part
  ) generated
  on conflict do nothing`;

/** What each search's first page says beside its listings: the words searched, the count. */
export async function describeSearchAnswers(baseUrl: string): Promise<string[]> {
  return Promise.all(
    SEARCHES.map(async ({ name, path }) => {
      const response = await fetch(new URL(path, baseUrl));
      await response.arrayBuffer();
      const { headers } = response;
      const corrected = headers.get(searchResultHeaders.correctedQuery);
      const approximate = headers.get(searchResultHeaders.resultCountApproximate) === 'true';
      return (
        `  ${name.padEnd(28)} ${approximate ? 'about ' : ''}${headers.get(searchResultHeaders.resultCount)} listings` +
        (corrected ? `, searched as "${decodeURIComponent(corrected)}"` : '')
      );
    }),
  );
}
