import { createContext, lazy, use, useState, type ReactNode } from 'react';
import { FiLogOut, FiMenu, FiMoon, FiSun, FiX } from 'react-icons/fi';
import { Link, NavLink } from 'react-router';
import { uiMessages } from '@reloop/shared/messages';
import { useAuth } from '../lib/auth.tsx';
import { useTheme } from '../lib/theme.ts';
import { AfterFirstPaint } from './after-first-paint.tsx';
import { Logo } from './logo.tsx';

// The search box is the part of the navbar a first look can do without: it arrives after the
// first paint, with a box of its size standing in, and costs the first bundle next to nothing.
const NavbarSearch = lazy(() => import('./navbar-search.tsx'));

/**
 * What the app adds to the navbar for a signed-in user: the notifications bell, from a feature,
 * which shared code does not import.
 */
export const NavbarAccountItems = createContext<ReactNode>(null);

/**
 * Site navigation: links, search, the signed-in user, logout, the mobile menu and the theme
 * toggle. Search is in the bar from `md` up, and a row of its own below it on a phone.
 */
export function Navbar() {
  const { user, signOut } = useAuth();
  const accountItems = use(NavbarAccountItems);
  const { theme, toggleTheme } = useTheme();
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = () => setMenuOpen(false);

  const links = (
    <>
      <li>
        <NavLink to="/" end onClick={closeMenu}>
          Home
        </NavLink>
      </li>
      <li>
        <NavLink to="/blog" onClick={closeMenu}>
          Blog
        </NavLink>
      </li>
      {user && (
        <li>
          <NavLink to="/dashboard" onClick={closeMenu}>
            Dashboard
          </NavLink>
        </li>
      )}
    </>
  );

  return (
    <header className="bg-base-100 border-base-300 sticky top-0 z-30 border-b">
      <nav className="navbar mx-auto max-w-7xl gap-2 px-4 max-md:flex-wrap" aria-label="Main">
        <div className="navbar-start gap-1 max-md:w-auto">
          <button
            type="button"
            className="btn btn-ghost btn-square lg:hidden"
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <FiX size={22} /> : <FiMenu size={22} />}
          </button>
          <Link to="/" className="btn btn-ghost gap-2 px-2 text-xl font-bold" onClick={closeMenu}>
            <Logo className="size-8" />
            <span>Reloop</span>
          </Link>
        </div>
        <div className="navbar-center hidden lg:flex">
          <ul className="menu menu-horizontal gap-1 px-1">{links}</ul>
        </div>
        {/* On a phone, a row of its own under the bar: the bar has no room left. */}
        <div className="max-md:order-last max-md:basis-full max-md:pb-2 md:w-56 xl:w-72">
          <AfterFirstPaint fallback={<div className="input input-sm w-full" aria-hidden="true" />}>
            <NavbarSearch />
          </AfterFirstPaint>
        </div>
        <div className="navbar-end gap-2 max-md:w-auto max-md:flex-1">
          <button
            type="button"
            className="btn btn-ghost btn-circle"
            aria-label={theme === 'dark' ? 'Switch to light mode' : 'Switch to dark mode'}
            onClick={toggleTheme}
          >
            {theme === 'dark' ? <FiSun size={20} /> : <FiMoon size={20} />}
          </button>
          {user ? (
            <>
              {accountItems}
              <span className="hidden font-medium sm:inline">
                {user.displayName || uiMessages.displayNameFallback}
              </span>
              <div className="avatar">
                <div className="bg-base-300 w-9 rounded-full">
                  {user.photoURL ? (
                    <img src={user.photoURL} alt={`${user.displayName || 'User'}'s avatar`} />
                  ) : (
                    <span
                      className="flex h-full items-center justify-center font-bold"
                      aria-hidden="true"
                    >
                      {(user.displayName || user.email).charAt(0).toUpperCase()}
                    </span>
                  )}
                </div>
              </div>
              <button
                type="button"
                className="btn btn-outline btn-sm gap-1"
                onClick={() => void signOut()}
              >
                {/* Its icon alone on a phone, so the bar keeps to one row with the bell in it. */}
                <FiLogOut aria-hidden="true" /> <span className="max-sm:sr-only">Log out</span>
              </button>
            </>
          ) : (
            <Link to="/login" className="btn btn-primary btn-sm">
              Log in
            </Link>
          )}
        </div>
      </nav>
      {menuOpen && (
        <ul id="mobile-menu" className="menu bg-base-100 border-base-300 border-t p-2 lg:hidden">
          {links}
        </ul>
      )}
    </header>
  );
}
