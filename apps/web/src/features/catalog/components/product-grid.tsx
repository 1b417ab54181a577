import { lazy, Suspense, useState } from 'react';
import type { Product } from '@reloop/shared';
import { ProductCard } from './product-card.tsx';

// The form libraries load only when someone opens a booking, keeping the home page light.
const BookingModal = lazy(() => import('./booking-modal.tsx'));

/** Product cards in a two-column grid; Book Now opens the booking dialog for that product. */
export function ProductGrid({ products }: { products: Product[] }) {
  const [booking, setBooking] = useState<Product | null>(null);
  return (
    <>
      <div className="grid gap-6 md:grid-cols-2">
        {products.map((product) => (
          <ProductCard key={product._id} product={product} onBook={setBooking} />
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
