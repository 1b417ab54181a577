import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, signedInAs, type MockHandler } from '../../../testing/mock-api.ts';
import { renderApp } from '../../../testing/render.tsx';

const searchPath = '/search?q=thinkpad&maxPrice=600&verified=true';

/** A search page with no results and no categories: the save button is what is tested. */
const searchRoutes: Record<string, MockHandler> = {
  'GET /api/productcategory': { body: [] },
  'GET /api/search': { body: [] },
};

const saved = {
  _id: '77777777-7777-4777-8777-777777777777',
  name: 'Cheap ThinkPads',
  query: { q: 'thinkpad', maxPrice: '600', verified: 'true', sort: 'newest' },
  createdAt: '2026-11-28T10:00:00.000Z',
};

describe('Save this search', () => {
  it("asks for a name, the search's words to start with, and saves the search's terms", async () => {
    const { calls } = mockApi({
      ...signedInAs('buyer'),
      ...searchRoutes,
      'POST /api/saved-searches': { status: 201, body: saved },
    });
    renderApp(searchPath);
    fireEvent.click(await screen.findByRole('button', { name: 'Save this search' }));
    const name = screen.getByRole('textbox', { name: 'Name this search' });
    expect((name as HTMLInputElement).value).toBe('thinkpad');
    fireEvent.change(name, { target: { value: 'Cheap ThinkPads' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.queryByRole('textbox', { name: 'Name this search' })).toBeNull(),
    );
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      q: 'thinkpad',
      maxPrice: '600',
      verified: 'true',
      sort: 'newest',
      name: 'Cheap ThinkPads',
    });
    expect(await screen.findByText(/Search saved/)).toBeTruthy();
  });

  it("keeps the form, and says the server's reason, when the search is not saved", async () => {
    mockApi({
      ...signedInAs('buyer'),
      ...searchRoutes,
      'POST /api/saved-searches': {
        status: 409,
        body: {
          message: 'You have 50 saved searches, the most there can be: delete one first',
        },
      },
    });
    renderApp(searchPath);
    fireEvent.click(await screen.findByRole('button', { name: 'Save this search' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/the most there can be/)).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Name this search' })).toBeTruthy();
  });

  it('takes a visitor to log in, and comes back to the same search', async () => {
    mockApi(searchRoutes);
    const { router } = renderApp(searchPath);
    fireEvent.click(await screen.findByRole('link', { name: 'Log in to save this search' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.state).toMatchObject({
      from: { pathname: '/search', search: '?q=thinkpad&maxPrice=600&verified=true' },
    });
  });
});
