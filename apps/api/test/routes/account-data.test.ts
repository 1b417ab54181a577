import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messages, moneyStillOwed, type AccountExport } from '@reloop/shared';
import { payments, users } from '../../src/db/schema.ts';
import { call, orderAs, pagesOf, readBooking, readSale } from '../helpers/behaviour.ts';
import { queueSettled } from '../helpers/jobs.ts';
import { type Mailbox } from '../helpers/mailbox.ts';
import { verifyAddress, useMailedApp } from '../helpers/mailed-app.ts';
import {
  bookAs,
  createActor,
  createProductAs,
  firstCategoryId,
  payAs,
  type Actor,
} from '../helpers/marketplace.ts';
import { signUp, type TestApp } from '../helpers/test-app.ts';

/**
 * A user's data (DESIGN §14): the export holds everything Reloop keeps about them and nothing
 * of anyone else; deleting the account erases them, removes their unsold listings, cancels
 * their open bookings (refunding a paid one, telling the other side) and leaves finished sales
 * readable to the other side as a "Deleted user".
 */
const BUYER_PHONE = '5125550199';
const LISTING_PHONE = '5125550123';
let mailbox: Mailbox;
let t: TestApp;
useMailedApp((running) => ({ mailbox, t } = running));

const book = async (buyer: Actor, productId: string, note?: string) => {
  const response = await call(t.app, 'POST', '/api/booking', {
    actor: buyer,
    payload: {
      productId,
      buyerPhone: BUYER_PHONE,
      buyerMeetingLocation: 'Central Library',
      ...(note ? { note } : {}),
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ _id: string }>()._id;
};
const pay = async (buyer: Actor, bookingId: string) => {
  const payment = await payAs(t.app, buyer, bookingId);
  expect(payment.status).toBe(200);
  expect((await orderAs(t.app, buyer, bookingId, payment.paymentId)).statusCode).toBe(200);
};
const complete = async (buyer: Actor, bookingId: string) => {
  const response = await call(t.app, 'POST', `/api/bookings/${bookingId}/complete`, {
    actor: buyer,
  });
  expect(response.statusCode, response.body).toBe(200);
};
const send = async (actor: Actor, bookingId: string, text: string) => {
  const response = await call(t.app, 'POST', `/api/bookings/${bookingId}/messages`, {
    actor,
    payload: { text },
  });
  expect(response.statusCode, response.body).toBe(201);
};
const exportOf = async (actor: Actor) => {
  const response = await call(t.app, 'GET', '/api/auth/export', { actor });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-disposition']).toMatch(/^attachment; filename=/);
  return { body: response.body, data: response.json<AccountExport>() };
};
const deleteAccount = (actor: Actor, password: string) =>
  call(t.app, 'DELETE', '/api/auth/account', { actor, payload: { password } });
const PASSWORD = 'correct horse battery';

describe('GET /api/auth/export', () => {
  it('holds the user’s profile, listings, bookings, sales, messages and notices, and no one else’s', async () => {
    const seller = await createActor(t.app, 'seller');
    const buyer = await createActor(t.app, 'buyer');
    const productId = await createProductAs(t.app, seller, { name: 'Dell XPS 13' });
    const bookingId = await book(buyer, productId, 'Is the charger included?');
    await send(seller, bookingId, 'Yes, it is.');
    // Someone else's dealings, which neither export may show.
    const stranger = await createActor(t.app, 'seller');
    const strangerBuyer = await createActor(t.app, 'buyer');
    const strangerProduct = await createProductAs(t.app, stranger, { name: 'Secret MacBook' });
    const strangerBooking = await book(strangerBuyer, strangerProduct, 'A private question');

    const asSeller = await exportOf(seller);
    expect(asSeller.data.profile).toMatchObject({
      id: seller.uid,
      email: seller.email,
      name: 'A seller',
      role: 'seller',
      emailVerified: false,
      signsInWith: 'password',
      notifications: {
        bookings: true,
        messages: true,
        reviews: true,
        watchlist: true,
        savedSearches: true,
      },
    });
    expect(asSeller.data.listings).toEqual([
      expect.objectContaining({ id: productId, name: 'Dell XPS 13', phone: LISTING_PHONE }),
    ]);
    expect(asSeller.data.bookings).toEqual([]);
    expect(asSeller.data.sales).toEqual([
      expect.objectContaining({
        id: bookingId,
        productId,
        buyerName: 'A buyer',
        status: 'unpaid',
      }),
    ]);
    expect(asSeller.data.messages).toEqual([
      expect.objectContaining({ bookingId, fromMe: false, text: 'Is the charger included?' }),
      expect.objectContaining({ bookingId, fromMe: true, text: 'Yes, it is.' }),
    ]);
    expect(asSeller.data.notifications).toEqual([
      expect.objectContaining({ kind: 'booked', bookingId }),
    ]);

    const asBuyer = await exportOf(buyer);
    expect(asBuyer.data.profile).toMatchObject({ id: buyer.uid, email: buyer.email });
    expect(asBuyer.data.listings).toEqual([]);
    expect(asBuyer.data.bookings).toEqual([
      expect.objectContaining({
        id: bookingId,
        productName: 'Dell XPS 13',
        phone: BUYER_PHONE,
        meetingLocation: 'Central Library',
        note: 'Is the charger included?',
      }),
    ]);
    expect(asBuyer.data.sales).toEqual([]);
    expect(asBuyer.data.messages.map(({ fromMe, text }) => ({ fromMe, text }))).toEqual([
      { fromMe: true, text: 'Is the charger included?' },
      { fromMe: false, text: 'Yes, it is.' },
    ]);
    expect(asBuyer.data.notifications).toEqual([
      expect.objectContaining({ kind: 'message', bookingId, read: false }),
    ]);

    const hashes = (await t.db.select({ hash: users.passwordHash }).from(users)).map(
      (row) => row.hash ?? '',
    );
    for (const { body } of [asSeller, asBuyer]) {
      for (const other of [stranger, strangerBuyer]) {
        expect(body).not.toContain(other.email);
        expect(body).not.toContain(other.uid);
      }
      for (const secret of [strangerProduct, strangerBooking, 'Secret MacBook', 'A private']) {
        expect(body).not.toContain(secret);
      }
      for (const hash of hashes) expect(body).not.toContain(hash);
      expect(body).not.toMatch(/scrypt|hash/i);
    }
    // The other side's email is not part of one's own data either.
    expect(asSeller.body).not.toContain(buyer.email);
    expect(asBuyer.body).not.toContain(seller.email);
  });

  it('needs a sign-in', async () => {
    expect((await call(t.app, 'GET', '/api/auth/export')).statusCode).toBe(401);
  });
});

describe('DELETE /api/auth/account', () => {
  const listed = async (productId: string) => {
    const pages = await pagesOf(t.app, `/api/products/${await firstCategoryId(t.db)}?limit=100`);
    return pages.flat().includes(productId);
  };
  const expectGone = async (actor: Actor, password: string) => {
    const me = await call(t.app, 'GET', '/api/auth/me', { actor });
    expect(me.statusCode).toBe(401);
    const signIn = await call(t.app, 'POST', '/api/auth/signin', {
      payload: { email: actor.email, password },
    });
    expect(signIn.statusCode).toBe(401);
    expect(signIn.json()).toEqual({ message: messages.wrongCredentials });
  };
  const refundOf = async (bookingId: string) => {
    const [payment] = await t.db.select().from(payments).where(eq(payments.bookingId, bookingId));
    return payment;
  };

  it('refuses a wrong password and changes nothing', async () => {
    const seller = await createActor(t.app, 'seller');
    const productId = await createProductAs(t.app, seller);
    const response = await deleteAccount(seller, 'not my password');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: messages.wrongPassword,
      errors: [{ path: 'body.password', message: messages.wrongPassword }],
    });
    expect((await call(t.app, 'GET', '/api/auth/me', { actor: seller })).statusCode).toBe(200);
    expect(await listed(productId)).toBe(true);
    const missing = await call(t.app, 'DELETE', '/api/auth/account', {
      actor: seller,
      payload: {},
    });
    expect(missing.statusCode).toBe(400);
  });

  it('asks an account without a password (Google only) for its email address instead', async () => {
    const buyer = await createActor(t.app, 'buyer');
    await t.db.update(users).set({ passwordHash: null }).where(eq(users.id, buyer.uid));
    const guessed = await deleteAccount(buyer, PASSWORD);
    expect(guessed.statusCode).toBe(400);
    expect(guessed.json()).toEqual({
      message: messages.typeEmailToConfirm,
      errors: [{ path: 'body.password', message: messages.typeEmailToConfirm }],
    });
    expect((await call(t.app, 'GET', '/api/auth/me', { actor: buyer })).statusCode).toBe(200);
    expect((await deleteAccount(buyer, ` ${buyer.email.toUpperCase()} `)).statusCode).toBe(204);
    expect((await call(t.app, 'GET', '/api/auth/me', { actor: buyer })).statusCode).toBe(401);
  });

  it('erases a seller: listings gone, open bookings cancelled and refunded, sales kept', async () => {
    const seller = await createActor(t.app, 'seller');
    const [waiting, paying, finished] = [
      await createActor(t.app, 'buyer'),
      await createActor(t.app, 'buyer'),
      await createActor(t.app, 'buyer'),
    ];
    for (const buyer of [waiting, paying, finished]) {
      await verifyAddress(t.app, mailbox, buyer.email);
    }
    const unsold = await createProductAs(t.app, seller, { name: 'Unsold Lenovo' });
    const unpaidBooked = await createProductAs(t.app, seller, { name: 'Booked HP' });
    const paidBooked = await createProductAs(t.app, seller, { name: 'Paid Asus' });
    const sold = await createProductAs(t.app, seller, { name: 'Sold Acer' });
    const unpaidBooking = await bookAs(t.app, waiting, unpaidBooked);
    const paidBooking = await bookAs(t.app, paying, paidBooked);
    await pay(paying, paidBooking);
    const finishedBooking = await bookAs(t.app, finished, sold);
    await pay(finished, finishedBooking);
    await complete(finished, finishedBooking);

    // The finished sale's money is held for the buyer's complaint window: the seller cannot
    // leave before it is paid out (DESIGN §15), and the refusal changes nothing.
    const refused = await deleteAccount(seller, PASSWORD);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toEqual({ message: moneyStillOwed('$549.50') });
    expect((await call(t.app, 'GET', '/api/auth/me', { actor: seller })).statusCode).toBe(200);
    expect(await listed(unsold)).toBe(true);
    expect(await readBooking(t.app, paying, paidBooking)).toMatchObject({ status: 'paid' });
    // Released by the buyer, paid out to the payout account the seller sets up: they may go.
    const released = await call(t.app, 'POST', `/api/bookings/${finishedBooking}/release`, {
      actor: finished,
    });
    expect(released.json()).toMatchObject({ funds: 'released' });
    const stillOwed = await deleteAccount(seller, PASSWORD);
    expect(stillOwed.json()).toEqual({ message: moneyStillOwed('$549.50') });
    expect((await call(t.app, 'POST', '/api/payouts/account', { actor: seller })).statusCode).toBe(
      200,
    );
    await queueSettled(t.db, 'payout');

    const response = await deleteAccount(seller, PASSWORD);
    expect(response.statusCode, response.body).toBe(204);
    await expectGone(seller, PASSWORD);

    for (const productId of [unsold, unpaidBooked, paidBooked]) {
      expect(await listed(productId)).toBe(false);
      expect((await call(t.app, 'GET', `/api/product/${productId}`)).statusCode).toBe(404);
    }
    expect(await readBooking(t.app, waiting, unpaidBooking)).toMatchObject({
      status: 'cancelled',
      cancelledBy: 'seller',
      refundId: null,
    });
    // Refunds are jobs of the deletion, sent once it has committed.
    await queueSettled(t.db, 'refund');
    const refunded = await readBooking(t.app, paying, paidBooking);
    expect(refunded).toMatchObject({ status: 'cancelled', cancelledBy: 'seller' });
    expect(refunded.refundId).toEqual(expect.any(String));
    expect(await refundOf(paidBooking)).toMatchObject({
      status: 'refunded',
      refundId: refunded.refundId,
    });
    // Each buyer is told, by email too.
    const toWaiting = await mailbox.receive(waiting.email, {
      subject: 'Booking cancelled: Booked HP',
    });
    expect(toWaiting.text).not.toMatch(/refund/i);
    const toPaying = await mailbox.receive(paying.email, {
      subject: 'Booking cancelled: Paid Asus',
    });
    expect(toPaying.text).toContain('The $549.50 you paid is refunded');

    // The finished sale stays readable to its buyer, with the seller erased.
    const kept = await call(t.app, 'GET', `/api/booking/${finishedBooking}`, { actor: finished });
    expect(kept.statusCode).toBe(200);
    expect(kept.json()).toMatchObject({ status: 'completed', sellerName: 'Deleted user' });
    expect(kept.body).not.toContain(seller.email);
    expect(kept.body).not.toContain(LISTING_PHONE);

    // The address is free for a new account.
    const again = await signUp(t.app, seller.email);
    expect(again.uid).not.toBe(seller.uid);
  }, 60_000);

  it('erases a buyer: open bookings cancelled and refunded, the seller told, sales kept', async () => {
    const seller = await createActor(t.app, 'seller');
    const buyer = await createActor(t.app, 'buyer');
    await verifyAddress(t.app, mailbox, seller.email);
    const unpaidBooked = await createProductAs(t.app, seller, { name: 'Booked HP' });
    const paidBooked = await createProductAs(t.app, seller, { name: 'Paid Asus' });
    const sold = await createProductAs(t.app, seller, { name: 'Sold Acer' });
    const unpaidBooking = await bookAs(t.app, buyer, unpaidBooked);
    const paidBooking = await bookAs(t.app, buyer, paidBooked);
    await pay(buyer, paidBooking);
    const finishedBooking = await bookAs(t.app, buyer, sold);
    await pay(buyer, finishedBooking);
    await complete(buyer, finishedBooking);

    expect((await deleteAccount(buyer, PASSWORD)).statusCode).toBe(204);
    await expectGone(buyer, PASSWORD);

    expect(await readSale(t.app, seller, unpaidBooking)).toMatchObject({
      status: 'cancelled',
      cancelledBy: 'buyer',
    });
    await queueSettled(t.db, 'refund');
    const refunded = await readSale(t.app, seller, paidBooking);
    expect(refunded).toMatchObject({ status: 'cancelled', cancelledBy: 'buyer' });
    expect(refunded.refundId).toEqual(expect.any(String));
    expect(await refundOf(paidBooking)).toMatchObject({ status: 'refunded' });
    // The paid laptop is for sale again; the unpaid one never stopped being.
    expect(await listed(paidBooked)).toBe(true);
    expect(await listed(unpaidBooked)).toBe(true);
    const cancelledEmails = [
      await mailbox.receive(seller.email, { subject: /^Booking cancelled: / }),
      await mailbox.receive(seller.email, { subject: /^Booking cancelled: / }),
    ];
    expect(cancelledEmails.map((email) => email.subject).sort()).toEqual([
      'Booking cancelled: Booked HP',
      'Booking cancelled: Paid Asus',
    ]);

    // The finished sale stays with the seller, the buyer shown as a deleted user.
    const kept = await call(t.app, 'GET', `/api/sales/${finishedBooking}`, { actor: seller });
    expect(kept.statusCode).toBe(200);
    expect(kept.json()).toMatchObject({ status: 'completed', buyerName: 'Deleted user' });
    expect(kept.body).not.toContain(buyer.email);
    expect(kept.body).not.toContain(BUYER_PHONE);
    const list = await call(t.app, 'GET', '/api/sales', { actor: seller });
    expect(list.body).not.toContain(buyer.email);
    expect(list.body).not.toContain(BUYER_PHONE);

    const [row] = await t.db.select().from(users).where(eq(users.id, buyer.uid));
    expect(row).toMatchObject({ name: 'Deleted user', image: '', phone: '', passwordHash: null });
    expect(row?.email).not.toBe(buyer.email);
    expect(row?.deletedAt).toEqual(expect.any(Date));

    expect((await signUp(t.app, buyer.email)).uid).not.toBe(buyer.uid);
  });
});
