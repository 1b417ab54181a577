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

export function listingHead(
  listing: ProductDetail,
  origin: string,
): { title: string; tags: string } {
  const title = `${listing.name} — Reloop`;
  const summary =
    `${dollars.format(listing.resalePrice)} · ${conditionGrades[listing.condition].label} · ` +
    `${listing.location}. ${listing.description}`;
  const description = summary.length > 200 ? `${summary.slice(0, 197)}…` : summary;
  const absolute = (url: string) => (url.startsWith('/') ? `${origin}${url}` : url);
  const meta = {
    'og:type': 'product',
    'og:site_name': 'Reloop',
    'og:title': listing.name,
    'og:description': description,
    'og:image': absolute(listing.imgUrl),
    'og:url': `${origin}/product/${listing._id}`,
    'twitter:card': 'summary_large_image',
  };
  const tags = [
    `<meta name="description" content="${escapeHtml(description)}">`,
    `<link rel="canonical" href="${escapeHtml(meta['og:url'])}">`,
    ...Object.entries(meta).map(
      ([property, content]) => `<meta property="${property}" content="${escapeHtml(content)}">`,
    ),
  ].join('');
  return { title: escapeHtml(title), tags };
}
