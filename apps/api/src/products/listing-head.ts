import { conditionGrades, type ProductDetail } from '@reloop/shared';
import { productJsonLd } from '../seo/product-json-ld.ts';
import { absoluteUrl } from '../seo/public-url.ts';

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
 * `publicUrl` is PUBLIC_URL, the one origin absolute links may name (seo/public-url.ts).
 * Without it the tags that need an origin are left out: canonical, og:url, and og:image unless
 * the image's URL is absolute. The listing's JSON-LD (seo/product-json-ld.ts) comes last.
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
  const pageUrl = absoluteUrl(`/product/${listing._id}`, publicUrl);
  const image = absoluteUrl(listing.imgUrl, publicUrl);
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
    productJsonLd(listing, publicUrl),
  ].join('');
  return { title: escapeHtml(title), tags };
}
