import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ReportedReview } from '@reloop/shared';
import { sellerProfile, shownReview } from '../../../testing/fixtures.ts';
import { mockApi, signedInAs, type MockHandler } from '../../../testing/mock-api.ts';
import { renderApp } from '../../../testing/render.tsx';
import { rowWith } from '../../../testing/rows.ts';

const reported = (index: number, changes: Partial<ReportedReview> = {}): ReportedReview => ({
  ...shownReview,
  _id: `77777777-7777-4777-8777-00000000000${index}`,
  rating: 1,
  text: `Rude review ${index}`,
  subject: { _id: sellerProfile._id, name: 'Sam Sellers', photoURL: '' },
  reportedAt: '2026-11-25T10:00:00.000Z',
  ...changes,
});

const FIRST_PAGE = 'GET /api/reviews/reported?limit=24';

function showReported(routes: Record<string, MockHandler>) {
  const api = mockApi({ ...signedInAs('admin'), ...routes });
  renderApp('/dashboard/reported-reviews');
  return api;
}

describe('reported reviews', () => {
  it('lists each with its stars, words, author, whom it is about and when it was reported', async () => {
    showReported({ [FIRST_PAGE]: { body: [reported(1)] } });
    expect(await screen.findByRole('heading', { name: 'Reported Reviews' })).toBeTruthy();
    await screen.findByText('Rude review 1');
    const row = rowWith('Rude review 1');
    expect(row.getByRole('img', { name: '1 out of 5 stars' })).toBeTruthy();
    expect(row.getByText('ThinkPad T14')).toBeTruthy();
    expect(row.getByText('Bea Buyer')).toBeTruthy();
    expect(row.getByRole('link', { name: 'Sam Sellers' }).getAttribute('href')).toBe(
      `/seller/${sellerProfile._id}`,
    );
    expect(row.getByText('Nov 25, 2026')).toBeTruthy();
    // The admins' menu leads here, next to the reported products.
    const menu = within(screen.getByRole('navigation', { name: 'Dashboard' }));
    expect(menu.getAllByRole('link').map((link) => link.textContent)).toContain('Reported Reviews');
  });

  it('hides a review once confirmed, and the list no longer shows it', async () => {
    let hidden = false;
    const { calls } = showReported({
      [FIRST_PAGE]: () => ({ body: hidden ? [reported(2)] : [reported(1), reported(2)] }),
      [`DELETE /api/reviews/${reported(1)._id}`]: () => {
        hidden = true;
        return { body: { acknowledged: true } };
      },
    });
    await screen.findByText('Rude review 1');
    fireEvent.click(
      rowWith('Rude review 1').getByRole('button', { name: 'Hide the review by Bea Buyer' }),
    );
    const dialog = within(screen.getByRole('dialog', { name: 'Hide the review by Bea Buyer?' }));
    expect(dialog.getByText(/no longer counts in their rating/)).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Hide review' }));

    expect(await screen.findByText('Review hidden')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Rude review 1')).toBeNull());
    expect(screen.getByText('Rude review 2')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(1);
  });

  it('leaves the review when the admin backs out', async () => {
    const { calls } = showReported({ [FIRST_PAGE]: { body: [reported(1)] } });
    await screen.findByText('Rude review 1');
    fireEvent.click(screen.getByRole('button', { name: 'Hide the review by Bea Buyer' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
  });

  it('loads more, following the link the server gave, until there is no more', async () => {
    const secondPage = '/api/reviews/reported?limit=24&cursor=abc';
    showReported({
      [FIRST_PAGE]: { body: [reported(1)], headers: { link: `<${secondPage}>; rel="next"` } },
      [`GET ${secondPage}`]: { body: [reported(2)] },
    });
    await screen.findByText('Rude review 1');
    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByText('Rude review 2')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull());
  });

  it('says when nothing is reported', async () => {
    showReported({ [FIRST_PAGE]: { body: [] } });
    expect(await screen.findByText('No reported reviews')).toBeTruthy();
  });
});
