import { Outlet } from 'react-router';
import { Footer } from '../footer.tsx';
import { Navbar } from '../navbar.tsx';

/** The public shell: navbar, page, footer. */
export function MainLayout() {
  return (
    <div className="bg-base-100 text-base-content flex min-h-screen flex-col">
      <Navbar />
      <div className="flex-1">
        <Outlet />
      </div>
      <Footer />
    </div>
  );
}
