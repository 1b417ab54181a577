import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../testing/mock-api.ts';
import { ApiError, api, dataOf, onUnauthorized, quietly, withToken } from './api-client.ts';

const booking = {
  productId: '11111111-1111-4111-8111-111111111111',
  buyerPhone: '5125550199',
  buyerMeetingLocation: 'Austin',
};
const book = () => dataOf(api.POST('/api/booking', { body: booking }));

/** Runs `call` with a listener on the auth layer; says whether it was told to sign out. */
async function toldToSignOut(call: () => Promise<unknown>): Promise<boolean> {
  const listener = vi.fn();
  const unsubscribe = onUnauthorized(listener);
  await expect(call()).rejects.toBeInstanceOf(ApiError);
  unsubscribe();
  return listener.mock.calls.length > 0;
}

describe('api client', () => {
  it('sends the stored token as Bearer and JSON bodies, and returns the body', async () => {
    localStorage.setItem('jwttoken', 'abc');
    const created = { success: true, message: 'booking successfully', _id: 'b1' };
    const { calls } = mockApi({ 'POST /api/booking': { status: 201, body: created } });
    expect(await book()).toEqual(created);
    expect(calls[0]?.headers.get('authorization')).toBe('Bearer abc');
    expect(calls[0]?.headers.get('content-type')).toBe('application/json');
    expect(calls[0]?.headers.get('accept')).toBe('application/json');
    expect(calls[0]?.body).toEqual(booking);
  });

  it("throws the server's message with the status and the body", async () => {
    const body = { message: 'you have already booked this product' };
    mockApi({ 'POST /api/booking': { status: 409, body } });
    const error = await book().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, message: body.message, body });
  });

  it('on a 401 with a token, forgets the token and tells the auth layer', async () => {
    localStorage.setItem('jwttoken', 'dead');
    mockApi({ 'GET /api/buyers': { status: 401, body: { message: 'expired' } } });
    expect(await toldToSignOut(() => dataOf(api.GET('/api/buyers')))).toBe(true);
    expect(localStorage.getItem('jwttoken')).toBeNull();
  });

  it('treats a 403 on a list as unauthorized, but a 403 on a change as a plain error', async () => {
    localStorage.setItem('jwttoken', 'buyer-token');
    mockApi({
      'GET /api/sellers': { status: 403, body: { message: 'no' } },
      'POST /api/booking': { status: 403, body: { message: 'You cannot book your own product' } },
    });
    await expect(book()).rejects.toThrow('You cannot book your own product');
    expect(await toldToSignOut(book)).toBe(false);
    expect(localStorage.getItem('jwttoken')).toBe('buyer-token');
    expect(await toldToSignOut(() => dataOf(api.GET('/api/sellers')))).toBe(true);
  });

  it('does not sign anyone out for a failed sign-in (no token was sent)', async () => {
    const { calls } = mockApi({
      'POST /api/auth/signin': { status: 401, body: { message: 'Wrong email or password' } },
    });
    const signIn = () =>
      dataOf(api.POST('/api/auth/signin', { body: { email: 'a@b.c', password: 'wrong' } }));
    await expect(signIn()).rejects.toThrow('Wrong email or password');
    expect(await toldToSignOut(signIn)).toBe(false);
    expect(calls[0]?.headers.has('authorization')).toBe(false);
  });

  it('leaves the stored session alone when a sign-in token sent explicitly is refused', async () => {
    localStorage.setItem('jwttoken', 'live');
    const { calls } = mockApi({
      'POST /api/jwtgenerate': { status: 401, body: { message: 'expired' } },
    });
    const exchange = () =>
      dataOf(
        api.POST('/api/jwtgenerate', { body: { email: 'a@b.c' }, ...withToken('sign-in-token') }),
      );
    expect(await toldToSignOut(exchange)).toBe(false);
    expect(calls[0]?.headers.get('authorization')).toBe('Bearer sign-in-token');
    expect(localStorage.getItem('jwttoken')).toBe('live');
  });

  it('on a quiet session check, forgets a dead token without telling the auth layer', async () => {
    localStorage.setItem('jwttoken', 'dead');
    mockApi({ 'GET /api/auth/me': { status: 401, body: { message: 'expired' } } });
    expect(await toldToSignOut(() => dataOf(api.GET('/api/auth/me', quietly)))).toBe(false);
    expect(localStorage.getItem('jwttoken')).toBeNull();
  });

  it('says what failed when the body has no message', async () => {
    mockApi({ 'GET /api/config': { status: 502 } });
    await expect(dataOf(api.GET('/api/config'))).rejects.toMatchObject({
      status: 502,
      message: 'Request failed with 502',
    });
  });
});
