import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useNavigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Category } from '@reloop/shared';
import { AppRoutes } from '../../../app/router.tsx';
import { listedProduct } from '../../../testing/fixtures.ts';
import { mockApi, type MockHandler, type RecordedCall } from '../../../testing/mock-api.ts';
import { renderApp } from '../../../testing/render.tsx';

const categoryId = listedProduct.categoryId;
const categories: Category[] = [
  { _id: categoryId, category: 'Lenovo', image: '/api/images/lenovo.jpg' },
];

function searchApi(search: MockHandler = { body: [listedProduct] }) {
  return mockApi({
    'GET /api/productcategory': { body: categories },
    'GET /api/search': search,
  });
}

/** The query of every search asked for so far, as parameters. */
const searches = (calls: RecordedCall[]) =>
  calls
    .filter((call) => call.path.startsWith('/api/search?'))
    .map((call) => Object.fromEntries(new URL(call.path, 'http://localhost').searchParams));

/** The app, with a Back button as the browser has, and a button to open each of `links`. */
function renderWithBack(path: string, links: string[] = []) {
  function BrowserBack() {
    const navigate = useNavigate();
    return (
      <>
        <button type="button" onClick={() => void navigate(-1)}>
          Browser back
        </button>
        {links.map((link) => (
          <button key={link} type="button" onClick={() => void navigate(link)}>
            Open {link}
          </button>
        ))}
      </>
    );
  }
  const routes = [
    {
      path: '*',
      element: (
        <>
          <BrowserBack />
          <AppRoutes />
        </>
      ),
    },
  ];
  return renderApp(path, { routes });
}

const field = (label: string) => screen.getByLabelText<HTMLInputElement>(label);

