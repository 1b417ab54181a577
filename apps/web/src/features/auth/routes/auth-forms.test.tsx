import { fireEvent, screen } from '@testing-library/react';
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
    expect(await screen.findByText('Enter a valid email')).toBeTruthy();
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
});
