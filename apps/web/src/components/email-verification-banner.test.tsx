import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '@reloop/shared/messages';
import { mockApi, signedInAs, testUser, type MockHandler } from '../testing/mock-api.ts';
import { renderApp } from '../testing/render.tsx';

const orders = { 'GET /api/bookings': { body: [] } };
const PROMPT = /Please confirm your email address/;

async function openDashboard(resend: MockHandler, me?: MockHandler) {
  const api = mockApi({
    ...signedInAs('buyer', { emailVerified: false }),
    ...(me ? { 'GET /api/auth/me': me } : {}),
    ...orders,
    'POST /api/auth/verify-email/resend': resend,
  });
  renderApp('/dashboard/orders');
  const banner = await screen.findByText(PROMPT);
  expect(banner.textContent).toContain('buyer@example.com');
  fireEvent.click(screen.getByRole('button', { name: 'Send the link again' }));
  return api;
}

describe('email verification banner', () => {
  it('is not there for a confirmed address', async () => {
    mockApi({ ...signedInAs('buyer'), ...orders });
    renderApp('/dashboard/orders');
    expect(await screen.findByText('No Orders found')).toBeTruthy();
    expect(screen.queryByText(PROMPT)).toBeNull();
  });

  it('sends the link again and says so', async () => {
    const { calls } = await openDashboard({ status: 202, body: {} });
    expect(await screen.findByText('Sent: look in your inbox.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send the link again' })).toBeNull();
    const resent = calls.filter((call) => call.path === '/api/auth/verify-email/resend');
    expect(resent.map((call) => call.headers.get('authorization'))).toEqual([
      'Bearer token-of-buyer',
    ]);
  });

  it('goes once the server says the address is confirmed already', async () => {
    let reads = 0;
    await openDashboard({ status: 409, body: { message: messages.emailAlreadyVerified } }, () => {
      reads += 1;
      return { body: { user: testUser('buyer', { emailVerified: reads > 1 }) } };
    });
    await waitFor(() => expect(screen.queryByText(PROMPT)).toBeNull());
    expect(reads).toBe(2);
  });

  it("shows the API's word when too many links were asked for, and can try again", async () => {
    await openDashboard({ status: 429, body: { message: messages.tooManyAccountEmails } });
    expect(await screen.findByText(messages.tooManyAccountEmails)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send the link again' })).toHaveProperty(
      'disabled',
      false,
    );
  });
});
