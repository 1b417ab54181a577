import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { AfterFirstPaint } from '../after-first-paint.tsx';
import { Navbar } from '../navbar.tsx';
import { Spinner } from '../spinner.tsx';

// Below the first screen (see <main>): it and its social icons (2 KB gzip) load after the first
// paint.
const Footer = lazy(() => import('../footer.tsx'));

/**
 * The public shell: navbar, the page (the document's one <main>), footer. The page is at least a
 * screen tall, so the footer never shows on the first screen, and nothing a page loads later
 * (its code, its data) can push it down there.
 */
export function MainLayout() {
  return (
    <div className="bg-base-100 text-base-content">
      <Navbar />
      <main className="min-h-screen">
        {/* While a page's code loads (every page but the home page is loaded when first shown). */}
        <Suspense fallback={<Spinner />}>
          <Outlet />
        </Suspense>
      </main>
      <AfterFirstPaint>
        <Footer />
      </AfterFirstPaint>
    </div>
  );
}
