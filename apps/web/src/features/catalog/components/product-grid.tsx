import { lazy, Suspense, useState } from 'react';
import type { Listing } from '@reloop/shared';
import { ProductCard, type ProductHeadingLevel } from './product-card.tsx';

// The form libraries load only when someone opens a booking, keeping the home page light.
const BookingModal = lazy(() => import('./booking-modal.tsx'));

const gridClass = 'grid gap-6 md:grid-cols-2';
/** The cards of the first row from `md` up (one row on a phone is one card): photos loaded at once. */
const FIRST_ROW = 2;

/**
 * Product cards in a two-column grid; Book Now opens the booking dialog for that product.
 * `headingLevel` is the level of each card's title, one below the heading of the section.
 * `onFirstScreen`: the grid starts on the page's first screen (its first photos are what the
 * page paints largest), so they are not left to lazy loading.
 */
export function ProductGrid({
  products,
  headingLevel,
  onFirstScreen = false,
}: {
  products: Listing[];
  headingLevel: ProductHeadingLevel;
  onFirstScreen?: boolean;
}) {
  const [booking, setBooking] = useState<Listing | null>(null);
  return (
    <>
      <div className={gridClass}>
        {products.map((product, index) => (
          <ProductCard
            key={product._id}
            product={product}
            headingLevel={headingLevel}
            onBook={setBooking}
            imageLoading={onFirstScreen && index < FIRST_ROW ? 'eager' : 'lazy'}
          />
        ))}
      </div>
      {booking && (
        <Suspense fallback={null}>
          <BookingModal product={booking} onClose={() => setBooking(null)} />
        </Suspense>
      )}
    </>
  );
}

/**
 * Stands in for a grid whose first page is loading, about as tall as its cards will be, so what
 * follows does not jump when they arrive.
 */
export function ProductGridPlaceholder({ label }: { label: string }) {
  return (
    <div className={gridClass} role="status" aria-live="polite">
      <span className="sr-only">{label}</span>
      {Array.from({ length: FIRST_ROW * 2 }, (_, index) => (
        <div key={index} className="card border-base-300 border" aria-hidden="true">
          <div className="skeleton aspect-[4/3] rounded-b-none" />
          <div className="card-body gap-3">
            <div className="skeleton h-7 w-3/4" />
            <div className="skeleton h-8 w-1/2" />
            <div className="skeleton h-24" />
            <div className="skeleton h-12" />
            <div className="skeleton ml-auto h-10 w-28" />
          </div>
        </div>
      ))}
    </div>
  );
}
