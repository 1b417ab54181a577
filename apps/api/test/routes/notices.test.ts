import { and, eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { messages, type NotificationPreferences } from '@reloop/shared';
import { notifications } from '../../src/db/schema.ts';
import { call, orderAs } from '../helpers/behaviour.ts';
import { type ReceivedEmail, type Mailbox } from '../helpers/mailbox.ts';
import { emailsSettled, verifyAddress, PUBLIC_URL, useMailedApp } from '../helpers/mailed-app.ts';
import { bookAs, createActor, createProductAs, payAs, type Actor } from '../helpers/marketplace.ts';
import { type TestApp } from '../helpers/test-app.ts';

/**
 * Email notices of the bell's events (DESIGN §14), received over real SMTP: booked and paid
 * (the seller), a message (the other side, one email per thread per 15 minutes while unread),
 * cancelled (with the refund said), completed. Each links to its place in the app and carries
 * RFC 8058 one-click unsubscribe, which turns its kind off without signing in. Only verified
 * addresses get notices; security emails go to every address.
 */
const PRODUCT = 'ThinkPad T14 Gen 2';
let mailbox: Mailbox;
let t: TestApp;
let seller: Actor;
let buyer: Actor;
let productId: string;
useMailedApp((running) => ({ mailbox, t } = running));
beforeEach(async () => {
  seller = await createActor(t.app, 'seller');
  buyer = await createActor(t.app, 'buyer');
  productId = await createProductAs(t.app, seller, { name: PRODUCT, resalePrice: 549.5 });
});

const verifyBoth = async () => {
  await verifyAddress(t.app, mailbox, seller.email);
  await verifyAddress(t.app, mailbox, buyer.email);
};

/** A booking of the product by the buyer, paid with the test card and recorded as an order. */
async function paidBooking(): Promise<string> {
  const bookingId = await bookAs(t.app, buyer, productId);
  const payment = await payAs(t.app, buyer, bookingId);
  expect(payment.status).toBe(200);
  expect((await orderAs(t.app, buyer, bookingId, payment.paymentId)).statusCode).toBe(200);
  return bookingId;
}

const send = (actor: Actor, bookingId: string, text: string) =>
  call(t.app, 'POST', `/api/bookings/${bookingId}/messages`, { actor, payload: { text } });
const readThread = (actor: Actor, bookingId: string) =>
  call(t.app, 'GET', `/api/bookings/${bookingId}/messages`, { actor });

/** A notice as every one must be: both parts, its one link, and one-click unsubscribe. */
function expectNotice(email: ReceivedEmail, pathname: string): URL {
  expect(email.text).not.toBe('');
  expect(email.html).toContain('<html');
  const link = email.link(pathname);
  expect(link.origin).toBe(PUBLIC_URL);
  expect(email.text).toContain(link.href);
  expect(email.html).toContain(`href="${link.href}"`);
  const unsubscribe = /^<([^>]+)>$/.exec(email.header('list-unsubscribe') ?? '')?.[1];
  expect(unsubscribe, 'a List-Unsubscribe URL').toBeDefined();
  const url = new URL(unsubscribe ?? '');
  expect(url.origin + url.pathname).toBe(`${PUBLIC_URL}/api/auth/unsubscribe`);
  expect(email.header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
  return url;
}

/** What a mail program does with List-Unsubscribe-Post (RFC 8058): no cookie, no sign-in. */
const oneClick = (url: URL) =>
  t.app.inject({
    method: 'POST',
    url: url.pathname + url.search,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'List-Unsubscribe=One-Click',
  });

const preferencesOf = async (actor: Actor) => {
  const response = await call(t.app, 'GET', '/api/auth/notifications', { actor });
  expect(response.statusCode).toBe(200);
  return response.json<NotificationPreferences>();
};

/** Subjects of what `actor` received apart from the verification link. */
const noticesTo = (actor: Actor) =>
  mailbox
    .to(actor.email)
    .map((email) => email.subject)
    .filter((subject) => subject !== 'Confirm your email address for Reloop');

describe('notice emails', () => {
  it('tells the seller of a booking and of its payment', async () => {
    await verifyBoth();
    const bookingId = await bookAs(t.app, buyer, productId);
    const booked = await mailbox.receive(seller.email, { subject: `New booking: ${PRODUCT}` });
    expectNotice(booked, '/dashboard/sales');
    expect(booked.text).toContain(`A buyer booked ${PRODUCT} for $549.50.`);

    const payment = await payAs(t.app, buyer, bookingId);
    expect((await orderAs(t.app, buyer, bookingId, payment.paymentId)).statusCode).toBe(200);
    const paid = await mailbox.receive(seller.email, { subject: `Paid: ${PRODUCT}` });
    expectNotice(paid, '/dashboard/sales');
    expect(paid.text).toContain(`A buyer paid $549.50 for ${PRODUCT}.`);

    // The buyer, who did both, is told of neither.
    await emailsSettled(t.db);
    expect(noticesTo(buyer)).toEqual([]);
    expect(noticesTo(seller)).toEqual([`New booking: ${PRODUCT}`, `Paid: ${PRODUCT}`]);
  });

  it('tells the buyer of a cancelled paid booking that the money is refunded', async () => {
    await verifyBoth();
    const bookingId = await paidBooking();
    const cancelled = await call(t.app, 'POST', `/api/bookings/${bookingId}/cancel`, {
      actor: seller,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);

    const email = await mailbox.receive(buyer.email, { subject: `Booking cancelled: ${PRODUCT}` });
    expectNotice(email, '/dashboard/orders');
    expect(email.text).toContain(`The seller cancelled the booking of ${PRODUCT}.`);
    expect(email.text).toContain('The $549.50 you paid is refunded to the card it came from.');
  });

  it('tells the seller of a cancel before payment, with no word of a refund', async () => {
    await verifyBoth();
    const bookingId = await bookAs(t.app, buyer, productId);
    await mailbox.receive(seller.email, { subject: `New booking: ${PRODUCT}` });
    const cancelled = await call(t.app, 'POST', `/api/bookings/${bookingId}/cancel`, {
      actor: buyer,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);

    const email = await mailbox.receive(seller.email, {
      subject: `Booking cancelled: ${PRODUCT}`,
    });
    expectNotice(email, '/dashboard/sales');
    expect(email.text).toContain(`The buyer cancelled the booking of ${PRODUCT}.`);
    expect(email.text).not.toMatch(/refund/i);
  });

  it('tells the seller of a confirmed handover', async () => {
    await verifyBoth();
    const bookingId = await paidBooking();
    const completed = await call(t.app, 'POST', `/api/bookings/${bookingId}/complete`, {
      actor: buyer,
    });
    expect(completed.statusCode, completed.body).toBe(200);

    const email = await mailbox.receive(seller.email, {
      subject: `Handover confirmed: ${PRODUCT}`,
    });
    expectNotice(email, '/dashboard/sales');
    expect(email.text).toContain(`The handover of ${PRODUCT} ($549.50) is confirmed.`);
  });
});

describe('message emails', () => {
  const subject = `New message about ${PRODUCT}`;

  it('link to the thread, on each side', async () => {
    await verifyBoth();
    const bookingId = await bookAs(t.app, buyer, productId);
    expect((await send(buyer, bookingId, 'Does it come with the charger?')).statusCode).toBe(201);
    const toSeller = await mailbox.receive(seller.email, { subject });
    expectNotice(toSeller, `/dashboard/sales/${bookingId}/messages`);
    expect(toSeller.text).toContain('A buyer wrote:');
    expect(toSeller.text).toContain('Does it come with the charger?');

    expect((await send(seller, bookingId, 'Yes, the 65 W one.')).statusCode).toBe(201);
    const toBuyer = await mailbox.receive(buyer.email, { subject });
    expectNotice(toBuyer, `/dashboard/orders/${bookingId}/messages`);
    expect(toBuyer.text).toContain('Yes, the 65 W one.');
  });

  it('send one email per thread per 15 minutes while unread', async () => {
    await verifyBoth();
    const bookingId = await bookAs(t.app, buyer, productId);
    // A burst: one email.
    for (const text of ['Hello?', 'Is it still there?', 'I can come today.']) {
      expect((await send(buyer, bookingId, text)).statusCode).toBe(201);
    }
    await mailbox.receive(seller.email, { subject });
    await emailsSettled(t.db);
    expect(mailbox.to(seller.email).filter((email) => email.subject === subject)).toHaveLength(1);

    // Read, and written to again within the 15 minutes: still that one email.
    expect((await readThread(seller, bookingId)).statusCode).toBe(200);
    expect((await send(buyer, bookingId, 'Hello again')).statusCode).toBe(201);
    await emailsSettled(t.db);
    expect(mailbox.to(seller.email).filter((email) => email.subject === subject)).toHaveLength(1);

    // 15 minutes later (the clock moved by moving the notices back in SQL), read, and written
    // to again: a second email.
    expect((await readThread(seller, bookingId)).statusCode).toBe(200);
    await t.db
      .update(notifications)
      .set({ createdAt: sql`${notifications.createdAt} - interval '15 minutes 1 second'` })
      .where(and(eq(notifications.bookingId, bookingId), eq(notifications.kind, 'message')));
    expect((await send(buyer, bookingId, 'Last try: tomorrow?')).statusCode).toBe(201);
    const second = await mailbox.receive(seller.email, { subject });
    expect(second.text).toContain('Last try: tomorrow?');
    await emailsSettled(t.db);
    expect(mailbox.to(seller.email).filter((email) => email.subject === subject)).toHaveLength(2);
  });
});

describe('one-click unsubscribe', () => {
  it('turns that kind of email off without signing in, and no more of it comes', async () => {
    await verifyBoth();
    const bookingId = await bookAs(t.app, buyer, productId);
    const booked = await mailbox.receive(seller.email, { subject: `New booking: ${PRODUCT}` });
    const url = expectNotice(booked, '/dashboard/sales');

    const response = await oneClick(url);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ preference: 'bookings' });
    expect(await preferencesOf(seller)).toEqual({
      bookings: false,
      messages: true,
      reviews: true,
      watchlist: true,
      savedSearches: true,
    });
    // Clicked twice (mail programs retry): the same answer.
    expect((await oneClick(url)).statusCode).toBe(200);

    // A cancel and another booking are not emailed; a message (still wanted) is.
    expect(
      (await call(t.app, 'POST', `/api/bookings/${bookingId}/cancel`, { actor: buyer })).statusCode,
    ).toBe(200);
    const again = await bookAs(t.app, buyer, productId);
    expect((await send(buyer, again, 'Booked it again, sorry!')).statusCode).toBe(201);
    await mailbox.receive(seller.email, { subject: `New message about ${PRODUCT}` });
    await emailsSettled(t.db);
    expect(noticesTo(seller)).toEqual([`New booking: ${PRODUCT}`, `New message about ${PRODUCT}`]);
  });

  it('refuses a link Reloop did not sign, and changes nothing', async () => {
    await verifyBoth();
    await bookAs(t.app, buyer, productId);
    const url = expectNotice(
      await mailbox.receive(seller.email, { subject: `New booking: ${PRODUCT}` }),
      '/dashboard/sales',
    );
    const token = url.searchParams.get('token') ?? '';
    const [userId, , mac] = token.split('.');
    const forged = [
      `${userId}.messages.${mac}`,
      `${buyer.uid}.bookings.${mac}`,
      `${userId}.bookings.${'A'.repeat(43)}`,
      `${userId}.bookings`,
      'nonsense',
    ];
    for (const each of forged) {
      const response = await oneClick(new URL(`/api/auth/unsubscribe?token=${each}`, PUBLIC_URL));
      expect(response.statusCode, each).toBe(400);
      expect(response.json()).toEqual({ message: messages.unsubscribeLinkNotValid });
    }
    const missing = await oneClick(new URL('/api/auth/unsubscribe', PUBLIC_URL));
    expect(missing.statusCode).toBe(400);
    const everything = {
      bookings: true,
      messages: true,
      reviews: true,
      watchlist: true,
      savedSearches: true,
    };
    expect(await preferencesOf(seller)).toEqual(everything);
    expect(await preferencesOf(buyer)).toEqual(everything);
  });
});

describe('unverified addresses', () => {
  it('get no notices, but do get security emails', async () => {
    // Neither side has followed its verification link.
    const bookingId = await bookAs(t.app, buyer, productId);
    expect((await send(buyer, bookingId, 'Hello?')).statusCode).toBe(201);
    expect((await send(seller, bookingId, 'Hi!')).statusCode).toBe(201);
    const reset = await call(t.app, 'POST', '/api/auth/password-reset', {
      payload: { email: seller.email },
    });
    expect(reset.statusCode).toBe(202);

    await mailbox.receive(seller.email, { subject: 'Reset your Reloop password' });
    await emailsSettled(t.db);
    expect(noticesTo(seller)).toEqual(['Reset your Reloop password']);
    expect(noticesTo(buyer)).toEqual([]);
    // The sign-up links went to both all the same.
    expect(mailbox.to(buyer.email)).toHaveLength(1);
  });
});
