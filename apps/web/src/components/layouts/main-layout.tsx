import { Outlet } from 'react-router';
import { Footer } from '../footer.tsx';
import { Navbar } from '../navbar.tsx';

/** The public shell: navbar, the page (the document's one <main>), footer. */
export function MainLayout() {
  return (
    <div className="bg-base-100 text-base-content flex min-h-screen flex-col">
      <Navbar />
      <main className="flex-1">
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
