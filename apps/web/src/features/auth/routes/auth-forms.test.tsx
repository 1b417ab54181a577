import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../testing/mock-api.ts';
import { renderApp } from '../../../testing/render.tsx';

const config = { 'GET /api/config': { body: { paymentProvider: 'test', oidc: false } } };
const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('login form', () => {
  it('names each missing field and sends nothing', async () => {
    const { calls } = mockApi(config);
    renderApp('/login');
    fireEvent.click(await screen.findByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Email is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((call) => call.path === '/api/auth/signin')).toBe(false);
  });

  it('rejects a malformed email', async () => {
    mockApi(config);
    renderApp('/login');
    await screen.findByRole('button', { name: 'Login' });
    type('Email', 'not-an-email');
    type('Password', 'secret');
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Email must be a valid email address')).toBeTruthy();
  });

  it("toasts the server's message when sign-in fails", async () => {
    mockApi({
      ...config,
      'POST /api/auth/signin': { status: 401, body: { message: 'Email or password is wrong' } },
    });
    renderApp('/login');
    await screen.findByRole('button', { name: 'Login' });
    type('Email', 'someone@example.com');
    type('Password', 'wrong');
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Email or password is wrong')).toBeTruthy();
  });

  it('keeps Google disabled unless the server offers it, and the other two always', async () => {
    mockApi(config);
    renderApp('/login');
    const google = await screen.findByRole('button', { name: 'Google' });
    expect(google).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: /GitHub/ })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: /Facebook/ })).toHaveProperty('disabled', true);
  });
});

describe('register form', () => {
  it('names each missing field, defaults the role to buyer and sends nothing', async () => {
    const { calls } = mockApi({});
    renderApp('/register');
    fireEvent.click(await screen.findByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Name is required')).toBeTruthy();
    expect(screen.getByText('Email is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(screen.getByText('Image is required')).toBeTruthy();
    expect(screen.getByLabelText('I want to')).toHaveProperty('value', 'buyer');
    expect(calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });

  it('asks for 6+ password characters and a PNG or JPG photo', async () => {
    const { calls } = mockApi({});
    renderApp('/register');
    await screen.findByRole('button', { name: 'Register' });
    type('Name', 'Ada');
    type('Email', 'ada@example.com');
    type('Password', '12345');
    fireEvent.change(screen.getByLabelText('Profile photo'), {
      target: { files: [new File(['GIF89a'], 'ada.gif', { type: 'image/gif' })] },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Password must be at least 6 characters')).toBeTruthy();
    expect(screen.getByText('Choose a PNG or JPG image')).toBeTruthy();
    expect(calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });

  describe('submitting', () => {
    const photo = new File(['fake-jpeg'], 'ada.jpg', { type: 'image/jpeg' });
    const user = {
      uid: 'u1',
      email: 'ada@example.com',
      displayName: 'Ada',
      photoURL: '',
      emailVerified: false,
      phone: '',
    };
    const accountRoutes = {
      ...config,
      'POST /api/auth/signup': { status: 201, body: { idToken: 'sign-in-token', user } },
      'POST /api/images': { body: { success: true, data: { url: '/api/images/ada.jpg' } } },
      'PATCH /api/auth/profile': {
        body: { user: { ...user, photoURL: '/api/images/ada.jpg' } },
      },
      'POST /api/jwtgenerate': { body: { token: 'api-token' } },
    };
    const fillAndSubmit = async () => {
      await screen.findByRole('button', { name: 'Register' });
      type('Name', 'Ada');
      type('Email', 'ada@example.com');
      type('Password', 'correct horse');
      fireEvent.change(screen.getByLabelText('Profile photo'), { target: { files: [photo] } });
      fireEvent.change(screen.getByLabelText('I want to'), { target: { value: 'seller' } });
      fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    };

    it('records the account with its new token, then signs in and goes home', async () => {
      const { calls } = mockApi({
        ...accountRoutes,
        'POST /api/register': { body: { acknowledged: true } },
        'GET /api/user/checkrole/ada%40example.com': { body: { role: 'seller' } },
      });
      const { router } = renderApp('/register');
      await fillAndSubmit();
      expect(await screen.findByText('user Registration successfully')).toBeTruthy();
      await waitFor(() => expect(router.state.location.pathname).toBe('/'));
      const record = calls.find((call) => call.path === '/api/register');
      expect(record?.headers.get('authorization')).toBe('Bearer api-token');
      expect(record?.body).toEqual({
        userEmail: 'ada@example.com',
        userName: 'Ada',
        role: 'seller',
        userImg: '/api/images/ada.jpg',
      });
      expect(localStorage.getItem('jwttoken')).toBe('api-token');
    });

    it('stays on the form, signed out, when the record is not acknowledged', async () => {
      mockApi({ ...accountRoutes, 'POST /api/register': { body: { acknowledged: false } } });
      const { router } = renderApp('/register');
      await fillAndSubmit();
      expect(await screen.findByText('error in server side while create user')).toBeTruthy();
      expect(router.state.location.pathname).toBe('/register');
      expect(localStorage.getItem('jwttoken')).toBeNull();
      expect(screen.getByRole('button', { name: 'Register' })).toHaveProperty('disabled', false);
    });
  });
});
