import { act, screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useNavigate, type NavigateFunction } from 'react-router';
import { mockApi } from '../testing/mock-api.ts';
import { renderApp } from '../testing/render.tsx';
import { RootLayout } from './root-layout.tsx';

/**
 * The window's scroll, which jsdom does not do: `scrollTo` moves it within the page's `room`
 * (how far the rendered content lets it go), and the user scrolls by `userScrolls`.
 */
let scrollY = 0;
let room = 10_000;
const userScrolls = (y: number) => {
  scrollY = y;
  window.dispatchEvent(new Event('scroll'));
};

let navigate: NavigateFunction;
function Page({ title }: { title: string }) {
  const pageNavigate = useNavigate();
  useEffect(() => {
    navigate = pageNavigate;
  });
  return (
    <>
      <h1>{title}</h1>
      <h2 id="specs">Specifications</h2>
    </>
  );
}

/**
 * The app's root layout around two pages, a search and a listing; once its scroll restoration
 * has loaded, which turns the browser's own off (it would fight it).
 */
async function renderPages(path: string) {
  mockApi({});
  renderApp(path, {
    routes: [
      {
        element: <RootLayout />,
        children: [
          { path: 'search', element: <Page title="Search" /> },
          { path: 'product/:id', element: <Page title="Listing" /> },
        ],
      },
    ],
  });
  await waitFor(() => expect(history.scrollRestoration).toBe('manual'));
}

const go = (to: string | number) =>
  act(async () => {
    await (typeof to === 'number' ? navigate(to) : navigate(to));
  });

beforeEach(() => {
  history.scrollRestoration = 'auto';
  scrollY = 0;
  room = 10_000;
  vi.spyOn(window, 'scrollY', 'get').mockImplementation(() => scrollY);
  vi.spyOn(window, 'scrollTo').mockImplementation(((x: number, y: number) => {
    userScrolls(Math.max(0, Math.min(y, room)));
  }) as typeof window.scrollTo);
});

afterEach(() => {
  vi.restoreAllMocks();
  Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
});

describe('scroll restoration', () => {
  it('opens a new page at the top, and Back and Forward where each page was left', async () => {
    await renderPages('/search');
    await screen.findByRole('heading', { name: 'Search' });

    userScrolls(1200);
    await go('/product/1');
    await screen.findByRole('heading', { name: 'Listing' });
    expect(scrollY).toBe(0);

    userScrolls(300);
    // Back: the search page is short until its results have rendered, then it goes back to 1200.
    room = 0;
    await go(-1);
    await screen.findByRole('heading', { name: 'Search' });
    setTimeout(() => (room = 10_000), 50);
    await waitFor(() => expect(scrollY).toBe(1200));

    await go(1);
    await screen.findByRole('heading', { name: 'Listing' });
    await waitFor(() => expect(scrollY).toBe(300));
  });

  it('stays put when only the query string changes, as filters and pages of results do', async () => {
    await renderPages('/search?q=thinkpad');
    await screen.findByRole('heading', { name: 'Search' });
    userScrolls(800);
    await go('/search?q=thinkpad&sort=price_asc');
    expect(scrollY).toBe(800);
    await go('/product/1');
    expect(scrollY).toBe(0);
  });

  it("scrolls to a hash link's target", async () => {
    const scrollIntoView = vi.fn();
    Element.prototype.scrollIntoView = scrollIntoView;
    await renderPages('/search');
    await screen.findByRole('heading', { name: 'Search' });
    userScrolls(500);
    await go('/product/1#specs');
    await waitFor(() => expect(scrollIntoView).toHaveBeenCalled());
    expect(scrollIntoView.mock.contexts[0]).toBe(document.getElementById('specs'));
  });
});
