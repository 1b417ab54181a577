import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  MAX_THREAD_MESSAGES,
  messages,
  UNREAD_COUNTED_UP_TO,
  type Booking,
  type Message,
  type Notifications,
  type Sale,
  type ThreadSummary,
} from '@reloop/shared';
import { bookingMessages, bookings, notifications } from '../../src/db/schema.ts';
import { call, errorPaths, sellProduct } from '../helpers/behaviour.ts';
import { bookAs, createActor, createProductAs, type Actor } from '../helpers/marketplace.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * A booking's conversation (DESIGN §12): its buyer and its product's seller write; an admin
 * reads it only while the product is reported; unread counts follow each side's reading; the
 * note the buyer leaves when booking is the first message. Text only, limited in length, rate
 * and thread size.
 */
let t: TestApp;
let seller: Actor;
let buyer: Actor;
let productId: string;
let bookingId: string;
beforeEach(async () => {
  t = await createTestApp();
  seller = await createActor(t.app, 'seller');
  buyer = await createActor(t.app, 'buyer');
  productId = await createProductAs(t.app, seller);
  const booked = await call(t.app, 'POST', '/api/booking', {
    actor: buyer,
    payload: {
      productId,
      buyerPhone: '5125550199',
      buyerMeetingLocation: 'Central Library',
      note: 'Is the charger included?',
    },
  });
  bookingId = booked.json<{ _id: string }>()._id;
});
afterEach(() => t.close());

const send = (actor: Actor, text: unknown, id = bookingId) =>
  call(t.app, 'POST', `/api/bookings/${id}/messages`, { actor, payload: { text } });
const read = (actor: Actor, id = bookingId) =>
  call(t.app, 'GET', `/api/bookings/${id}/messages`, { actor });

async function thread(actor: Actor): Promise<Pick<Message, 'from' | 'text'>[]> {
  const response = await read(actor);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Message[]>().map(({ from, text }) => ({ from, text }));
}

const unreadAsBuyer = async () =>
  (await call(t.app, 'GET', `/api/booking/${bookingId}`, { actor: buyer })).json<Booking>()
    .unreadMessages;
const unreadAsSeller = async () =>
  (await call(t.app, 'GET', `/api/sales/${bookingId}`, { actor: seller })).json<Sale>()
    .unreadMessages;
const notificationsOf = async (actor: Actor) =>
  (await call(t.app, 'GET', '/api/notifications', { actor })).json<Notifications>();

const storedMessages = () =>
  t.db.select().from(bookingMessages).where(eq(bookingMessages.bookingId, bookingId));

