import { Suspense, useState } from 'react';
import { LuPanelLeft } from 'react-icons/lu';
import { NavLink, Outlet } from 'react-router';
import type { Role } from '@reloop/shared';
import { useAuth } from '../../lib/auth.tsx';
import { EmailVerificationBanner } from '../email-verification-banner.tsx';
import { Navbar } from '../navbar.tsx';
import { RequireAuth } from '../guards.tsx';
import { Spinner } from '../spinner.tsx';

/** The dashboard shell: a side drawer whose links depend on the role, then everyone's. */
const drawerLinks: Record<Role, { to: string; label: string }[]> = {
  buyer: [{ to: '/dashboard/orders', label: 'My Orders' }],
  seller: [
    { to: '/dashboard/products', label: 'All Products' },
    { to: '/dashboard/sales', label: 'My Sales' },
    { to: '/dashboard/earnings', label: 'Earnings' },
    { to: '/dashboard/addproduct', label: 'Add Product' },
  ],
  admin: [
    { to: '/dashboard/users', label: 'Users' },
    { to: '/dashboard/sellers', label: 'All Sellers' },
    { to: '/dashboard/buyers', label: 'All Buyers' },
    { to: '/dashboard/report', label: 'Reported Products' },
    { to: '/dashboard/reported-reviews', label: 'Reported Reviews' },
    { to: '/dashboard/complaints', label: 'Complaints' },
    { to: '/dashboard/money', label: 'Money' },
    { to: '/dashboard/requests', label: 'Verification Requests' },
    { to: '/dashboard/bookings', label: 'Orders' },
    { to: '/dashboard/audit', label: 'Audit Log' },
  ],
};
const everyonesLinks = [
  { to: '/dashboard/questions', label: 'Questions' },
  { to: '/dashboard/watching', label: 'Watching' },
  { to: '/dashboard/settings', label: 'Settings' },
];

const DRAWER_ID = 'dashboard-drawer';
const DRAWER_NAV_ID = 'dashboard-nav';

/**
 * On a phone the drawer is off-screen until the menu button opens it; from a large screen up
 * it is always shown. daisyUI drives it from a checkbox, which here mirrors React state so the
 * button (inside <main>, with aria-expanded) is what keyboards and screen readers use.
 */
function DashboardLayout() {
  const { role } = useAuth();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const closeDrawer = () => setDrawerOpen(false);
  return (
    <div className="bg-base-100 text-base-content min-h-screen">
      <Navbar />
      <div className="drawer lg:drawer-open">
        <input
          id={DRAWER_ID}
          type="checkbox"
          className="drawer-toggle"
          checked={drawerOpen}
          onChange={(event) => setDrawerOpen(event.target.checked)}
          tabIndex={-1}
          aria-hidden="true"
        />
        <main className="drawer-content p-4 lg:p-8">
          <button
            type="button"
            className="btn btn-outline btn-sm mb-4 gap-2 lg:hidden"
            aria-controls={DRAWER_NAV_ID}
            aria-expanded={drawerOpen}
            onClick={() => setDrawerOpen((open) => !open)}
          >
            <LuPanelLeft aria-hidden="true" /> Dashboard menu
          </button>
          <RequireAuth>
            <EmailVerificationBanner />
            {/* While a dashboard page's code loads. */}
            <Suspense fallback={<Spinner />}>
              <Outlet />
            </Suspense>
          </RequireAuth>
        </main>
        <div className="drawer-side z-40 lg:z-auto">
          {/* A click outside the drawer closes it. */}
          <label htmlFor={DRAWER_ID} aria-hidden="true" className="drawer-overlay" />
          <nav
            id={DRAWER_NAV_ID}
            aria-label="Dashboard"
            className="bg-base-200 min-h-full w-64 p-4"
            onKeyDown={(event) => {
              if (event.key === 'Escape') closeDrawer();
            }}
          >
            <ul className="menu w-full gap-1">
              {(role ? [...drawerLinks[role], ...everyonesLinks] : []).map((link) => (
                <li key={link.to}>
                  <NavLink to={link.to} onClick={closeDrawer}>
                    {link.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </div>
    </div>
  );
}

/** Loaded lazily as the dashboard's pages are (app/router.tsx). */
export { DashboardLayout as Component };
