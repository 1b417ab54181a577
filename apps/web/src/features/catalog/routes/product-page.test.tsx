import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Booking, Product, ProductDetail } from '@reloop/shared';
import {
  listedProduct,
  listedProductDetail,
  paidBooking,
  unpaidBooking,
} from '../../../testing/fixtures.ts';
import { mockApi, signedInAs, type MockHandler } from '../../../testing/mock-api.ts';
import { renderApp } from '../../../testing/render.tsx';

const listing: ProductDetail = {
  ...listedProductDetail,
  batteryHealth: null,
  sellerRating: { average: 4.5, count: 4 },
};
const { sellerId } = listing;
const listingPath = `/product/${listing._id}`;
const otherListing = (index: number): Product => ({
  ...listedProduct,
  _id: `55555555-5555-4555-8555-55555555555${index}`,
  name: `Other laptop ${index}`,
});

/** The listing's API: the listing itself, and the seller's listings (this one among them). */
function listingRoutes(answer: MockHandler = { body: listing }): Record<string, MockHandler> {
  return {
    [`GET /api/product/${listing._id}`]: answer,
    [`GET /api/search?sellerId=${sellerId}&limit=5`]: {
      body: [otherListing(1), listedProduct, otherListing(2), otherListing(3), otherListing(4)],
    },
  };
}

/**
 * The signed-in buyer's bookings of this listing (GET /api/bookings?productId=), `pages` of them
 * linked one to the next.
 */
function buyerBookings(...pages: Booking[][]): Record<string, MockHandler> {
  return {
    'GET /api/bookings': ({ url }) => {
      expect(url.searchParams.get('email')).toBe('buyer@example.com');
      expect(url.searchParams.get('productId')).toBe(listing._id);
      const page = Number(url.searchParams.get('cursor')?.slice(-1) ?? 0);
      const next = `</api/bookings?email=buyer%40example.com&productId=${listing._id}&limit=24&cursor=00000000-0000-4000-8000-00000000000${page + 1}>; rel="next"`;
      const headers: Record<string, string> = page + 1 < pages.length ? { link: next } : {};
      return { body: pages[page] ?? [], headers };
    },
  };
}

/** A booking of another laptop, or of this one in another state. */
const booking = (index: number, changes: Partial<Booking> = {}): Booking => ({
  ...unpaidBooking,
  _id: `66666666-6666-4666-8666-66666666666${index}`,
  productId: otherListing(index)._id,
  ...changes,
});

