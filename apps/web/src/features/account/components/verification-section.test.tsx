import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { VerificationRequest } from '@reloop/shared';
import { mockApi, signedInAs, testUser, type MockHandler } from '../../../testing/mock-api.ts';
import { renderApp } from '../../../testing/render.tsx';

const MINE = 'GET /api/verification-requests/mine';

const request = (changes: Partial<VerificationRequest> = {}): VerificationRequest => ({
  _id: '88888888-8888-4888-8888-000000000001',
  seller: { _id: testUser('seller').uid, name: 'Test seller', email: 'seller@example.com' },
  note: 'I run a repair shop',
  status: 'pending',
  createdAt: '2026-11-25T10:00:00.000Z',
  decidedAt: null,
  ...changes,
});

const allEmailsOn = {
  bookings: true,
  messages: true,
  reviews: true,
  watchlist: true,
  savedSearches: true,
};

function showVerification(routes: Record<string, MockHandler>) {
  const api = mockApi({
    ...signedInAs('seller'),
    'GET /api/auth/notifications': { body: allEmailsOn },
    ...routes,
  });
  renderApp('/dashboard/settings');
  return api;
}

/** The Verification section of the seller's Settings. */
const section = async () => within(await screen.findByRole('region', { name: 'Verification' }));

describe("the seller's verification, in Settings", () => {
  it('asks to be verified with a note, then shows the request waiting', async () => {
    const { calls } = showVerification({
      [MINE]: { body: { verified: false, request: null } },
      'POST /api/verification-requests': ({ body }) => ({
        status: 201,
        body: request({ note: (body as { note?: string }).note ?? '' }),
      }),
    });
    const verification = await section();
    const form = within(await verification.findByRole('form', { name: 'Ask to be verified' }));
    fireEvent.change(form.getByLabelText('Note for the admins (optional)'), {
      target: { value: '  I run a repair shop ' },
    });
    fireEvent.click(form.getByRole('button', { name: 'Ask to be verified' }));

    expect(await verification.findByRole('heading', { name: 'Waiting for an admin' })).toBeTruthy();
    expect(verification.getByText('Nov 25, 2026')).toBeTruthy();
    expect(verification.getByText('Your note: I run a repair shop')).toBeTruthy();
    expect(verification.queryByRole('button', { name: 'Ask to be verified' })).toBeNull();
    expect(calls.filter((call) => call.method === 'POST')).toMatchObject([
      { path: '/api/verification-requests', body: { note: 'I run a repair shop' } },
    ]);
    expect(document.title).toBe('Settings · Reloop');
  });

  it('asks without a note', async () => {
    const { calls } = showVerification({
      [MINE]: { body: { verified: false, request: null } },
      'POST /api/verification-requests': { status: 201, body: request({ note: '' }) },
    });
    const verification = await section();
    fireEvent.click(await verification.findByRole('button', { name: 'Ask to be verified' }));
    expect(await verification.findByRole('heading', { name: 'Waiting for an admin' })).toBeTruthy();
    expect(verification.queryByText(/Your note/)).toBeNull();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({});
  });

  it('shows a waiting request without the form', async () => {
    showVerification({ [MINE]: { body: { verified: false, request: request() } } });
    const verification = await section();
    expect(await verification.findByRole('heading', { name: 'Waiting for an admin' })).toBeTruthy();
    expect(verification.getByText(/You asked to be verified on/)).toBeTruthy();
    expect(verification.queryByRole('form')).toBeNull();
  });

  it('says so when the seller is verified', async () => {
    showVerification({
      [MINE]: { body: { verified: true, request: request({ status: 'approved' }) } },
    });
    const verification = await section();
    expect(await verification.findByText('You are a verified seller.')).toBeTruthy();
    expect(verification.queryByRole('form')).toBeNull();
  });

  it('tells of a declined request and lets the seller ask again', async () => {
    showVerification({
      [MINE]: {
        body: {
          verified: false,
          request: request({ status: 'declined', decidedAt: '2026-11-26T10:00:00.000Z' }),
        },
      },
    });
    const verification = await section();
    expect(
      await verification.findByText(
        'An admin declined your request on Nov 26, 2026. You can ask again.',
      ),
    ).toBeTruthy();
    expect(verification.getByRole('button', { name: 'Ask to be verified' })).toBeTruthy();
  });

  it("shows the server's message when asking is refused, keeping the note", async () => {
    showVerification({
      [MINE]: { body: { verified: false, request: null } },
      'POST /api/verification-requests': {
        status: 409,
        body: { message: 'Your request is already waiting for an admin' },
      },
    });
    const verification = await section();
    const note = await verification.findByLabelText('Note for the admins (optional)');
    fireEvent.change(note, { target: { value: 'Shop since 2019' } });
    fireEvent.click(verification.getByRole('button', { name: 'Ask to be verified' }));
    expect((await verification.findByRole('alert')).textContent).toBe(
      'Your request is already waiting for an admin',
    );
    expect((note as HTMLTextAreaElement).value).toBe('Shop since 2019');
  });

  it("shows the server's message when the state cannot load", async () => {
    showVerification({ [MINE]: { status: 500, body: { message: 'Database unavailable' } } });
    const verification = await section();
    expect((await verification.findByRole('alert')).textContent).toBe('Database unavailable');
  });

  it("is not in anyone else's Settings, which never ask for a state", async () => {
    const { calls } = mockApi({
      ...signedInAs('buyer'),
      'GET /api/auth/notifications': { body: allEmailsOn },
    });
    renderApp('/dashboard/settings');
    await screen.findByRole('heading', { name: 'Settings' });
    await screen.findByRole('region', { name: 'Email notifications' }).catch(() => undefined);
    expect(screen.queryByRole('region', { name: 'Verification' })).toBeNull();
    expect(calls.some((call) => call.path.startsWith('/api/verification-requests'))).toBe(false);
  });
});
