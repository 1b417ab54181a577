import { lazy } from 'react';
import { AfterFirstPaint } from '../../components/after-first-paint.tsx';
import { AdvertisedProducts } from '../../features/catalog/components/advertised-products.tsx';
import { CategoryLinks } from '../../features/catalog/components/category-links.tsx';
import { useCategories } from '../../lib/categories.ts';
import { StaticHero } from '../../features/home/components/hero-slide.tsx';
import { ServiceHighlights } from '../../features/home/components/service-highlights.tsx';

// Swiper is the heaviest part of the home page, so the carousel arrives after the first paint;
// until then its first slide stands in, painted from the first bundle.
const HeroCarousel = lazy(() => import('../../features/home/components/hero-carousel.tsx'));
// The tiles are below a phone's first screen: they arrive after it, into room kept for them.
const CategoryTiles = lazy(async () => ({
  default: (await import('../../features/home/components/category-tiles.tsx')).CategoryTiles,
}));

/** The tiles' room until they come: three rows of 7rem tiles on a phone, two from md up. */
const tilesRoom = (
  <div aria-hidden="true" className="mx-auto max-w-7xl px-4 py-10">
    <div className="h-92 md:h-60" />
  </div>
);

/** The home page: categories, hero, highlights, tiles and the advertised products. */
export function HomePage() {
  const firstCategory = useCategories().data?.[0];
  const productsPath = firstCategory ? `/category/${firstCategory._id}` : '/';
  return (
    <>
      <h1 className="sr-only">Reloop: used laptops from sellers you can trust</h1>
      <div className="mx-auto grid max-w-7xl gap-6 px-4 pt-6 lg:grid-cols-[16rem_1fr]">
        <CategoryLinks title="Categories" />
        <AfterFirstPaint fallback={<StaticHero productsPath={productsPath} />}>
          <HeroCarousel productsPath={productsPath} />
        </AfterFirstPaint>
      </div>
      <ServiceHighlights />
      <AfterFirstPaint fallback={tilesRoom}>
        <CategoryTiles />
      </AfterFirstPaint>
      <AdvertisedProducts />
    </>
  );
}