describe('listing page', () => {
  it('stands in for the listing while it loads, then shows what a buyer judges it by', async () => {
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    mockApi(listingRoutes(() => answered.then(() => ({ body: listing }))));
    renderApp(listingPath);
    expect(await screen.findByText('Loading the listing')).toBeTruthy();

    answer();
    expect(await screen.findByRole('heading', { level: 1, name: 'ThinkPad T14' })).toBeTruthy();
    expect(document.title).toBe('ThinkPad T14 · Reloop');
    expect(screen.getByText('$549.50')).toBeTruthy();
    expect(screen.getByText('Original price').parentElement?.textContent).toBe(
      'Original price $1,299.00',
    );
    expect(screen.getByText('Good')).toBeTruthy();
    expect(screen.getByText(/Light signs of use/)).toBeTruthy();

    const specs = screen.getByRole('table', { name: 'Specifications' });
    const spec = (name: string) =>
      within(specs).getByRole('rowheader', { name }).nextElementSibling?.textContent;
    expect(spec('Model')).toBe('ThinkPad T14 Gen 2');
    expect(spec('Memory (RAM)')).toBe('16 GB');
    expect(spec('Storage')).toBe('512 GB');
    expect(spec('Battery health')).toBe('Not stated');
    expect(spec('Year of purchase')).toBe('2021');

    // The seller's card: their name leading to their profile, their rating, and up to four other
    // listings, never this one, each linking to its page.
    const seller = screen.getByRole('region', { name: 'Seller' });
    expect(within(seller).getByText('Member since March 2025')).toBeTruthy();
    expect(within(seller).getByText('verified')).toBeTruthy();
    expect(within(seller).getByRole('link', { name: 'Sam Sellers' }).getAttribute('href')).toBe(
      `/seller/${sellerId}`,
    );
    expect(
      within(seller).getByRole('img', { name: 'Rated 4.5 out of 5 from 4 reviews' }),
    ).toBeTruthy();
    const others = await within(seller).findAllByRole('link', { name: /^Other laptop/ });
    expect(others.map((link) => link.getAttribute('href'))).toEqual(
      [1, 2, 3, 4].map((index) => `/product/${otherListing(index)._id}`),
    );
  });

  it("is the app's not-found screen, with a way on, for a listing that is gone", async () => {
    mockApi(listingRoutes({ status: 404, body: { message: 'Product not found' } }));
    renderApp(listingPath);
    expect(await screen.findByRole('heading', { name: '404! Page Not Found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Find another laptop' }).getAttribute('href')).toBe(
      '/search',
    );
    expect(document.title).toBe('Page not found · Reloop');
  });

  it('says when the listing could not be loaded, and tries again when asked', async () => {
    let failing = true;
    mockApi(
      listingRoutes(() =>
        failing
          ? { status: 503, body: { message: 'The database is not reachable' } }
          : { body: listing },
      ),
    );
    renderApp(listingPath);
    expect((await screen.findByRole('alert')).textContent).toContain(
      'The listing could not be loaded: The database is not reachable',
    );
    failing = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'ThinkPad T14' })).toBeTruthy();
  });

  it('offers a visitor "Log in to book", which comes back here after signing in', async () => {
    mockApi({ ...listingRoutes(), 'GET /api/config': { body: { oidc: false } } });
    const { router } = renderApp(listingPath);
    const logIn = await screen.findByRole('link', { name: 'Log in to book' });
    expect(screen.queryByRole('button', { name: 'Book Now' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Report/ })).toBeNull();

    fireEvent.click(logIn);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.state).toMatchObject({ from: { pathname: listingPath } });
  });

  it('offers a buyer Book Now, which opens the booking dialog, and Report', async () => {
    mockApi({ ...signedInAs('buyer'), ...listingRoutes() });
    renderApp(listingPath);
    fireEvent.click(await screen.findByRole('button', { name: 'Book Now' }));
    expect(await screen.findByRole('dialog', { name: 'Book ThinkPad T14' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Report/ })).toHaveProperty('disabled', false);
    expect(screen.queryByRole('link', { name: 'Log in to book' })).toBeNull();
  });

  it('says a sold listing is sold and takes no booking', async () => {
    mockApi({ ...signedInAs('buyer'), ...listingRoutes({ body: { ...listing, status: 'sold' } }) });
    renderApp(listingPath);
    expect(await screen.findByText('Sold: this laptop is no longer for sale.')).toBeTruthy();
    expect(screen.getByText('Sold')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Book Now' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Log in to book' })).toBeNull();
  });

  it('shows a buyer who booked the listing that it is booked, with Pay and My Orders', async () => {
    // They booked and cancelled it often: the booking that stands is on the second page.
    const cancelled = (index: number) =>
      booking(index, { productId: listing._id, status: 'cancelled' });
    mockApi({
      ...signedInAs('buyer'),
      ...listingRoutes(),
      ...buyerBookings([cancelled(1), cancelled(2)], [unpaidBooking]),
    });
    renderApp(listingPath);
    expect(await screen.findByText(/You booked this laptop/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Pay now' }).getAttribute('href')).toBe(
      `/dashboard/payment/${unpaidBooking._id}`,
    );
    expect(screen.getByRole('link', { name: 'My Orders' }).getAttribute('href')).toBe(
      '/dashboard/orders',
    );
    expect(screen.queryByRole('button', { name: 'Book Now' })).toBeNull();
    expect(screen.getByRole('button', { name: /Report/ })).toBeTruthy();
  });

  it('shows the buyer who paid for a sold listing that it is theirs, with no Pay', async () => {
    mockApi({
      ...signedInAs('buyer'),
      ...listingRoutes({ body: { ...listing, status: 'sold' } }),
      ...buyerBookings([paidBooking]),
    });
    renderApp(listingPath);
    expect(await screen.findByText(/You paid for this laptop/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'My Orders' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Pay now' })).toBeNull();
    expect(screen.queryByText('Sold: this laptop is no longer for sale.')).toBeNull();
  });

  it('offers Book Now again when the buyer’s booking of it was cancelled or closed', async () => {
    mockApi({
      ...signedInAs('buyer'),
      ...listingRoutes(),
      ...buyerBookings([
        { ...unpaidBooking, _id: booking(2)._id, status: 'cancelled' },
        { ...unpaidBooking, _id: booking(3)._id, status: 'closed' },
      ]),
    });
    renderApp(listingPath);
    expect(await screen.findByRole('button', { name: 'Book Now' })).toBeTruthy();
    expect(screen.queryByText(/You booked this laptop/)).toBeNull();
  });

  it('shows the listing booked right after booking it, with focus on what to do next', async () => {
    let booked = false;
    mockApi({
      ...signedInAs('buyer'),
      ...listingRoutes(),
      'GET /api/bookings': () => ({ body: booked ? [unpaidBooking] : [] }),
      'POST /api/booking': () => {
        booked = true;
        return {
          status: 201,
          body: { success: true, message: 'booking successfully', _id: unpaidBooking._id },
        };
      },
    });
    renderApp(listingPath);
    fireEvent.click(await screen.findByRole('button', { name: 'Book Now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Book ThinkPad T14' });
    fireEvent.change(within(dialog).getByLabelText('Phone'), { target: { value: '5125550199' } });
    fireEvent.change(within(dialog).getByLabelText('Meeting location'), {
      target: { value: 'Library' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));

    const notice = await screen.findByText(/You booked this laptop/);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByRole('button', { name: 'Book Now' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Pay now' }).getAttribute('href')).toBe(
      `/dashboard/payment/${unpaidBooking._id}`,
    );
    // The button that opened the dialog is gone: focus lands on what took its place.
    await waitFor(() => expect(notice.closest('[tabindex]')).toBe(document.activeElement));
  });
});
