import { FiSidebar } from 'react-icons/fi';
import { NavLink, Outlet } from 'react-router';
import type { Role } from '@reloop/shared';
import { useAuth } from '../../lib/auth.tsx';
import { Navbar } from '../navbar.tsx';
import { RequireAuth } from '../guards.tsx';

/** The dashboard shell: a side drawer whose links depend on the role. */
const drawerLinks: Record<Role, { to: string; label: string }[]> = {
  buyer: [{ to: '/dashboard/orders', label: 'My Orders' }],
  seller: [
    { to: '/dashboard/products', label: 'All Products' },
    { to: '/dashboard/addproduct', label: 'Add Product' },
  ],
  admin: [
    { to: '/dashboard/sellers', label: 'All Sellers' },
    { to: '/dashboard/buyers', label: 'All Buyers' },
    { to: '/dashboard/report', label: 'Reported Products' },
  ],
};

const DRAWER_ID = 'dashboard-drawer';

export function DashboardLayout() {
  const { role } = useAuth();
  const closeDrawer = () => {
    const toggle = document.getElementById(DRAWER_ID);
    if (toggle instanceof HTMLInputElement) toggle.checked = false;
  };
  return (
    <div className="bg-base-100 text-base-content min-h-screen">
      <Navbar />
      <div className="drawer lg:drawer-open">
        <input
          id={DRAWER_ID}
          type="checkbox"
          className="drawer-toggle"
          aria-label="Dashboard menu"
        />
        <div className="drawer-content p-4 lg:p-8">
          <label htmlFor={DRAWER_ID} className="btn btn-outline btn-sm mb-4 gap-2 lg:hidden">
            <FiSidebar aria-hidden="true" /> Dashboard menu
          </label>
          <main>
            <RequireAuth>
              <Outlet />
            </RequireAuth>
          </main>
        </div>
        <div className="drawer-side z-40 lg:z-auto">
          {/* A click outside the drawer closes it; keyboard users have the menu toggle. */}
          <label htmlFor={DRAWER_ID} aria-hidden="true" className="drawer-overlay" />
          <nav aria-label="Dashboard" className="bg-base-200 min-h-full w-64 p-4">
            <ul className="menu w-full gap-1">
              {(role ? drawerLinks[role] : []).map((link) => (
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
