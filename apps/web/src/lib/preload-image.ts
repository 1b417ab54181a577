import { variantSrcSet, type ImageSizes } from './image-variants.ts';

/**
 * Starts fetching the image a page is about to paint as its largest element, before the element
 * that shows it exists: as the server's `<link rel="preload">` does for the home page's hero. An
 * uploaded image is preloaded as the WebP variant its `<img>` will pick at `sizes` (a browser
 * without WebP skips the preload).
 */
export function preloadImage(href: string, sizes: ImageSizes): void {
  const preloads = document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]');
  if ([...preloads].some((link) => link.getAttribute('href') === href)) return;
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'image';
  link.href = href;
  const srcset = variantSrcSet(href, 'webp');
  if (srcset) {
    link.type = 'image/webp';
    link.imageSrcset = srcset;
    link.imageSizes = sizes;
  }
  link.fetchPriority = 'high';
  document.head.append(link);
}