describe('a booking’s thread', () => {
  it('opens with the buyer’s note, and the seller’s reply reaches the buyer as unread', async () => {
    expect(await unreadAsSeller()).toBe(1);
    expect(await thread(seller)).toEqual([{ from: 'buyer', text: 'Is the charger included?' }]);
    // Reading marks it read for the reader only.
    expect(await unreadAsSeller()).toBe(0);

    const reply = await send(seller, '  Yes, the original 65 W one.  ');
    expect(reply.statusCode, reply.body).toBe(201);
    expect(reply.json<Message>()).toEqual({
      _id: expect.any(String),
      from: 'seller',
      text: 'Yes, the original 65 W one.',
      createdAt: expect.any(String),
    });
    expect((await send(seller, 'I can bring a sleeve too.')).statusCode).toBe(201);
    expect(await unreadAsBuyer()).toBe(2);
    // Writing means having read: the seller's own messages never count as unread for them.
    expect(await unreadAsSeller()).toBe(0);

    const before = await notificationsOf(buyer);
    expect(before.unreadMessages).toBe(2);
    // A burst of messages is one notification.
    expect(before.notifications.filter((item) => item.kind === 'message')).toEqual([
      expect.objectContaining({ bookingId, side: 'buyer', read: false }),
    ]);

    expect(await thread(buyer)).toEqual([
      { from: 'buyer', text: 'Is the charger included?' },
      { from: 'seller', text: 'Yes, the original 65 W one.' },
      { from: 'seller', text: 'I can bring a sleeve too.' },
    ]);
    expect(await unreadAsBuyer()).toBe(0);
    const after = await notificationsOf(buyer);
    expect(after).toMatchObject({ unread: 0, unreadMessages: 0 });
  });

  it('writes nothing when a thread already read is read again (an open thread polls)', async () => {
    await thread(seller);
    const version = () =>
      t.db
        .select({ xmin: sql<string>`xmin::text` })
        .from(bookings)
        .where(eq(bookings.id, bookingId));
    const before = await version();
    await thread(seller);
    await thread(seller);
    expect(await version()).toEqual(before);
  });

  it('counts nothing unread for a side that answers without opening the thread', async () => {
    expect((await send(seller, 'Yes, it is.')).statusCode).toBe(201);
    expect(await notificationsOf(buyer)).toMatchObject({ unread: 1, unreadMessages: 1 });
    expect((await send(buyer, 'Great, thanks!')).statusCode).toBe(201);
    expect(await unreadAsBuyer()).toBe(0);
    expect(await notificationsOf(buyer)).toMatchObject({ unread: 0, unreadMessages: 0 });
  });

  it('has no first message when the buyer left no note', async () => {
    const other = await createProductAs(t.app, seller);
    const quiet = await bookAs(t.app, buyer, other);
    const response = await read(buyer, quiet);
    expect(response.json()).toEqual([]);
  });

  it('is for the two sides only; an admin reads it only while the product is reported', async () => {
    const outsiders = await Promise.all([
      createActor(t.app, 'buyer'),
      createActor(t.app, 'seller'),
    ]);
    for (const outsider of outsiders) {
      expect((await read(outsider)).statusCode).toBe(403);
      expect((await send(outsider, 'hello')).statusCode).toBe(403);
    }
    const admin = await createActor(t.app, 'admin');
    const refused = await read(admin);
    expect(refused.statusCode).toBe(403);
    // Nor about a complaint (DESIGN §15): there is none on this booking.
    expect(refused.json()).toEqual({ message: messages.threadNotForAdmins });
    const threads = await call(t.app, 'GET', `/api/reported/products/${productId}/threads`, {
      actor: admin,
    });
    expect(threads.statusCode).toBe(403);

    await call(t.app, 'PUT', `/api/product/report/${productId}`, { actor: outsiders[0] });
    expect(await thread(admin)).toEqual([{ from: 'buyer', text: 'Is the charger included?' }]);
    // An admin's reading is not the seller's: their unread count stays.
    expect(await unreadAsSeller()).toBe(1);
    expect((await send(admin, 'Admin here')).statusCode).toBe(403);
    const listed = await call(t.app, 'GET', `/api/reported/products/${productId}/threads`, {
      actor: admin,
    });
    expect(listed.json<ThreadSummary[]>()).toEqual([
      {
        bookingId,
        buyerName: 'A buyer',
        status: 'unpaid',
        messages: 1,
        lastMessageAt: expect.any(String),
      },
    ]);
  });

  it('answers 404 for an unknown booking and 400 for a malformed id', async () => {
    expect((await read(buyer, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await send(buyer, 'hi', 'nope')).statusCode).toBe(400);
  });

  it('refuses empty, blank, too long or non-text messages and stores nothing', async () => {
    for (const text of ['', '   ', 'x'.repeat(2001), 42, null, undefined]) {
      const response = await send(buyer, text);
      expect(response.statusCode, String(text)).toBe(400);
      expect(errorPaths(response)).toEqual(['body.text']);
    }
    expect((await send(buyer, 'x'.repeat(2000))).statusCode).toBe(201);
    expect(await storedMessages()).toHaveLength(2);
  });

  it('stays open after a cancel, and closes when another buyer got the laptop', async () => {
    expect(
      (await call(t.app, 'POST', `/api/bookings/${bookingId}/cancel`, { actor: buyer })).statusCode,
    ).toBe(200);
    expect((await send(seller, 'Sorry to see you go')).statusCode).toBe(201);

    const other = await createProductAs(t.app, seller);
    const closed = await bookAs(t.app, buyer, other);
    await sellProduct(t.app, other);
    const response = await send(buyer, 'Is it still available?', closed);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: messages.threadClosed });
  });

  it('caps a thread', async () => {
    await t.db.insert(bookingMessages).values(
      Array.from({ length: MAX_THREAD_MESSAGES - 1 }, (_, index) => ({
        bookingId,
        from: 'seller' as const,
        text: `message ${index}`,
      })),
    );
    const response = await send(buyer, 'one more');
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: messages.threadFull });
    expect(await storedMessages()).toHaveLength(MAX_THREAD_MESSAGES);
  });

  it('limits each user to 20 messages a minute, the booking note among them', async () => {
    // The note sent with the booking was the first of the buyer's 20.
    for (let index = 0; index < 19; index += 1) {
      expect((await send(buyer, `message ${index}`)).statusCode).toBe(201);
    }
    const limited = await send(buyer, 'one too many');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toMatch(/^\d+$/);
    expect(limited.json()).toEqual({ message: messages.tooManyRequests });
    // The other side keeps theirs.
    expect((await send(seller, 'still here')).statusCode).toBe(201);
    expect(await storedMessages()).toHaveLength(21);
  });
});

