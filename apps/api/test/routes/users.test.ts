import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { messages, type Booking, type ErrorBody, type Product, type User } from '@reloop/shared';
import { bookings, products, sessions, users } from '../../src/db/schema.ts';
import { bearer, createTestApp, signUp, type TestApp } from '../helpers/test-app.ts';
import {
  bookAs,
  createActor,
  createProductAs,
  firstCategoryId,
  type Actor,
} from '../helpers/marketplace.ts';
import { call, errorPaths, idsOf, nextLink, pagesOf } from '../helpers/behaviour.ts';

/**
 * Registration, role look-up and the admin's user management (DESIGN §4): a role is chosen
 * once and never changes, admins see only live users of a role, and deleting a user ends their
 * sessions and hides their listings while other buyers' bookings stay readable.
 */
let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

/** Signed up and holding the API token, but not registered with a role yet. */
async function signedUpActor(email?: string): Promise<Actor> {
  const user = await signUp(t.app, email);
  const exchange = await t.app.inject({
    method: 'POST',
    url: '/api/jwtgenerate',
    headers: bearer(user.idToken),
    payload: { email: user.email },
  });
  const { token } = exchange.json<{ token: string }>();
  return { uid: user.uid, email: user.email, token, headers: bearer(token) };
}

const register = (actor: Actor, payload: object) =>
  call(t.app, 'POST', '/api/register', { actor, payload });

async function storedUser(id: string) {
  const [row] = await t.db.select().from(users).where(eq(users.id, id));
  if (!row) throw new Error(`user ${id} is not stored`);
  return row;
}

describe('POST /api/register', () => {
  it.each(['buyer', 'seller'] as const)('registers the account as a %s', async (role) => {
    const actor = await signedUpActor();
    const response = await register(actor, {
      userEmail: actor.email,
      userName: 'Robin Reyes',
      role,
      userImg: '/api/images/robin.jpg',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ acknowledged: true });
    expect(await storedUser(actor.uid)).toMatchObject({
      role,
      name: 'Robin Reyes',
      image: '/api/images/robin.jpg',
      verified: false,
    });
    const checked = await call(t.app, 'GET', `/api/user/checkrole/${actor.email}`, { actor });
    expect(checked.json()).toEqual({ role });
  });

  it('refuses the admin role with a field error and leaves the account without a role', async () => {
    const actor = await signedUpActor();
    const response = await register(actor, { userEmail: actor.email, role: 'admin' });
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().message).toBe(messages.invalidRequest);
    expect(errorPaths(response)).toEqual(['body.role']);
    expect((await storedUser(actor.uid)).role).toBeNull();
  });

  it('is idempotent: a second call with another role keeps the first role and name', async () => {
    const actor = await signedUpActor();
    await register(actor, { userEmail: actor.email, userName: 'First Name', role: 'buyer' });
    const again = await register(actor, {
      userEmail: actor.email,
      userName: 'Second Name',
      role: 'seller',
      userImg: '/api/images/other.jpg',
    });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ acknowledged: true });
    expect(await storedUser(actor.uid)).toMatchObject({ role: 'buyer', name: 'First Name' });
    const checked = await call(t.app, 'GET', `/api/user/checkrole/${actor.email}`, { actor });
    expect(checked.json()).toEqual({ role: 'buyer' });
  });

  it("refuses to register someone else's email (403) and changes nothing", async () => {
    const actor = await signedUpActor();
    const other = await signedUpActor();
    const response = await register(actor, { userEmail: other.email, role: 'seller' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: messages.emailMismatch });
    expect((await storedUser(actor.uid)).role).toBeNull();
    expect((await storedUser(other.uid)).role).toBeNull();
  });
});

