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
 * The Sitemap line must be an absolute URL, so it is there only with PUBLIC_URL: the request's
 * Host is the client's to set and is never taken instead.
 */
export function robotsTxt(publicUrl: string | undefined): string {
  const lines = [
    'User-agent: *',
    'Allow: /',
    'Allow: /api/images/',
    ...PRIVATE_PATHS.map((path) => `Disallow: ${path}`),
  ];
  if (publicUrl !== undefined) lines.push('', `Sitemap: ${publicUrl}/sitemap.xml`);
  return `${lines.join('\n')}\n`;
}