describe('notifications', () => {
  it('tell the seller of a booking and its payment, and the buyer of a message', async () => {
    const { buyer: payer, bookingId: paid } = await sellProduct(
      t.app,
      await createProductAs(t.app, seller),
    );
    const forSeller = await notificationsOf(seller);
    expect(
      forSeller.notifications.map(({ kind, bookingId: id, side }) => [kind, id, side]),
    ).toEqual([
      ['paid', paid, 'seller'],
      ['booked', paid, 'seller'],
      ['booked', bookingId, 'seller'],
    ]);
    expect(forSeller).toMatchObject({ unread: 3, unreadMessages: 0 });

    expect((await send(seller, 'See you at 6', paid)).statusCode).toBe(201);
    expect((await notificationsOf(payer)).notifications).toEqual([
      expect.objectContaining({ kind: 'message', bookingId: paid, side: 'buyer', read: false }),
    ]);
  });

  it('are marked read on request, except unread messages, which reading the thread clears', async () => {
    expect((await send(seller, 'Hello')).statusCode).toBe(201);
    expect((await send(buyer, 'Hi')).statusCode).toBe(201);
    // The buyer has an unread message of their own, in another booking's thread.
    const otherBooking = await bookAs(t.app, buyer, await createProductAs(t.app, seller));
    expect((await send(seller, 'Any questions?', otherBooking)).statusCode).toBe(201);
    const marked = await call(t.app, 'POST', '/api/notifications/read', { actor: seller });
    expect(marked.json()).toEqual({ acknowledged: true });
    expect(await notificationsOf(seller)).toMatchObject({ unread: 1, unreadMessages: 1 });
    await read(seller);
    const after = await notificationsOf(seller);
    expect(after).toMatchObject({ unread: 0, unreadMessages: 0 });
    expect(after.notifications.every((item) => item.read)).toBe(true);
    // Another user's notifications are untouched.
    expect((await notificationsOf(buyer)).unread).toBe(1);
  });

  it('count up to 100 of each, however many are unread', async () => {
    expect((await send(buyer, 'Still available?')).statusCode).toBe(201);
    const backlog = UNREAD_COUNTED_UP_TO + 20;
    await t.db.insert(notifications).values(
      Array.from({ length: backlog }, () => ({
        userId: seller.uid,
        bookingId,
        kind: 'booked' as const,
        side: 'seller' as const,
      })),
    );
    await t.db.insert(bookingMessages).values(
      Array.from({ length: backlog }, (_, index) => ({
        bookingId,
        from: 'buyer' as const,
        text: `Message ${index}`,
      })),
    );
    expect(await notificationsOf(seller)).toMatchObject({
      unread: UNREAD_COUNTED_UP_TO,
      unreadMessages: UNREAD_COUNTED_UP_TO,
    });
    // Below the cap the counts are exact: the backlog read, one new message is one.
    await read(seller);
    await call(t.app, 'POST', '/api/notifications/read', { actor: seller });
    expect((await send(buyer, 'Hello?')).statusCode).toBe(201);
    expect(await notificationsOf(seller)).toMatchObject({ unread: 1, unreadMessages: 1 });
  });
});
