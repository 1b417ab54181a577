import {
  IMAGE_VARIANT_WIDTHS,
  imageVariantName,
  type ImageVariantFormat,
} from '@reloop/shared/image-variants';

/**
 * How wide an image is shown, as `sizes` says it, so a phone picks a 360 or 720 px variant. Card:
 * the page's width less its padding on a phone, half of it in two columns, at most about 30rem
 * beside the filters. Gallery: the page's width on a phone, three fifths of it from `lg` up.
 */
export const imageSizes = {
  card: '(min-width: 1024px) 30rem, (min-width: 768px) calc(50vw - 1.75rem), calc(100vw - 2rem)',
  gallery: '(min-width: 1024px) 46rem, calc(100vw - 2rem)',
  thumbnail: '4.5rem',
  zoomed: '(min-width: 1024px) 64rem, 100vw',
} as const;
export type ImageSizes = (typeof imageSizes)[keyof typeof imageSizes];

/**
 * The `srcset` of an uploaded image's resized variants in one format (named by the convention in
 * @reloop/shared/image-variants); undefined for an image from elsewhere, e.g. a sign-in avatar.
 */
export function variantSrcSet(url: string, format: ImageVariantFormat): string | undefined {
  if (!url.startsWith('/api/images/')) return undefined;
  return IMAGE_VARIANT_WIDTHS.map(
    (width) => `${imageVariantName(url, width, format)} ${width}w`,
  ).join(', ');
}
