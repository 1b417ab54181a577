/**
 * Starts fetching the image a page is about to paint as its largest element, before the element
 * that shows it exists: as the server's `<link rel="preload">` does for the home page's hero.
 */
export function preloadImage(href: string): void {
  const preloads = document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]');
  if ([...preloads].some((link) => link.getAttribute('href') === href)) return;
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'image';
  link.href = href;
  link.fetchPriority = 'high';
  document.head.append(link);
}
