import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../testing/mock-api.ts';
import { renderApp } from '../../../testing/render.tsx';

const user = {
  uid: '00000000-0000-4000-8000-000000000009',
  email: 'ada@gmail.example',
  displayName: 'Ada Lovelace',
  photoURL: '',
};

describe('Google sign-in landing', () => {
  it('exchanges the sign-in token, stores the API token and returns to the origin', async () => {
    const { calls } = mockApi({
      'GET /api/auth/me': ({ headers }) =>
        headers.get('authorization') === 'Bearer sign-in-token'
          ? { body: { user } }
          : { status: 401, body: { message: 'no' } },
      'POST /api/jwtgenerate': { body: { token: 'api-token' } },
      'GET /api/user/checkrole/ada%40gmail.example': { body: { role: 'buyer' } },
      'GET /api/productcategory': { body: [] },
      'GET /api/advertise/products': { body: [] },
    });
    const { router } = renderApp('/auth/callback', {
      hash: '#idToken=sign-in-token&returnTo=%2Fblog',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/blog'));
    expect(localStorage.getItem('jwttoken')).toBe('api-token');
    expect(calls.find((call) => call.path === '/api/jwtgenerate')?.body).toEqual({
      email: 'ada@gmail.example',
    });
  });

  it('goes to /login when there is no token', async () => {
    mockApi({ 'GET /api/config': { body: { paymentProvider: 'test', oidc: true } } });
    const { router } = renderApp('/auth/callback');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});

describe('login after a refused Google sign-in', () => {
  it('says why', async () => {
    mockApi({ 'GET /api/config': { body: { paymentProvider: 'test', oidc: true } } });
    renderApp('/login?signin_error=closed');
    expect((await screen.findByRole('alert')).textContent).toBe('This account has been closed.');
    expect(await screen.findByRole('button', { name: 'Google' })).toHaveProperty('disabled', false);
  });
});