describe('GET /api/user/checkrole/:email', () => {
  it("answers one's own role, in any letter case, and null before registering", async () => {
    const seller = await createActor(t.app, 'seller');
    const own = await call(t.app, 'GET', `/api/user/checkrole/${seller.email.toUpperCase()}`, {
      actor: seller,
    });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual({ role: 'seller' });

    const newcomer = await signedUpActor();
    const unregistered = await call(t.app, 'GET', `/api/user/checkrole/${newcomer.email}`, {
      actor: newcomer,
    });
    expect(unregistered.json()).toEqual({ role: null });
  });

  it("lets an admin read anyone's role, and answers 404 for an unknown or deleted user", async () => {
    const admin = await createActor(t.app, 'admin');
    const buyer = await createActor(t.app, 'buyer');
    const other = await call(t.app, 'GET', `/api/user/checkrole/${buyer.email}`, { actor: admin });
    expect(other.json()).toEqual({ role: 'buyer' });
    const self = await call(t.app, 'GET', `/api/user/checkrole/${admin.email}`, { actor: admin });
    expect(self.json()).toEqual({ role: 'admin' });

    const unknown = await call(t.app, 'GET', '/api/user/checkrole/nobody@example.com', {
      actor: admin,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: messages.userNotFound });

    await call(t.app, 'DELETE', `/api/user/delete/${buyer.uid}`, { actor: admin });
    const deleted = await call(t.app, 'GET', `/api/user/checkrole/${buyer.email}`, {
      actor: admin,
    });
    expect(deleted.statusCode).toBe(404);
  });
});

describe('GET /api/buyers and /api/sellers', () => {
  it('lists only live users of that role, newest first, in the user shape', async () => {
    const admin = await createActor(t.app, 'admin');
    const firstBuyer = await createActor(t.app, 'buyer');
    const seller = await createActor(t.app, 'seller');
    const deletedBuyer = await createActor(t.app, 'buyer');
    const lastBuyer = await createActor(t.app, 'buyer');
    await signedUpActor(); // no role yet: in neither list
    await call(t.app, 'DELETE', `/api/user/delete/${deletedBuyer.uid}`, { actor: admin });

    const buyers = await call(t.app, 'GET', '/api/buyers', { actor: admin });
    expect(buyers.statusCode).toBe(200);
    expect(idsOf(buyers)).toEqual([lastBuyer.uid, firstBuyer.uid]);
    expect(nextLink(buyers)).toBeUndefined();
    expect(buyers.json<User[]>()[0]).toEqual({
      _id: lastBuyer.uid,
      userName: 'A buyer',
      userEmail: lastBuyer.email,
      userImg: '',
      role: 'buyer',
      verify: false,
    });

    const sellers = await call(t.app, 'GET', '/api/sellers', { actor: admin });
    expect(idsOf(sellers)).toEqual([seller.uid]);
    expect(nextLink(sellers)).toBeUndefined();
  });

  it('pages by keyset with ?limit and the Link header, and refuses ?offset', async () => {
    const admin = await createActor(t.app, 'admin');
    const created: string[] = [];
    for (let index = 0; index < 3; index += 1) {
      created.unshift((await createActor(t.app, 'seller')).uid);
    }
    expect(await pagesOf(t.app, '/api/sellers?limit=2', admin)).toEqual([
      created.slice(0, 2),
      created.slice(2),
    ]);
    const offset = await call(t.app, 'GET', '/api/sellers?offset=2', { actor: admin });
    expect(offset.statusCode).toBe(400);
    expect(errorPaths(offset)).toEqual(['querystring.offset']);
  });

  it.each(['0', '101', 'ten', '', '1e1', '0x10', '%205', '5.0', '5&limit=6'])(
    'rejects ?limit=%s with 400 on querystring.limit',
    async (limit) => {
      const admin = await createActor(t.app, 'admin');
      const response = await call(t.app, 'GET', `/api/buyers?limit=${limit}`, { actor: admin });
      expect(response.statusCode).toBe(400);
      expect(errorPaths(response)).toEqual(['querystring.limit']);
    },
  );
});

