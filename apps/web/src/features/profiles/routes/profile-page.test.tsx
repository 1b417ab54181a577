import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Profile, Review } from '@reloop/shared';
import { listedProduct, sellerProfile, shownReview } from '../../../testing/fixtures.ts';
import { mockApi, signedInAs, type MockHandler } from '../../../testing/mock-api.ts';
import { renderApp } from '../../../testing/render.tsx';

const profilePath = `/seller/${sellerProfile._id}`;
const REVIEWS = `GET /api/users/${sellerProfile._id}/reviews`;

/** The reviews of the page, a page at a time: `pages` linked one to the next. */
function reviewPages(...pages: Review[][]): MockHandler {
  return ({ url }) => {
    const page = Number(url.searchParams.get('cursor') ?? 0);
    const next = `</api/users/${sellerProfile._id}/reviews?limit=24&cursor=${page + 1}>; rel="next"`;
    const headers: Record<string, string> = page + 1 < pages.length ? { link: next } : {};
    return { body: pages[page] ?? [], headers };
  };
}

const review = (index: number, changes: Partial<Review> = {}): Review => ({
  ...shownReview,
  _id: `77777777-7777-4777-8777-00000000000${index}`,
  text: `Review number ${index}`,
  ...changes,
});

/** The profile's API: `profile`, its reviews, and a seller's listings. */
function profileApi(routes: Record<string, MockHandler> = {}, profile: Profile = sellerProfile) {
  return mockApi({
    [`GET /api/users/${profile._id}/profile`]: { body: profile },
    [`GET /api/users/${profile._id}/reviews`]: { body: [shownReview] },
    'GET /api/search': { body: [listedProduct] },
    ...routes,
  });
}

/** The reviews' part of the page, once the profile is in. */
const findReviews = async () => within(await screen.findByRole('region', { name: 'Reviews' }));

