import { lazy, Suspense, useState } from 'react';
import type { Product } from '@reloop/shared';
import { ProductCard, type ProductHeadingLevel } from './product-card.tsx';

// The form libraries load only when someone opens a booking, keeping the home page light.
const BookingModal = lazy(() => import('./booking-modal.tsx'));

/**
 * Product cards in a two-column grid; Book Now opens the booking dialog for that product.
 * `headingLevel` is the level of each card's title, one below the heading of the section.
 */
export function ProductGrid({
  products,
  headingLevel,
}: {
  products: Product[];
  headingLevel: ProductHeadingLevel;
}) {
  const [booking, setBooking] = useState<Product | null>(null);
  return (
    <>
      <div className="grid gap-6 md:grid-cols-2">
        {products.map((product) => (
          <ProductCard
            key={product._id}
            product={product}
            headingLevel={headingLevel}
            onBook={setBooking}
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
