/**
 * The paths no crawler has business in (apps/web/src/app/router.tsx): the API, everyone's
 * dashboard, signing in and the account links sent by email, and search results (endless
 * combinations of the listings the sitemap names one by one).
 */
const PRIVATE_PATHS = [
  '/api/',
  '/dashboard',
  '/login',
  '/register',
  '/auth/',
  '/forgot-password',
  '/reset-password',
  '/verify-email',
  '/unsubscribe',
  '/search',
];

/**
 * robots.txt. Listing photos are served under /api/images/, and a listing's rich result needs
 * its image: crawlers take the longest matching rule, so that Allow wins over `Disallow: /api/`.
 * The Sitemap line is an absolute URL on `siteUrl` (PUBLIC_URL, else where Reloop listens).
 */
export function robotsTxt(siteUrl: string): string {
  const lines = [
    'User-agent: *',
    'Allow: /',
    'Allow: /api/images/',
    ...PRIVATE_PATHS.map((path) => `Disallow: ${path}`),
  ];
  lines.push('', `Sitemap: ${siteUrl}/sitemap.xml`);
  return `${lines.join('\n')}\n`;
}
