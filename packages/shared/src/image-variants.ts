/**
 * The resized copies every uploaded image gets (DESIGN §18), named after the original so its
 * stored URL is enough to find them: `/api/images/<stem>.<ext>` has `/api/images/<stem>.w360.webp`,
 * `….w360.jpg` and so on. A variant is never wider than its original: for a small original the
 * wider names hold copies at the original's width. 720 is a phone's card (358 to 398 CSS px) at
 * twice its pixel density: browsers take the narrowest width at least that of the shown image.
 */
export const IMAGE_VARIANT_WIDTHS = [360, 720, 1440] as const;
export type ImageVariantWidth = (typeof IMAGE_VARIANT_WIDTHS)[number];
/** WebP for every browser that takes it, JPEG for the rest. */
export const IMAGE_VARIANT_FORMATS = ['webp', 'jpg'] as const;
export type ImageVariantFormat = (typeof IMAGE_VARIANT_FORMATS)[number];

/** A variant's name or URL from its original's: the extension replaced by width and format. */
export const imageVariantName = (
  original: string,
  width: ImageVariantWidth,
  format: ImageVariantFormat,
): string => `${original.slice(0, original.lastIndexOf('.'))}.w${width}.${format}`;
