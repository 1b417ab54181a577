/**
 * The home hero's slides, in order. The first is the home page's largest paint: the server
 * preloads its image on `/` (pageHead in apps/api/src/plugins/static-files.ts), so keep the two
 * in step.
 */
export interface HeroSlideContent {
  title: string;
  image: string;
}

export const heroSlides: readonly [HeroSlideContent, ...HeroSlideContent[]] = [
  { title: 'New Arrival', image: '/hero/new-arrival.webp' },
  { title: 'Laptop for Winter 2022', image: '/hero/winter-laptops.webp' },
];
