import { lazy, Suspense } from 'react';
import { Spinner } from '../../../components/spinner.tsx';
import { useAdvertisedProducts } from '../api/get-advertised-products.ts';

// Product cards (and their booking dialog) load only when there is something to advertise.
const ProductGrid = lazy(async () => ({
  default: (await import('./product-grid.tsx')).ProductGrid,
}));

/** The home page's advertised section; it is left out entirely while there is nothing to show. */
export function AdvertisedProducts() {
  const advertised = useAdvertisedProducts();
  if (!advertised.data || advertised.data.length === 0) return null;
  return (
    <section aria-labelledby="advertised-title" className="mx-auto max-w-7xl px-4 py-10">
      <h2 id="advertised-title" className="mb-6 text-3xl font-bold">
        Advertised products
      </h2>
      <Suspense fallback={<Spinner />}>
        <ProductGrid products={advertised.data} headingLevel={3} />
      </Suspense>
    </section>
  );
}
