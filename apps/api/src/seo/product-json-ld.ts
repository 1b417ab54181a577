import type { ConditionGrade, ProductDetail } from '@reloop/shared';
import { absoluteUrl } from './public-url.ts';

/**
 * Every Reloop grade is of a laptop someone has used: the grades say how worn it is, and none
 * is new, refurbished by a maker or broken (schema.org's other conditions).
 */
const itemConditions: Record<ConditionGrade, string> = {
  excellent: 'https://schema.org/UsedCondition',
  good: 'https://schema.org/UsedCondition',
  fair: 'https://schema.org/UsedCondition',
};

/** Characters that could end the script element or the line as an HTML parser or JS sees it. */
const scriptBreakers = /[<>&\u2028\u2029]/g;
const unicodeEscape = (char: string) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;

/**
 * A listing as schema.org's Product with its Offer, for search engines' rich results, in a
 * `<script type="application/ld+json">` for the page's head. JSON.stringify escapes quotes and
 * backslashes; the characters that would close the script (`</script>`) or open a comment are
 * written as \u escapes, which JSON reads back as the same text. The seller is named, never
 * their contact details.
 */
export function productJsonLd(listing: ProductDetail, publicUrl: string | undefined): string {
  const url = absoluteUrl(`/product/${listing._id}`, publicUrl);
  const images = listing.photos
    .map((photo) => absoluteUrl(photo, publicUrl))
    .filter((image) => image !== undefined);
  const product = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: listing.name,
    description: listing.description,
    ...(images.length > 0 ? { image: images } : {}),
    ...(url === undefined ? {} : { url }),
    ...(listing.model === null ? {} : { model: listing.model }),
    offers: {
      '@type': 'Offer',
      price: listing.resalePrice.toFixed(2),
      priceCurrency: 'USD',
      availability:
        listing.status === 'sold' ? 'https://schema.org/SoldOut' : 'https://schema.org/InStock',
      itemCondition: itemConditions[listing.condition],
      ...(url === undefined ? {} : { url }),
      seller: { '@type': 'Person', name: listing.sellerName },
    },
  };
  const json = JSON.stringify(product).replace(scriptBreakers, unicodeEscape);
  return `<script type="application/ld+json">${json}</script>`;
}
