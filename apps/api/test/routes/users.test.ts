import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  messages,
  type Booking,
  type BookingTransition,
  type ErrorBody,
  type Notifications,
  type Product,
  type User,
} from '@reloop/shared';
import {
  bookings,
  payments,
  products,
  sessions,
  testPaymentIntents,
  users,
} from '../../src/db/schema.ts';
import { settleInterruptedPayments } from '../../src/payments/reconciliation.ts';
import { queueSettled } from '../helpers/jobs.ts';
import { bearer, createTestApp, signUp, type TestApp } from '../helpers/test-app.ts';
import {
  bookAs,
  createActor,
  createProductAs,
  firstCategoryId,
  payAs,
  type Actor,
} from '../helpers/marketplace.ts';
import {
  call,
  errorPaths,
  idsOf,
  nextLink,
  orderAs,
  pagesOf,
  sellProduct,
  readBooking,
  readSale,
} from '../helpers/behaviour.ts';

/**
 * Registration, role look-up and the admin's user management (DESIGN §4): a role is chosen
 * once and never changes, admins see only live users of a role, and deleting a user ends their
 * sessions and hides their listings while other buyers' bookings stay readable.
 */
let t: TestApp;
beforeEach(async () => {
  // A refund the provider refused is tried again a second later, not five.
  t = await createTestApp({ jobs: { retryDelaySeconds: 1 } });
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

    // The buyer's booking stays readable, ended by the seller's deletion.
    const booking = await call(t.app, 'GET', `/api/booking/${bookingId}`, { actor: buyer });
    expect(booking.statusCode).toBe(200);
    expect(booking.json<Booking>()).toMatchObject({
      _id: bookingId,
      productId,
      productName: 'ThinkPad T14 Gen 2',
      productPrice: 549.5,
      status: 'cancelled',
      cancelledBy: 'seller',
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

describe('DELETE /api/user/delete/:id ends the user’s open bookings', () => {
  let admin: Actor;
  let seller: Actor;
  beforeEach(async () => {
    admin = await createActor(t.app, 'admin');
    seller = await createActor(t.app, 'seller');
  });

  const deleteAccount = (user: Actor) =>
    call(t.app, 'DELETE', `/api/user/delete/${user.uid}`, { actor: admin });

  const bookingAs = (actor: Actor, bookingId: string) => readBooking(t.app, actor, bookingId);
  const saleAs = (actor: Actor, bookingId: string) => readSale(t.app, actor, bookingId);
  async function noticesOf(actor: Actor) {
    const response = await call(t.app, 'GET', '/api/notifications', { actor });
    return response
      .json<Notifications>()
      .notifications.map(({ kind, bookingId, side }) => ({ kind, bookingId, side }));
  }
  const storedPayment = async (bookingId: string) =>
    (await t.db.select().from(payments).where(eq(payments.bookingId, bookingId)))[0];
  const storedProductStatus = async (productId: string) =>
    (await t.db.select().from(products).where(eq(products.id, productId)))[0]?.status;

  it('cancels a deleted buyer’s unpaid and paid bookings, refunds the paid one and tells the seller', async () => {
    const [unpaidProduct, paidProduct, takenProduct, doneProduct] = [
      await createProductAs(t.app, seller),
      await createProductAs(t.app, seller),
      await createProductAs(t.app, seller),
      await createProductAs(t.app, seller),
    ];
    const buyer = await createActor(t.app, 'buyer');
    const unpaid = await bookAs(t.app, buyer, unpaidProduct);
    const paid = await bookAs(t.app, buyer, paidProduct);
    const payment = await payAs(t.app, buyer, paid);
    expect((await orderAs(t.app, buyer, paid, payment.paymentId)).statusCode).toBe(200);
    // Paid at the provider, but the tab closed before the order was posted.
    const taken = await bookAs(t.app, buyer, takenProduct);
    const takenPayment = await payAs(t.app, buyer, taken);
    expect(takenPayment.status).toBe(200);
    // Handed over already: the sale is final and stays as it is.
    const done = await bookAs(t.app, buyer, doneProduct);
    const donePayment = await payAs(t.app, buyer, done);
    expect((await orderAs(t.app, buyer, done, donePayment.paymentId)).statusCode).toBe(200);
    const completed = await call(t.app, 'POST', `/api/bookings/${done}/complete`, { actor: buyer });
    expect(completed.statusCode).toBe(200);
    const refund = vi.spyOn(t.app.payments, 'refund');

    const response = await deleteAccount(buyer);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ acknowledged: true });
    // The refunds are jobs of the deletion's transaction, sent once it has committed.
    await queueSettled(t.db, 'refund');

    const unpaidSale = await saleAs(seller, unpaid);
    expect(unpaidSale).toMatchObject({ status: 'cancelled', cancelledBy: 'buyer', refundId: null });
    // The seller no longer holds the deleted buyer's phone.
    expect(unpaidSale.buyerPhone).toBeNull();
    const paidSale = await saleAs(seller, paid);
    expect(paidSale).toMatchObject({ status: 'cancelled', cancelledBy: 'buyer' });
    expect(paidSale.refundId).toMatch(/^re_test_/);
    expect(await storedPayment(paid)).toMatchObject({
      status: 'refunded',
      refundId: paidSale.refundId,
    });
    const [intent] = await t.db
      .select()
      .from(testPaymentIntents)
      .where(eq(testPaymentIntents.id, payment.paymentId));
    expect(intent?.refundId).toBe(paidSale.refundId);
    const takenSale = await saleAs(seller, taken);
    expect(takenSale).toMatchObject({ status: 'cancelled', cancelledBy: 'buyer' });
    expect(takenSale.refundId).toMatch(/^re_test_/);
    expect(refund).toHaveBeenCalledTimes(2);
    expect(await saleAs(seller, done)).toMatchObject({ status: 'completed', refundId: null });
    // The laptop the deleted buyer had paid for is for sale again.
    expect(await storedProductStatus(paidProduct)).toBe('unsold');

    expect(await noticesOf(seller)).toEqual(
      expect.arrayContaining(
        [unpaid, paid, taken].map((bookingId) => ({
          kind: 'cancelled',
          bookingId,
          side: 'seller',
        })),
      ),
    );
  });

  it('cancels a deleted seller’s unpaid and paid sales, refunds the buyer who paid and tells both buyers', async () => {
    const unpaidProduct = await createProductAs(t.app, seller);
    const paidProduct = await createProductAs(t.app, seller);
    const waiting = await createActor(t.app, 'buyer');
    const unpaid = await bookAs(t.app, waiting, unpaidProduct);
    const { buyer, bookingId: paid } = await sellProduct(t.app, paidProduct);
    const refund = vi.spyOn(t.app.payments, 'refund');

    expect((await deleteAccount(seller)).statusCode).toBe(200);
    await queueSettled(t.db, 'refund');

    expect(await bookingAs(waiting, unpaid)).toMatchObject({
      status: 'cancelled',
      cancelledBy: 'seller',
      refundId: null,
    });
    const order = await bookingAs(buyer, paid);
    expect(order).toMatchObject({ status: 'cancelled', cancelledBy: 'seller' });
    expect(order.refundId).toMatch(/^re_test_/);
    // Nobody is left to hand the laptop over: no handover to confirm, no seller's phone.
    expect(order.sellerPhone).toBeNull();
    const handover = await call(t.app, 'POST', `/api/bookings/${paid}/complete`, { actor: buyer });
    expect(handover.statusCode).toBe(409);
    expect(handover.json()).toEqual({ message: messages.bookingCancelled });
    expect(await noticesOf(waiting)).toEqual([
      { kind: 'cancelled', bookingId: unpaid, side: 'buyer' },
    ]);
    expect((await noticesOf(buyer))[0]).toEqual({
      kind: 'cancelled',
      bookingId: paid,
      side: 'buyer',
    });

    // The buyer's own cancel now is a replay: the same refund, never a second one.
    const replay = await call(t.app, 'POST', `/api/bookings/${paid}/cancel`, { actor: buyer });
    expect(replay.json<BookingTransition>()).toEqual({
      _id: paid,
      status: 'cancelled',
      refundId: order.refundId,
      funds: 'refunded',
      releaseAt: null,
    });
    expect(refund).toHaveBeenCalledTimes(1);
  });

  /** The buyer's payment came back: the provider's intent refunded, and the booking names it. */
  const expectRefunded = async (buyer: Actor, bookingId: string, paymentId: string) => {
    const [intent] = await t.db
      .select()
      .from(testPaymentIntents)
      .where(eq(testPaymentIntents.id, paymentId));
    expect(intent?.refundId).toMatch(/^re_test_/);
    expect(await bookingAs(buyer, bookingId)).toMatchObject({ refundId: intent?.refundId });
  };

  it('tries the refund again while the provider refuses it, and sends it once', async () => {
    const productId = await createProductAs(t.app, seller);
    const { buyer, bookingId, paymentId } = await sellProduct(t.app, productId);
    const refund = vi
      .spyOn(t.app.payments, 'refund')
      .mockRejectedValueOnce(new Error('provider unreachable'));

    // The deletion does not wait for the provider, nor fail with it.
    expect((await deleteAccount(seller)).statusCode).toBe(200);
    expect(await bookingAs(buyer, bookingId)).toMatchObject({
      status: 'cancelled',
      cancelledBy: 'seller',
    });

    await queueSettled(t.db, 'refund');
    await expectRefunded(buyer, bookingId, paymentId);
    expect(await storedPayment(bookingId)).toMatchObject({ status: 'refunded' });
    expect(refund).toHaveBeenCalledTimes(2);
  });

  it('leaves a refund owed by a deletion to the settlement at start-up when no worker sent it', async () => {
    const productId = await createProductAs(t.app, seller);
    const { buyer, bookingId, paymentId } = await sellProduct(t.app, productId);
    // The process dies after the deletion commits, before its refund job runs: nothing is lost.
    await t.app.jobs.stop();
    expect((await deleteAccount(seller)).statusCode).toBe(200);
    expect(await storedPayment(bookingId)).toMatchObject({ status: 'succeeded', refundId: null });

    expect(await settleInterruptedPayments(t.db, t.app.payments, t.app.jobs, t.app.log)).toEqual({
      recorded: 0,
      refunded: 1,
      failed: 0,
    });
    await expectRefunded(buyer, bookingId, paymentId);
  });

  it('leaves other users’ bookings alone', async () => {
    const productId = await createProductAs(t.app, seller);
    const buyer = await createActor(t.app, 'buyer');
    const bystander = await createActor(t.app, 'buyer');
    const bookingId = await bookAs(t.app, buyer, productId);
    expect((await deleteAccount(bystander)).statusCode).toBe(200);
    expect(await bookingAs(buyer, bookingId)).toMatchObject({ status: 'unpaid' });
    expect(await noticesOf(seller)).toEqual([{ kind: 'booked', bookingId, side: 'seller' }]);
  });
});

describe('GET /api/user/open-bookings/:id', () => {
  const openBookings = (actor: Actor, id: string) =>
    call(t.app, 'GET', `/api/user/open-bookings/${id}`, { actor });

  it('counts what deleting the user would cancel: unpaid, and paid to refund, on both sides', async () => {
    const admin = await createActor(t.app, 'admin');
    const seller = await createActor(t.app, 'seller');
    const buyer = await createActor(t.app, 'buyer');
    const nobody = await createActor(t.app, 'buyer');
    const [first, second, third, fourth] = [
      await createProductAs(t.app, seller),
      await createProductAs(t.app, seller),
      await createProductAs(t.app, seller),
      await createProductAs(t.app, seller),
    ];
    await bookAs(t.app, buyer, first);
    await bookAs(t.app, buyer, second);
    const paid = await bookAs(t.app, buyer, third);
    const payment = await payAs(t.app, buyer, paid);
    expect((await orderAs(t.app, buyer, paid, payment.paymentId)).statusCode).toBe(200);
    // Another buyer's sale of the seller's, and a cancelled booking, which counts for nobody.
    await sellProduct(t.app, fourth);
    const other = await createActor(t.app, 'buyer');
    const dropped = await bookAs(t.app, other, first);
    expect(
      (await call(t.app, 'POST', `/api/bookings/${dropped}/cancel`, { actor: other })).statusCode,
    ).toBe(200);

    const asBuyer = await openBookings(admin, buyer.uid);
    expect(asBuyer.statusCode, asBuyer.body).toBe(200);
    expect(asBuyer.json()).toEqual({ unpaid: 2, paid: 1 });
    expect((await openBookings(admin, seller.uid)).json()).toEqual({ unpaid: 2, paid: 2 });
    expect((await openBookings(admin, nobody.uid)).json()).toEqual({ unpaid: 0, paid: 0 });
  });

  it('is for admins only, and answers 404 for an unknown or deleted user and 400 for a bad id', async () => {
    const admin = await createActor(t.app, 'admin');
    const buyer = await createActor(t.app, 'buyer');
    const seller = await createActor(t.app, 'seller');
    for (const actor of [buyer, seller]) {
      expect((await openBookings(actor, buyer.uid)).statusCode).toBe(403);
    }
    const anonymous = await call(t.app, 'GET', `/api/user/open-bookings/${buyer.uid}`);
    expect(anonymous.statusCode).toBe(401);
    const unknown = await openBookings(admin, '00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: messages.userNotFound });
    await call(t.app, 'DELETE', `/api/user/delete/${buyer.uid}`, { actor: admin });
    expect((await openBookings(admin, buyer.uid)).statusCode).toBe(404);
    const malformed = await openBookings(admin, 'not-a-uuid');
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