describe('DELETE /api/user/delete/:id', () => {
  it('soft-deletes the user, ends their sessions and hides their listings', async () => {
    const admin = await createActor(t.app, 'admin');
    const seller = await createActor(t.app, 'seller');
    const buyer = await createActor(t.app, 'buyer');
    const categoryId = await firstCategoryId(t.db);
    const productId = await createProductAs(t.app, seller);
    await call(t.app, 'PUT', `/api/advertise/product/update/${productId}`, { actor: seller });
    await call(t.app, 'PUT', `/api/product/report/${productId}`, { actor: buyer });
    const bookingId = await bookAs(t.app, buyer, productId);
    // Visible everywhere before the deletion, so the "after" checks below mean something.
    const listedBefore = await call(t.app, 'GET', `/api/products/${categoryId}`);
    expect(idsOf(listedBefore)).toEqual([productId]);
    expect(idsOf(await call(t.app, 'GET', '/api/advertise/products'))).toEqual([productId]);
    const reportedBefore = await call(t.app, 'GET', '/api/reported/products', { actor: admin });
    expect(idsOf(reportedBefore)).toEqual([productId]);

    const response = await call(t.app, 'DELETE', `/api/user/delete/${seller.uid}`, {
      actor: admin,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ acknowledged: true });

    const row = await storedUser(seller.uid);
    expect(row.deletedAt).toBeInstanceOf(Date);
    expect(row.email).toBe(seller.email);
    const sellerSessions = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, seller.uid));
    expect(sellerSessions.length).toBeGreaterThan(0);
    expect(sellerSessions.every((session) => session.revokedAt !== null)).toBe(true);

    const me = await call(t.app, 'GET', '/api/auth/me', { actor: seller });
    expect(me.statusCode).toBe(401);
    expect(me.json()).toEqual({ message: messages.invalidToken });
    const signIn = await call(t.app, 'POST', '/api/auth/signin', {
      payload: { email: seller.email, password: 'correct horse battery' },
    });
    expect(signIn.statusCode).toBe(401);

    const listed = await call(t.app, 'GET', `/api/products/${categoryId}`);
    expect(listed.json()).toEqual([]);
    expect(nextLink(listed)).toBeUndefined();
    expect((await call(t.app, 'GET', '/api/advertise/products')).json()).toEqual([]);
    const reported = await call(t.app, 'GET', '/api/reported/products', { actor: admin });
    expect(reported.json()).toEqual([]);
    const sellers = await call(t.app, 'GET', '/api/sellers', { actor: admin });
    expect(sellers.json()).toEqual([]);

    const booking = await call(t.app, 'GET', `/api/booking/${bookingId}`, { actor: buyer });
    expect(booking.statusCode).toBe(200);
    expect(booking.json<Booking>()).toMatchObject({
      _id: bookingId,
      productId,
      productName: 'ThinkPad T14 Gen 2',
      productPrice: 549.5,
      status: 'unpaid',
    });
  });

  it("frees a deleted user's email for a new account; the old one stays deleted, with its bookings and listings", async () => {
    const admin = await createActor(t.app, 'admin');
    const seller = await createActor(t.app, 'seller');
    const buyer = await createActor(t.app, 'buyer');
    const productId = await createProductAs(t.app, seller);
    const bookingId = await bookAs(t.app, buyer, productId);
    for (const user of [seller, buyer]) {
      const deleted = await call(t.app, 'DELETE', `/api/user/delete/${user.uid}`, { actor: admin });
      expect(deleted.statusCode).toBe(200);
    }

    const newBuyer = await signedUpActor(buyer.email.toUpperCase());
    const newSeller = await signedUpActor(seller.email);
    expect([newBuyer.uid, newSeller.uid]).not.toContain(buyer.uid);
    expect(newSeller.uid).not.toBe(seller.uid);
    expect((await register(newBuyer, { role: 'buyer' })).statusCode).toBe(200);
    expect((await register(newSeller, { role: 'seller' })).statusCode).toBe(200);

    // The old accounts stay deleted and keep what they had; the new ones start empty.
    expect((await storedUser(buyer.uid)).deletedAt).toBeInstanceOf(Date);
    expect((await storedUser(seller.uid)).deletedAt).toBeInstanceOf(Date);
    const [booking] = await t.db.select().from(bookings).where(eq(bookings.id, bookingId));
    expect(booking?.buyerId).toBe(buyer.uid);
    const [product] = await t.db.select().from(products).where(eq(products.id, productId));
    expect(product).toMatchObject({ sellerId: seller.uid, deletedAt: expect.any(Date) });
    const ownBookings = await call(t.app, 'GET', `/api/bookings?email=${buyer.email}`, {
      actor: newBuyer,
    });
    expect(ownBookings.statusCode).toBe(200);
    expect(ownBookings.json()).toEqual([]);
    const ownProducts = await call(t.app, 'GET', `/api/seller/products?email=${seller.email}`, {
      actor: newSeller,
    });
    expect(ownProducts.statusCode).toBe(200);
    expect(ownProducts.json()).toEqual([]);
    const role = await call(t.app, 'GET', `/api/user/checkrole/${seller.email}`, { actor: admin });
    expect(role.json()).toEqual({ role: 'seller' });
    // The old tokens stay dead, and the email now belongs to the live account alone.
    expect((await call(t.app, 'GET', '/api/auth/me', { actor: buyer })).statusCode).toBe(401);
    const again = await call(t.app, 'POST', '/api/auth/signup', {
      payload: { email: buyer.email, password: 'yet another one' },
    });
    expect(again.statusCode).toBe(409);
  });

  it('does not let an admin delete their own account', async () => {
    const admin = await createActor(t.app, 'admin');
    const response = await call(t.app, 'DELETE', `/api/user/delete/${admin.uid}`, {
      actor: admin,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: messages.cannotDeleteSelf });
    expect((await storedUser(admin.uid)).deletedAt).toBeNull();
    expect((await call(t.app, 'GET', '/api/auth/me', { actor: admin })).statusCode).toBe(200);
  });

  it('answers 404 for an unknown or already deleted user and 400 for a malformed id', async () => {
    const admin = await createActor(t.app, 'admin');
    const unknown = await call(
      t.app,
      'DELETE',
      '/api/user/delete/00000000-0000-4000-8000-000000000000',
      { actor: admin },
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: messages.userNotFound });

    const buyer = await createActor(t.app, 'buyer');
    await call(t.app, 'DELETE', `/api/user/delete/${buyer.uid}`, { actor: admin });
    const twice = await call(t.app, 'DELETE', `/api/user/delete/${buyer.uid}`, { actor: admin });
    expect(twice.statusCode).toBe(404);

    const malformed = await call(t.app, 'DELETE', '/api/user/delete/not-a-uuid', { actor: admin });
    expect(malformed.statusCode).toBe(400);
    expect(errorPaths(malformed)).toEqual(['params.id']);
  });
});