describe('search page', () => {
  it('asks for the search the URL holds, and shows it in the form', async () => {
    const { calls } = searchApi();
    renderApp(
      `/search?q=thinkpad&categoryId=${categoryId}&minPrice=300&maxPrice=900&minRamGb=16` +
        '&minStorageGb=512&condition=excellent&verified=true&location=Austin&sort=price_asc',
    );
    expect(await screen.findByRole('heading', { name: 'ThinkPad T14' })).toBeTruthy();
    expect(searches(calls)).toEqual([
      {
        q: 'thinkpad',
        categoryId,
        minPrice: '300',
        maxPrice: '900',
        minRamGb: '16',
        minStorageGb: '512',
        condition: 'excellent',
        verified: 'true',
        location: 'Austin',
        sort: 'price_asc',
        limit: '24',
      },
    ]);
    expect(field('Words').value).toBe('thinkpad');
    await waitFor(() => expect(field('Category').value).toBe(categoryId));
    expect(field('Min price ($)').value).toBe('300');
    expect(field('Max price ($)').value).toBe('900');
    expect(field('Minimum RAM').value).toBe('16');
    expect(field('Minimum storage').value).toBe('512');
    expect(screen.getByRole('radio', { name: 'Excellent' })).toHaveProperty('checked', true);
    expect(screen.getByRole('checkbox', { name: 'Verified sellers only' })).toHaveProperty(
      'checked',
      true,
    );
    expect(field('Location').value).toBe('Austin');
    expect(field('Sort by').value).toBe('price_asc');
    expect(screen.getByRole('heading', { name: 'Results for “thinkpad”' })).toBeTruthy();
    expect(document.title).toBe('thinkpad · Search · Reloop');
  });

  it('puts every change in the URL as a new entry, so Back undoes it', async () => {
    const { calls } = searchApi();
    const { router } = renderWithBack('/search?q=thinkpad');
    await screen.findByRole('heading', { name: 'ThinkPad T14' });

    // A choice searches at once, with what is typed but not yet searched.
    fireEvent.change(field('Max price ($)'), { target: { value: '800' } });
    fireEvent.change(field('Minimum RAM'), { target: { value: '32' } });
    await waitFor(() =>
      expect(router.state.location.search).toBe('?q=thinkpad&maxPrice=800&minRamGb=32'),
    );
    fireEvent.click(screen.getByRole('radio', { name: 'Fair' }));
    await waitFor(() => expect(router.state.location.search).toContain('condition=fair'));

    // Typed text waits for the form to be sent.
    fireEvent.change(field('Words'), { target: { value: 'x1 carbon' } });
    expect(router.state.location.search).toContain('q=thinkpad');
    const form = screen.getByRole('search', { name: 'Search and filters' });
    fireEvent.click(within(form).getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(router.state.location.search).toBe(
        '?q=x1+carbon&maxPrice=800&minRamGb=32&condition=fair',
      ),
    );
    await waitFor(() =>
      expect(searches(calls).at(-1)).toEqual({
        q: 'x1 carbon',
        maxPrice: '800',
        minRamGb: '32',
        condition: 'fair',
        limit: '24',
      }),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Browser back' }));
    await waitFor(() => expect(router.state.location.search).toContain('q=thinkpad'));
    expect(field('Words').value).toBe('thinkpad');
    expect(screen.getByRole('radio', { name: 'Fair' })).toHaveProperty('checked', true);
    fireEvent.click(screen.getByRole('button', { name: 'Browser back' }));
    await waitFor(() =>
      expect(screen.getByRole('radio', { name: 'Any condition' })).toHaveProperty('checked', true),
    );
    expect(field('Minimum RAM').value).toBe('32');
  });

  it('keeps a price typed while the last choice was on its way, until the URL changes that price', async () => {
    searchApi();
    const chosen = '/search?q=thinkpad&minRamGb=16';
    const linked = '/search?q=thinkpad&maxPrice=500';
    renderWithBack('/search?q=thinkpad', [chosen, linked]);
    await screen.findByRole('heading', { name: 'ThinkPad T14' });

    // The URL of a choice made before the price was typed arrives after it.
    fireEvent.change(field('Max price ($)'), { target: { value: '800' } });
    fireEvent.click(screen.getByRole('button', { name: `Open ${chosen}` }));
    await waitFor(() => expect(field('Minimum RAM').value).toBe('16'));
    expect(field('Max price ($)').value).toBe('800');
    expect(field('Words').value).toBe('thinkpad');

    // A URL with its own price (Back, a link) shows that price.
    fireEvent.click(screen.getByRole('button', { name: `Open ${linked}` }));
    await waitFor(() => expect(field('Max price ($)').value).toBe('500'));
    expect(field('Minimum RAM').value).toBe('');
  });

  it("filters by the seller's rating, in the URL like every filter", async () => {
    const { calls } = searchApi();
    const { router } = renderApp('/search?q=thinkpad&minRating=4');
    await screen.findByRole('heading', { name: 'ThinkPad T14' });
    const rating = field('Seller rating');
    expect(
      within(rating)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Any', '4 stars and up', '3 stars and up']);
    expect(rating.value).toBe('4');
    expect(searches(calls)).toEqual([{ q: 'thinkpad', minRating: '4', limit: '24' }]);

    fireEvent.change(rating, { target: { value: '3' } });
    await waitFor(() => expect(router.state.location.search).toBe('?q=thinkpad&minRating=3'));
    await waitFor(() =>
      expect(searches(calls).at(-1)).toEqual({ q: 'thinkpad', minRating: '3', limit: '24' }),
    );
    fireEvent.change(rating, { target: { value: '' } });
    await waitFor(() => expect(router.state.location.search).toBe('?q=thinkpad'));
  });

  it('offers to clear the filters, keeping the words, when nothing matches', async () => {
    const { calls } = searchApi(({ url }) => ({
      body: url.searchParams.has('minRamGb') ? [] : [listedProduct],
    }));
    const { router } = renderApp('/search?q=thinkpad&minRamGb=32&verified=true&sort=price_desc');
    expect(await screen.findByText('No laptops match')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=thinkpad&sort=price_desc'));
    expect(await screen.findByRole('heading', { name: 'ThinkPad T14' })).toBeTruthy();
    expect(searches(calls).at(-1)).toEqual({ q: 'thinkpad', sort: 'price_desc', limit: '24' });
    // Focus is not lost with the button that went away.
    expect(document.activeElement).toBe(
      screen.getByRole('heading', { name: 'Results for “thinkpad”' }),
    );
  });

  it('says which words it searched when the ones typed matched nothing, and how many match', async () => {
    searchApi({
      body: [listedProduct],
      headers: {
        'X-Corrected-Query': 'thinkpad%20carbon',
        'X-Result-Count': '12000',
        'X-Result-Count-Approximate': 'true',
      },
    });
    renderApp('/search?q=thinkpd%20carbn');
    expect(await screen.findByRole('heading', { name: 'ThinkPad T14' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Results for “thinkpd carbn”' })).toBeTruthy();
    expect(screen.getByText(/^Showing results for/).textContent).toBe(
      'Showing results for “thinkpad carbon”',
    );
    expect(screen.getByText('About 12,000 listings')).toBeTruthy();
  });

  it.each([
    ['3', '3 listings'],
    ['1', '1 listing'],
  ])('shows an exact count as it is: %s', async (count, text) => {
    searchApi({ body: [listedProduct], headers: { 'X-Result-Count': count } });
    renderApp('/search?q=thinkpad');
    expect(await screen.findByText(text)).toBeTruthy();
    expect(screen.queryByText(/^About/)).toBeNull();
    expect(screen.queryByText(/^Showing results for/)).toBeNull();
  });

  it('offers to search without the words, keeping the filters', async () => {
    searchApi(({ url }) => ({ body: url.searchParams.has('q') ? [] : [listedProduct] }));
    const { router } = renderApp('/search?q=zzz&minRamGb=16');
    fireEvent.click(await screen.findByRole('button', { name: 'Search without “zzz”' }));
    await waitFor(() => expect(router.state.location.search).toBe('?minRamGb=16'));
    expect(await screen.findByRole('heading', { name: 'ThinkPad T14' })).toBeTruthy();
  });

  it("shows the API's message for a filter next to that filter", async () => {
    searchApi({
      status: 400,
      body: {
        message: 'Invalid request',
        errors: [
          {
            path: 'querystring.minPrice',
            message: 'must be an amount in dollars, like 800 or 799.99',
          },
        ],
      },
    });
    renderApp('/search?minPrice=cheap');
    expect(
      await screen.findByText('Min price ($) must be an amount in dollars, like 800 or 799.99'),
    ).toBeTruthy();
    const minPrice = field('Min price ($)');
    expect(minPrice.getAttribute('aria-invalid')).toBe('true');
    expect(minPrice.value).toBe('cheap');
    // Unfolded on a phone, where the filters are otherwise behind their button.
    expect(screen.getByRole('button', { name: /Filters/ }).getAttribute('aria-expanded')).toBe(
      'true',
    );
  });
});
