import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '@reloop/shared/messages';
import { mockApi } from '../../../testing/mock-api.ts';
import { renderApp } from '../../../testing/render.tsx';

const TOKEN = 'user-1.messages.c2lnbmVk';
const ROUTE = `POST /api/auth/unsubscribe?token=${TOKEN}`;

describe('unsubscribe', () => {
  it('changes nothing when opened (mail scanners open links), only with the button', async () => {
    const { calls } = mockApi({ [ROUTE]: { body: { preference: 'messages' } } });
    renderApp(`/unsubscribe?token=${TOKEN}`, { strict: true });
    const button = await screen.findByRole('button', { name: 'Unsubscribe' });
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    fireEvent.click(button);
    const done = await screen.findByRole('status');
    expect(done.textContent).toContain('you will no longer get emails about new messages');
    expect(within(done).getByRole('link', { name: 'Settings' })).toHaveProperty(
      'pathname',
      '/dashboard/settings',
    );
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).toBeNull();
    const posted = calls.filter((call) => call.method === 'POST');
    expect(posted.map((call) => call.path)).toEqual([`/api/auth/unsubscribe?token=${TOKEN}`]);
    expect(posted[0]?.headers.get('authorization')).toBeNull();
  });

  it('names each kind of email it turned off', async () => {
    mockApi({ [ROUTE]: { body: { preference: 'savedSearches' } } });
    renderApp(`/unsubscribe?token=${TOKEN}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Unsubscribe' }));
    expect((await screen.findByRole('status')).textContent).toContain(
      'no longer get emails about your saved searches',
    );
  });

  it("shows the API's word for a link it did not sign, and lets the user try again", async () => {
    mockApi({ [ROUTE]: { status: 400, body: { message: messages.unsubscribeLinkNotValid } } });
    renderApp(`/unsubscribe?token=${TOKEN}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByText(messages.unsubscribeLinkNotValid)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Unsubscribe' })).toHaveProperty('disabled', false);
  });

  it('says so when the address has no token', async () => {
    const { calls } = mockApi({});
    renderApp('/unsubscribe');
    expect((await screen.findByRole('alert')).textContent).toContain(
      'This page needs the unsubscribe link',
    );
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).toBeNull();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });
});
