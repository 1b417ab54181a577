import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '@reloop/shared/messages';
import { mockApi, signedInAs } from '../../../testing/mock-api.ts';
import { renderApp } from '../../../testing/render.tsx';

const config = { 'GET /api/config': { body: { paymentProvider: 'test', oidc: false } } };
const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('forgot password', () => {
  it('is linked from the login page', async () => {
    mockApi(config);
    const { router } = renderApp('/login');
    fireEvent.click(await screen.findByRole('link', { name: 'Forgot password?' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/forgot-password'));
    expect(await screen.findByRole('heading', { name: 'Forgot password' })).toBeTruthy();
  });

  it('checks the address before sending anything', async () => {
    const { calls } = mockApi({});
    renderApp('/forgot-password');
    fireEvent.click(await screen.findByRole('button', { name: 'Send me a link' }));
    expect(await screen.findByText('Email is required')).toBeTruthy();
    type('Email', 'not-an-email');
    fireEvent.click(screen.getByRole('button', { name: 'Send me a link' }));
    expect(await screen.findByText('Email must be a valid email address')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('says a link went out if an account uses the address, never whether one does', async () => {
    const { calls } = mockApi({ 'POST /api/auth/password-reset': { status: 202, body: {} } });
    renderApp('/forgot-password');
    await screen.findByRole('button', { name: 'Send me a link' });
    type('Email', ' Ada@Example.com ');
    fireEvent.click(screen.getByRole('button', { name: 'Send me a link' }));
    const status = await screen.findByRole('status');
    expect(status.textContent).toContain('If an account uses ada@example.com, we sent it a link');
    expect(status.textContent).toContain('for the next 60 minutes');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      email: 'ada@example.com',
    });
    fireEvent.click(screen.getByRole('button', { name: 'Use another address' }));
    expect(await screen.findByLabelText('Email')).toBeTruthy();
  });

  it('says when too many links were asked for, and keeps the form', async () => {
    mockApi({
      'POST /api/auth/password-reset': {
        status: 429,
        body: { message: messages.tooManyAccountEmails },
        headers: { 'retry-after': '600' },
      },
    });
    renderApp('/forgot-password');
    await screen.findByRole('button', { name: 'Send me a link' });
    type('Email', 'ada@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Send me a link' }));
    expect((await screen.findByRole('alert')).textContent).toBe(messages.tooManyAccountEmails);
    expect(screen.getByLabelText('Email')).toHaveProperty('value', 'ada@example.com');
    expect(screen.queryByText(/we sent it a link/)).toBeNull();
  });
});

describe('reset password', () => {
  const resetRoute = '/reset-password?token=sel.secret';

  it('sets the new password with the link, toasts and goes to the login page', async () => {
    const { calls } = mockApi({
      ...config,
      'POST /api/auth/password-reset/confirm': { status: 204 },
    });
    const { router } = renderApp(resetRoute);
    await screen.findByRole('button', { name: 'Save the new password' });
    type('New password', 'new secret 1');
    type('Repeat the new password', 'new secret 1');
    fireEvent.click(screen.getByRole('button', { name: 'Save the new password' }));
    expect(
      await screen.findByText('Your password is changed: sign in with the new one'),
    ).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      token: 'sel.secret',
      password: 'new secret 1',
    });
  });

  it('signs this device out when it was signed in: the reset ended every session', async () => {
    mockApi({
      ...config,
      ...signedInAs('buyer'),
      'POST /api/auth/password-reset/confirm': { status: 204 },
    });
    const { router } = renderApp(resetRoute);
    await screen.findByRole('button', { name: 'Log out' });
    type('New password', 'new secret 1');
    type('Repeat the new password', 'new secret 1');
    fireEvent.click(screen.getByRole('button', { name: 'Save the new password' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByRole('button', { name: 'Login' })).toBeTruthy();
    expect(localStorage.getItem('jwttoken')).toBeNull();
  });

  it('asks for a password of 6 characters, typed the same twice, and sends nothing else', async () => {
    const { calls } = mockApi({});
    renderApp(resetRoute);
    await screen.findByRole('button', { name: 'Save the new password' });
    type('New password', '12345');
    fireEvent.click(screen.getByRole('button', { name: 'Save the new password' }));
    expect(await screen.findByText('New password must be at least 6 characters')).toBeTruthy();
    type('New password', '123456');
    type('Repeat the new password', '123465');
    fireEvent.click(screen.getByRole('button', { name: 'Save the new password' }));
    expect(await screen.findByText('The two passwords are not the same')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it("shows the API's word on a dead link, with the way to a new one", async () => {
    mockApi({
      'POST /api/auth/password-reset/confirm': {
        status: 400,
        body: { message: messages.linkNotValid },
      },
    });
    const { router } = renderApp(resetRoute);
    await screen.findByRole('button', { name: 'Save the new password' });
    type('New password', 'new secret 1');
    type('Repeat the new password', 'new secret 1');
    fireEvent.click(screen.getByRole('button', { name: 'Save the new password' }));
    expect(await screen.findByRole('heading', { name: 'This link no longer works' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(messages.linkNotValid);
    fireEvent.click(screen.getByRole('link', { name: 'Ask for a new link' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/forgot-password'));
  });

  it('says the address has no link when it has no token', async () => {
    const { calls } = mockApi({});
    renderApp('/reset-password');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This page needs the link from the email');
    expect(screen.queryByLabelText('New password')).toBeNull();
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: 'Ask for a new link' })).toHaveProperty(
      'pathname',
      '/forgot-password',
    );
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });
});