describe('PUT /api/user/seller/update/:email', () => {
  it("verifies a seller: their products and the sellers' list show it", async () => {
    const admin = await createActor(t.app, 'admin');
    const seller = await createActor(t.app, 'seller');
    const categoryId = await firstCategoryId(t.db);
    await createProductAs(t.app, seller);
    const before = await call(t.app, 'GET', `/api/products/${categoryId}`);
    expect(before.json<Product[]>()[0]?.sellerVerified).toBe(false);

    const response = await call(t.app, 'PUT', `/api/user/seller/update/${seller.email}`, {
      actor: admin,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ acknowledged: true });
    expect((await storedUser(seller.uid)).verified).toBe(true);

    const after = await call(t.app, 'GET', `/api/products/${categoryId}`);
    expect(after.json<Product[]>().map((product) => product.sellerVerified)).toEqual([true]);
    const sellers = await call(t.app, 'GET', '/api/sellers', { actor: admin });
    expect(sellers.json<User[]>()[0]?.verify).toBe(true);
  });

  it('answers 404 for a buyer or an unknown email, and verifies nobody', async () => {
    const admin = await createActor(t.app, 'admin');
    const buyer = await createActor(t.app, 'buyer');
    const response = await call(t.app, 'PUT', `/api/user/seller/update/${buyer.email}`, {
      actor: admin,
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: messages.sellerNotFound });
    expect((await storedUser(buyer.uid)).verified).toBe(false);

    const unknown = await call(t.app, 'PUT', '/api/user/seller/update/nobody@example.com', {
      actor: admin,
    });
    expect(unknown.statusCode).toBe(404);
  });
});
