// The searches the benchmark measures and explains.

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
];
