import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, signedInAs } from '../testing/mock-api.ts';
import { renderApp } from '../testing/render.tsx';

describe('the navbar Dashboard link', () => {
  it.each([
    ['seller', '/dashboard/products'],
    ['admin', '/dashboard/sellers'],
    ['buyer', '/dashboard/orders'],
  ] as const)(
    'takes a %s to their own landing page even when clicked before the role is known',
    async (role, landing) => {
      const session = signedInAs(role);
      let answerRole: () => void = () => undefined;
      const roleLookup = new Promise<void>((resolve) => (answerRole = resolve));
      const roleRoute = `GET /api/user/checkrole/${encodeURIComponent(`${role}@example.com`)}`;
      mockApi({
        ...session,
        // The role lookup is held until after the click, as on a busy network.
        [roleRoute]: () => roleLookup.then(() => ({ body: { role } })),
        'GET /api/productcategory': { body: [] },
        'GET /api/advertise/products': { body: [] },
      });
      const { router } = renderApp('/');
      const [dashboardLink] = await screen.findAllByRole('link', { name: 'Dashboard' });
      if (!dashboardLink) throw new Error('no Dashboard link');
      fireEvent.click(dashboardLink);
      // While the role is unknown it waits on /dashboard rather than guessing a page.
      await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
      expect(screen.getByText('Loading')).toBeTruthy();

      answerRole();
      await waitFor(() => expect(router.state.location.pathname).toBe(landing));
    },
  );
});

describe('the navbar search box', () => {
  it.each([
    ['thinkpad x1', '?q=thinkpad+x1'],
    ['  ', ''],
  ])('sends "%s" to the search page', async (words, search) => {
    mockApi({
      'GET /api/productcategory': { body: [] },
      'GET /api/advertise/products': { body: [] },
      'GET /api/search': { body: [] },
    });
    const { router } = renderApp('/blog');
    const box = await screen.findByRole('searchbox', { name: 'Search laptops' });
    fireEvent.change(box, { target: { value: words } });
    const siteSearch = screen.getByRole('search', { name: 'Site search' });
    fireEvent.click(within(siteSearch).getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/search'));
    expect(router.state.location.search).toBe(search);
  });
});