describe('a public profile', () => {
  it('shows who the seller is, their deals, and their rating drawn star by star', async () => {
    const { calls } = profileApi();
    renderApp(profilePath);
    const heading = await screen.findByRole('heading', { level: 1, name: /Sam Sellers/ });
    await waitFor(() => expect(document.title).toBe('Sam Sellers · Reloop'));
    expect(within(heading).getByText('verified')).toBeTruthy();
    expect(screen.getByText('Seller · Member since March 2025')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Rated 4.5 out of 5 from 4 reviews' })).toBeTruthy();
    expect(screen.getByText('7 completed sales')).toBeTruthy();

    const histogram = screen.getByRole('list', { name: 'Reviews by stars' });
    expect(
      within(histogram)
        .getAllByRole('listitem')
        .map((line) => line.textContent),
    ).toEqual(['5 stars: 3', '4 stars: 0', '3 stars: 1', '2 stars: 0', '1 star: 0']);

    // Their listings, as the search finds them, as cards.
    const listings = screen.getByRole('region', { name: 'For sale' });
    expect(await within(listings).findByRole('heading', { name: 'ThinkPad T14' })).toBeTruthy();
    expect(calls.map((call) => call.path)).toContain(
      `/api/search?sellerId=${sellerProfile._id}&limit=24`,
    );
  });

  it('lists the reviews with who wrote them after which deal, and the answer under one', async () => {
    profileApi({
      [REVIEWS]: {
        body: [
          shownReview,
          review(2, {
            rating: 3,
            text: 'Late, but the laptop is fine.',
            author: { _id: '99999999-9999-4999-8999-999999999999', name: 'Max', photoURL: '' },
            createdAt: '2026-11-20T10:00:00.000Z',
            reply: { text: 'Sorry, the bus was late.', createdAt: '2026-11-21T10:00:00.000Z' },
          }),
        ],
      },
    });
    renderApp(profilePath);
    const reviews = within(await screen.findByRole('region', { name: 'Reviews' }));
    const [first, second] = await reviews.findAllByRole('listitem');
    if (!first || !second) throw new Error('two reviews should be listed');
    expect(within(first).getByRole('img', { name: '5 out of 5 stars' })).toBeTruthy();
    expect(within(first).getByText('Exactly as described, and on time.')).toBeTruthy();
    expect(first.textContent).toContain('Bea Buyer bought ThinkPad T14 · Nov 23, 2026');
    expect(within(second).getByRole('img', { name: '3 out of 5 stars' })).toBeTruthy();
    expect(within(second).getByText('Reply from Sam Sellers')).toBeTruthy();
    expect(within(second).getByText('Sorry, the bus was late.')).toBeTruthy();
    // A visitor neither answers nor reports.
    expect(reviews.queryAllByRole('button')).toHaveLength(0);
  });

  it('shows more reviews, following the link the server gave', async () => {
    const { calls } = profileApi({
      [REVIEWS]: reviewPages([review(1), review(2)], [review(3)]),
    });
    renderApp(profilePath);
    const reviews = await findReviews();
    expect(await reviews.findByText('Review number 2')).toBeTruthy();
    expect(reviews.queryByText('Review number 3')).toBeNull();
    fireEvent.click(reviews.getByRole('button', { name: 'Show more' }));
    expect(await reviews.findByText('Review number 3')).toBeTruthy();
    await waitFor(() => expect(reviews.queryByRole('button', { name: 'Show more' })).toBeNull());
    // The first page may be asked twice (prefetched, then fresh on mount: tests keep nothing).
    const asked = calls.filter((call) => call.path.includes('/reviews')).map((call) => call.path);
    expect([...new Set(asked)]).toEqual([
      `/api/users/${sellerProfile._id}/reviews?limit=24`,
      `/api/users/${sellerProfile._id}/reviews?limit=24&cursor=1`,
    ]);
  });

  it('says a buyer with no reviews has none yet, with their purchases and no listings', async () => {
    const buyer: Profile = {
      ...sellerProfile,
      _id: '88888888-8888-4888-8888-888888888888',
      name: 'Bea Buyer',
      verified: false,
      role: 'buyer',
      rating: { average: null, count: 0, histogram: [0, 0, 0, 0, 0] },
      completedSales: 0,
      completedPurchases: 1,
    };
    const { calls } = profileApi({ [`GET /api/users/${buyer._id}/reviews`]: { body: [] } }, buyer);
    renderApp(`/seller/${buyer._id}`);
    expect(await screen.findByText('No reviews yet')).toBeTruthy();
    expect(screen.getByText('Buyer · Member since March 2025')).toBeTruthy();
    expect(screen.getByText('1 completed purchase')).toBeTruthy();
    expect(screen.queryByRole('img', { name: /^Rated/ })).toBeNull();
    expect(screen.queryByRole('list', { name: 'Reviews by stars' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'For sale' })).toBeNull();
    expect(calls.some((call) => call.path.startsWith('/api/search'))).toBe(false);
  });

  it('says plainly when there is nobody at the address', async () => {
    mockApi({
      [`GET /api/users/${sellerProfile._id}/profile`]: {
        status: 404,
        body: { message: 'Profile not found' },
      },
      [REVIEWS]: { status: 404, body: { message: 'Profile not found' } },
    });
    renderApp(profilePath);
    expect(await screen.findByRole('heading', { name: 'Profile not found' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Profile not found · Reloop'));
    expect(screen.getByRole('link', { name: 'Find a laptop' }).getAttribute('href')).toBe(
      '/search',
    );
  });

  it("shows the server's message when the reviews cannot be loaded", async () => {
    profileApi({ [REVIEWS]: { status: 500, body: { message: 'The database is not answering' } } });
    renderApp(profilePath);
    const reviews = await findReviews();
    expect(await reviews.findByText('The database is not answering')).toBeTruthy();
    expect(reviews.queryByText('No reviews yet')).toBeNull();
  });
});

describe('the reviewed person on their profile', () => {
  it('answers a review once, and sees the answer under it', async () => {
    let replied = false;
    const reply = { text: 'Thank you, enjoy it!', createdAt: '2026-11-24T10:00:00.000Z' };
    const { calls } = profileApi({
      ...signedInAs('seller', { uid: sellerProfile._id }),
      [REVIEWS]: () => ({ body: [replied ? { ...shownReview, reply } : shownReview] }),
      [`POST /api/reviews/${shownReview._id}/reply`]: () => {
        replied = true;
        return { status: 201, body: { ...shownReview, reply } };
      },
    });
    renderApp(profilePath);
    const reviews = await findReviews();
    // A review of them, not by them: they may report it too.
    expect(
      await reviews.findByRole('button', { name: 'Report the review by Bea Buyer' }),
    ).toBeTruthy();
    fireEvent.click(reviews.getByRole('button', { name: 'Reply to Bea Buyer' }));
    const text = await reviews.findByRole('textbox', { name: 'Your reply to Bea Buyer' });
    fireEvent.change(text, { target: { value: '  Thank you, enjoy it!  ' } });
    fireEvent.click(reviews.getByRole('button', { name: 'Post reply' }));

    expect(await screen.findByText('Reply posted')).toBeTruthy();
    expect(await reviews.findByText('Thank you, enjoy it!')).toBeTruthy();
    expect(reviews.getByText('Reply from Sam Sellers')).toBeTruthy();
    expect(reviews.queryByRole('button', { name: /Reply/ })).toBeNull();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      { text: 'Thank you, enjoy it!' },
    ]);
  });

  it('asks for words before sending, and shows a refusal under the answer', async () => {
    const { calls } = profileApi({
      ...signedInAs('seller', { uid: sellerProfile._id }),
      [`POST /api/reviews/${shownReview._id}/reply`]: {
        status: 409,
        body: { message: 'You already answered this review' },
      },
    });
    renderApp(profilePath);
    const reviews = await findReviews();
    fireEvent.click(await reviews.findByRole('button', { name: 'Reply to Bea Buyer' }));
    const text = await reviews.findByRole('textbox', { name: 'Your reply to Bea Buyer' });
    fireEvent.click(reviews.getByRole('button', { name: 'Post reply' }));
    expect(await reviews.findByText('Your reply to Bea Buyer is required')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    fireEvent.change(text, { target: { value: 'Thanks' } });
    fireEvent.click(reviews.getByRole('button', { name: 'Post reply' }));
    expect((await reviews.findByRole('alert')).textContent).toBe(
      'You already answered this review',
    );
    expect(text).toHaveProperty('value', 'Thanks');
  });
});

describe('reporting a review', () => {
  it('lets a signed-in reader report a review, once', async () => {
    const { calls } = profileApi({
      ...signedInAs('buyer'),
      [`POST /api/reviews/${shownReview._id}/report`]: { body: { acknowledged: true } },
    });
    renderApp(profilePath);
    const reviews = await findReviews();
    fireEvent.click(await reviews.findByRole('button', { name: 'Report the review by Bea Buyer' }));
    expect(await screen.findByText('Review reported')).toBeTruthy();
    expect(reviews.getByRole('button', { name: 'Reported' })).toHaveProperty('disabled', true);
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
      `/api/reviews/${shownReview._id}/report`,
    ]);
    // Only the reviewed person answers.
    expect(reviews.queryByRole('button', { name: /Reply/ })).toBeNull();
  });

  it('offers its author no report', async () => {
    profileApi(signedInAs('buyer', { uid: shownReview.author._id }));
    renderApp(profilePath);
    const reviews = await findReviews();
    expect(await reviews.findByText('Exactly as described, and on time.')).toBeTruthy();
    expect(reviews.queryByRole('button')).toBeNull();
  });
});
