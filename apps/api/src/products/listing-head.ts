import { conditionGrades, type ProductDetail } from '@reloop/shared';

/**
 * The <head> of a listing's page as the server sends it, so a shared link shows the laptop:
 * crawlers of chat apps and social sites read Open Graph tags without running the app.
 */
const entities: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => entities[char] ?? char);

const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/**
 * `publicUrl` is PUBLIC_URL, the one origin absolute links may name. The request's Host header
 * is the client's to set, so a page built from it would carry whatever a forged request said
 * (and a cache between could keep it for everyone). Without PUBLIC_URL the tags that need an
 * origin are left out: canonical, og:url, and og:image unless the image's URL is absolute.
 */
export function listingHead(
  listing: ProductDetail,
  publicUrl: string | undefined,
): { title: string; tags: string } {
  const title = `${listing.name} — Reloop`;
  const summary =
    `${dollars.format(listing.resalePrice)} · ${conditionGrades[listing.condition].label} · ` +
    `${listing.location}. ${listing.description}`;
  const description = summary.length > 200 ? `${summary.slice(0, 197)}…` : summary;
  const absolute = (url: string) =>
    !url.startsWith('/') ? url : publicUrl === undefined ? undefined : `${publicUrl}${url}`;
  const pageUrl = absolute(`/product/${listing._id}`);
  const image = absolute(listing.imgUrl);
  const meta: [string, string | undefined][] = [
    ['og:type', 'product'],
    ['og:site_name', 'Reloop'],
    ['og:title', listing.name],
    ['og:description', description],
    ['og:image', image],
    ['og:url', pageUrl],
    ['twitter:card', image === undefined ? 'summary' : 'summary_large_image'],
  ];
  const tags = [
    `<meta name="description" content="${escapeHtml(description)}">`,
    pageUrl === undefined ? '' : `<link rel="canonical" href="${escapeHtml(pageUrl)}">`,
    ...meta.map(([property, content]) =>
      content === undefined ? '' : `<meta property="${property}" content="${escapeHtml(content)}">`,
    ),
  ].join('');
  return { title: escapeHtml(title), tags };
}
