import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../testing/mock-api.ts';
import { ApiError, api, apiPathOf, apiRequest, onUnauthorized } from './api-client.ts';

describe('api client', () => {
  it('sends the stored token as Bearer and JSON bodies', async () => {
    localStorage.setItem('jwttoken', 'abc');
    const { calls } = mockApi({ 'POST /api/booking': { status: 201, body: { success: true } } });
    await api.post('/booking', { productId: 'p1' });
    expect(calls[0]?.headers.get('authorization')).toBe('Bearer abc');
    expect(calls[0]?.headers.get('content-type')).toBe('application/json');
    expect(calls[0]?.body).toEqual({ productId: 'p1' });
  });

  it("throws the server's message with the status", async () => {
    mockApi({
      'POST /api/booking': {
        status: 409,
        body: { message: 'you have already booked this product' },
      },
    });
    const error = await api.post('/booking', {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, message: 'you have already booked this product' });
  });

  it('on a 401 with a token, forgets the token and tells the auth layer', async () => {
    localStorage.setItem('jwttoken', 'dead');
    mockApi({ 'GET /api/buyers': { status: 401, body: { message: 'expired' } } });
    const listener = vi.fn();
    const unsubscribe = onUnauthorized(listener);
    await expect(api.get('/buyers')).rejects.toBeInstanceOf(ApiError);
    unsubscribe();
    expect(listener).toHaveBeenCalledOnce();
    expect(localStorage.getItem('jwttoken')).toBeNull();
  });

  it('treats a 403 on a list as unauthorized, but a 403 on a change as a plain error', async () => {
    localStorage.setItem('jwttoken', 'buyer-token');
    mockApi({
      'GET /api/sellers': { status: 403, body: { message: 'no' } },
      'POST /api/booking': { status: 403, body: { message: 'You cannot book your own product' } },
    });
    const listener = vi.fn();
    const unsubscribe = onUnauthorized(listener);
    await expect(api.post('/booking', {})).rejects.toThrow('You cannot book your own product');
    expect(listener).not.toHaveBeenCalled();
    expect(localStorage.getItem('jwttoken')).toBe('buyer-token');
    await expect(api.get('/sellers')).rejects.toBeInstanceOf(ApiError);
    unsubscribe();
    expect(listener).toHaveBeenCalledOnce();
  });

  it('does not sign anyone out for a failed sign-in (no token was sent)', async () => {
    mockApi({
      'POST /api/auth/signin': { status: 401, body: { message: 'Wrong email or password' } },
    });
    const listener = vi.fn();
    const unsubscribe = onUnauthorized(listener);
    await expect(api.post('/auth/signin', {})).rejects.toThrow('Wrong email or password');
    unsubscribe();
    expect(listener).not.toHaveBeenCalled();
  });

  it('exposes response headers such as Link', async () => {
    const link = '</api/buyers?limit=24&cursor=abc>; rel="next"';
    mockApi({ 'GET /api/buyers': { body: [], headers: { link } } });
    const response = await apiRequest<unknown[]>('/buyers');
    expect(response.headers.get('link')).toBe(link);
  });

  it('turns a URL the API linked to back into a request path', () => {
    expect(apiPathOf('/api/bookings?email=a%40b.c&limit=24&cursor=x')).toBe(
      '/bookings?email=a%40b.c&limit=24&cursor=x',
    );
    expect(apiPathOf(`${window.location.origin}/api/buyers?cursor=y`)).toBe('/buyers?cursor=y');
  });

  it('refuses a linked URL outside the API, where the token must not go', () => {
    expect(() => apiPathOf('https://elsewhere.example/api/buyers?cursor=y')).toThrow();
    expect(() => apiPathOf('//elsewhere.example/api/buyers')).toThrow();
    expect(() => apiPathOf('/admin/buyers')).toThrow();
    expect(() => apiPathOf('/api/../admin')).toThrow();
  });

  it('leaves the stored session alone when a sign-in token sent explicitly is refused', async () => {
    localStorage.setItem('jwttoken', 'live');
    mockApi({ 'POST /api/jwtgenerate': { status: 401, body: { message: 'expired' } } });
    const listener = vi.fn();
    const unsubscribe = onUnauthorized(listener);
    await expect(api.post('/jwtgenerate', {}, 'sign-in-token')).rejects.toBeInstanceOf(ApiError);
    unsubscribe();
    expect(listener).not.toHaveBeenCalled();
    expect(localStorage.getItem('jwttoken')).toBe('live');
  });

  it('on a quiet session check, forgets a dead token without telling the auth layer', async () => {
    localStorage.setItem('jwttoken', 'dead');
    mockApi({ 'GET /api/auth/me': { status: 401, body: { message: 'expired' } } });
    const listener = vi.fn();
    const unsubscribe = onUnauthorized(listener);
    await expect(apiRequest('/auth/me', { quiet: true })).rejects.toBeInstanceOf(ApiError);
    unsubscribe();
    expect(listener).not.toHaveBeenCalled();
    expect(localStorage.getItem('jwttoken')).toBeNull();
  });
});
