import { Link } from 'react-router';
import { heroSlides, type HeroSlideContent } from '../hero-slides.ts';

/** The hero's box: the same size before and after the carousel takes over, so nothing moves. */
export const heroFrameClass = 'rounded-box h-72 w-full min-w-0 overflow-hidden md:h-96';

/**
 * One hero slide. The first is the page's largest paint, so its image is fetched first; the
 * others wait until they are about to show.
 */
export function HeroSlide({
  slide,
  productsPath,
}: {
  slide: HeroSlideContent;
  productsPath: string;
}) {
  const first = slide === heroSlides[0];
  return (
    <div className="relative h-full">
      <img
        src={slide.image}
        alt=""
        className="absolute inset-0 h-full w-full object-cover"
        {...(first ? { fetchPriority: 'high' } : { loading: 'lazy' })}
      />
      <div className="absolute inset-0 flex flex-col items-start justify-center gap-4 bg-black/45 p-8 text-white md:p-14">
        <h2 className="text-3xl font-bold md:text-5xl">{slide.title}</h2>
        <Link to={productsPath} className="btn btn-primary">
          See Products
        </Link>
      </div>
    </div>
  );
}

/**
 * The first slide alone, from the first bundle: what the page shows (and paints as its largest
 * element) until the carousel's code has arrived and replaces it.
 */
export function StaticHero({ productsPath }: { productsPath: string }) {
  return (
    <div className={heroFrameClass}>
      <HeroSlide slide={heroSlides[0]} productsPath={productsPath} />
    </div>
  );
}
