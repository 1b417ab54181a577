import { and, asc, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  MAX_THREAD_MESSAGES,
  messages,
  type AccountExport,
  type Booking,
  type Message,
  type Notifications,
  type Question,
  type QuestionAsked,
  type QuestionSummary,
  type Sale,
} from '@reloop/shared';
import {
  bookingMessages,
  liveEvents,
  questionMessages,
  questions,
  users,
} from '../../src/db/schema.ts';
import { call, errorPaths, idsOf, pagesOf, sellProduct } from '../helpers/behaviour.ts';
import { bookAs, createActor, createProductAs, type Actor } from '../helpers/marketplace.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * Asking before booking (DESIGN §17): a signed-in user asks a listing's seller without booking;
 * the two of them, and nobody else, carry on the conversation; nothing in it shares a phone
 * number or an email address; the asker's later booking begins its thread with it, and while
 * that booking is open, asking writes into its thread.
 */
let t: TestApp;
let seller: Actor;
let buyer: Actor;
let productId: string;
/** The phone on the listing, and the one the buyer books with: neither may leak by asking. */
const LISTING_PHONE = '5125550123';
const BUYER_PHONE = '5125550199';
beforeEach(async () => {
  t = await createTestApp();
  seller = await createActor(t.app, 'seller');
  buyer = await createActor(t.app, 'buyer');
  productId = await createProductAs(t.app, seller);
  await t.db.update(users).set({ phone: '5125550100' }).where(eq(users.id, seller.uid));
});
afterEach(() => t.close());

const ask = (actor: Actor, text: unknown, id = productId) =>
  call(t.app, 'POST', `/api/product/${id}/questions`, { actor, payload: { text } });
const answer = (actor: Actor, questionId: string, text: unknown) =>
  call(t.app, 'POST', `/api/questions/${questionId}/messages`, { actor, payload: { text } });
const open = (actor: Actor, questionId: string) =>
  call(t.app, 'GET', `/api/questions/${questionId}`, { actor });
const listOf = async (actor: Actor): Promise<QuestionSummary[]> => {
  const response = await call(t.app, 'GET', '/api/questions', { actor });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.body).not.toMatch(contactDetails());
  return response.json<QuestionSummary[]>();
};
const notificationsOf = async (actor: Actor) =>
  (await call(t.app, 'GET', '/api/notifications', { actor })).json<Notifications>();

/** Anything that would let one side reach the other outside Reloop. */
const contactDetails = () =>
  new RegExp(
    [seller.email, buyer.email, LISTING_PHONE, BUYER_PHONE, '5125550100', 'phone', 'email']
      .map((text) => text.replace(/[.+]/g, '\\$&'))
      .join('|'),
    'i',
  );

async function asked(response: LightMyRequestResponse): Promise<QuestionAsked> {
  expect(response.statusCode, response.body).toBe(201);
  expect(response.body).not.toMatch(contactDetails());
  return response.json<QuestionAsked>();
}

async function conversation(actor: Actor, questionId: string): Promise<Question> {
  const response = await open(actor, questionId);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.body).not.toMatch(contactDetails());
  return response.json<Question>();
}

const said = (thread: Message[]) => thread.map(({ from, text }) => ({ from, text }));

describe('asking a seller before booking', () => {
  it('opens a conversation with the seller, without a booking or contact details', async () => {
    const first = await asked(await ask(buyer, '  Does the battery hold a charge?  '));
    expect(first).toEqual({
      questionId: expect.any(String),
      bookingId: null,
      productId,
      productName: 'ThinkPad T14 Gen 2',
      messages: [
        {
          _id: expect.any(String),
          from: 'buyer',
          text: 'Does the battery hold a charge?',
          createdAt: expect.any(String),
        },
      ],
    });
    // Asking again continues the same conversation.
    const second = await asked(await ask(buyer, 'And is the keyboard US layout?'));
    expect(second.questionId).toBe(first.questionId);
    expect(said(second.messages)).toEqual([
      { from: 'buyer', text: 'Does the battery hold a charge?' },
      { from: 'buyer', text: 'And is the keyboard US layout?' },
    ]);
    expect(await t.db.select().from(questions)).toHaveLength(1);

    expect(await listOf(seller)).toEqual([
      {
        _id: first.questionId,
        productId,
        productName: 'ThinkPad T14 Gen 2',
        productImg: expect.any(String),
        side: 'seller',
        otherName: 'A buyer',
        bookingId: null,
        lastMessageAt: second.messages[1]?.createdAt,
        unreadMessages: 2,
      },
    ]);
    expect(await listOf(buyer)).toEqual([
      expect.objectContaining({ side: 'buyer', otherName: 'A seller', unreadMessages: 0 }),
    ]);
  });

  it('lets the seller answer, and only the two of them read or write', async () => {
    const { questionId } = await asked(await ask(buyer, 'Is the charger included?'));
    if (!questionId) throw new Error('no conversation');
    const reply = await answer(seller, questionId, 'Yes, the original 65 W one.');
    expect(reply.statusCode, reply.body).toBe(201);
    expect(reply.json<Message>()).toEqual({
      _id: expect.any(String),
      from: 'seller',
      text: 'Yes, the original 65 W one.',
      createdAt: expect.any(String),
    });
    expect((await answer(buyer, questionId, 'Great, thanks!')).statusCode).toBe(201);

    const asSeller = await conversation(seller, questionId);
    expect(asSeller).toMatchObject({
      _id: questionId,
      productId,
      side: 'seller',
      otherName: 'A buyer',
      bookingId: null,
    });
    expect(said(asSeller.messages)).toEqual([
      { from: 'buyer', text: 'Is the charger included?' },
      { from: 'seller', text: 'Yes, the original 65 W one.' },
      { from: 'buyer', text: 'Great, thanks!' },
    ]);
    expect(await conversation(buyer, questionId)).toMatchObject({
      side: 'buyer',
      otherName: 'A seller',
    });

    const outsiders = await Promise.all([
      createActor(t.app, 'buyer'),
      createActor(t.app, 'seller'),
      createActor(t.app, 'admin'),
    ]);
    for (const outsider of outsiders) {
      expect((await open(outsider, questionId)).statusCode).toBe(403);
      expect((await answer(outsider, questionId, 'Me too')).statusCode).toBe(403);
      expect(await listOf(outsider)).toEqual([]);
    }
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await open(buyer, unknown)).statusCode).toBe(404);
    expect((await answer(seller, unknown, 'Hello')).json()).toEqual({
      message: messages.questionNotFound,
    });
    expect((await open(buyer, 'nope')).statusCode).toBe(400);
    expect(await t.db.select().from(questionMessages)).toHaveLength(3);
  });

  it('needs a signed-in user', async () => {
    const { questionId } = await asked(await ask(buyer, 'Still available?'));
    for (const [method, url] of [
      ['POST', `/api/product/${productId}/questions`],
      ['GET', '/api/questions'],
      ['GET', `/api/questions/${questionId}`],
      ['POST', `/api/questions/${questionId}/messages`],
    ] as const) {
      const response = await call(t.app, method, url, { payload: { text: 'hi' } });
      expect(response.statusCode, url).toBe(401);
    }
  });

  it('refuses unknown and deleted listings, one’s own, and sold ones', async () => {
    expect((await ask(buyer, 'Hello?', '00000000-0000-4000-8000-000000000000')).json()).toEqual({
      message: messages.productNotFound,
    });
    expect((await ask(buyer, 'Hello?', 'nope')).statusCode).toBe(400);

    const own = await ask(seller, 'Talking to myself');
    expect(own.statusCode).toBe(403);
    expect(own.json()).toEqual({ message: messages.ownListingQuestion });

    const deleted = await createProductAs(t.app, seller);
    expect(
      (await call(t.app, 'DELETE', `/api/delete/product/${deleted}`, { actor: seller })).statusCode,
    ).toBe(200);
    expect((await ask(buyer, 'Hello?', deleted)).statusCode).toBe(404);

    const sold = await createProductAs(t.app, seller);
    await sellProduct(t.app, sold);
    const late = await ask(buyer, 'Is it still available?', sold);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ message: messages.productSold });
    expect(await t.db.select().from(questions)).toEqual([]);
  });

  it('checks the text as a thread message’s, and stores nothing refused', async () => {
    for (const text of ['', '   ', 'x'.repeat(2001), 42, null, undefined]) {
      const response = await ask(buyer, text);
      expect(response.statusCode, String(text)).toBe(400);
      expect(errorPaths(response)).toEqual(['body.text']);
    }
    const { questionId } = await asked(await ask(buyer, 'x'.repeat(2000)));
    if (!questionId) throw new Error('no conversation');
    expect(errorPaths(await answer(seller, questionId, ' '))).toEqual(['body.text']);
    expect(await t.db.select().from(questionMessages)).toHaveLength(1);
  });

  it('closes a conversation whose listing was sold to someone else or deleted', async () => {
    const { questionId } = await asked(await ask(buyer, 'Would you take $500?'));
    if (!questionId) throw new Error('no conversation');
    await sellProduct(t.app, productId);
    const closed = await answer(seller, questionId, 'Sorry, it is gone');
    expect(closed.statusCode).toBe(409);
    expect(closed.json()).toEqual({ message: messages.questionClosed });
    // Still readable, as a booking's thread is.
    expect(said((await conversation(buyer, questionId)).messages)).toHaveLength(1);
  });

  it('caps a conversation as a booking’s thread is capped', async () => {
    const { questionId } = await asked(await ask(buyer, 'First question'));
    if (!questionId) throw new Error('no conversation');
    await t.db.insert(questionMessages).values(
      Array.from({ length: MAX_THREAD_MESSAGES - 2 }, (_, index) => ({
        questionId,
        from: 'seller' as const,
        text: `answer ${index}`,
      })),
    );
    expect((await ask(buyer, 'The last one')).statusCode).toBe(201);
    const full = await answer(seller, questionId, 'One more');
    expect(full.statusCode).toBe(409);
    expect(full.json()).toEqual({ message: messages.threadFull });
    expect((await ask(buyer, 'Another')).json()).toEqual({ message: messages.threadFull });
    expect(await t.db.select().from(questionMessages)).toHaveLength(MAX_THREAD_MESSAGES);

    // A booking then begins its thread with the latest of them, and the note still fits.
    const booked = await call(t.app, 'POST', '/api/booking', {
      actor: buyer,
      payload: {
        productId,
        buyerPhone: BUYER_PHONE,
        buyerMeetingLocation: 'Central Library',
        note: 'Booked it!',
      },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const thread = await call(
      t.app,
      'GET',
      `/api/bookings/${booked.json<Booking>()._id}/messages`,
      {
        actor: seller,
      },
    );
    const messagesInThread = thread.json<Message[]>();
    expect(messagesInThread).toHaveLength(MAX_THREAD_MESSAGES);
    expect(said(messagesInThread).slice(-2)).toEqual([
      { from: 'buyer', text: 'The last one' },
      { from: 'buyer', text: 'Booked it!' },
    ]);
    expect(messagesInThread[0]?.text).not.toBe('First question');
  });

  it('spends the messages allowance: 20 a minute, booking messages among them', async () => {
    const bookingId = await bookAs(t.app, buyer, await createProductAs(t.app, seller));
    for (let index = 0; index < 10; index += 1) {
      const sent = await call(t.app, 'POST', `/api/bookings/${bookingId}/messages`, {
        actor: buyer,
        payload: { text: `message ${index}` },
      });
      expect(sent.statusCode).toBe(201);
    }
    for (let index = 0; index < 10; index += 1) {
      expect((await ask(buyer, `question ${index}`)).statusCode).toBe(201);
    }
    const limited = await ask(buyer, 'one too many');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toMatch(/^\d+$/);
    expect(limited.json()).toEqual({ message: messages.tooManyRequests });
    const [question] = await t.db.select().from(questions);
    if (!question) throw new Error('no conversation');
    expect((await answer(buyer, question.id, 'and another')).statusCode).toBe(429);
    // The seller keeps theirs.
    expect((await answer(seller, question.id, 'Here to help')).statusCode).toBe(201);
    expect(await t.db.select().from(questionMessages)).toHaveLength(11);
  });
});

describe('notices and live events', () => {
  it('tell the other side once per unread burst, and reading the conversation reads it', async () => {
    const { questionId } = await asked(await ask(buyer, 'Is the screen scratched?'));
    await asked(await ask(buyer, 'And the lid?'));
    const forSeller = await notificationsOf(seller);
    expect(forSeller.unread).toBe(1);
    expect(forSeller.notifications).toEqual([
      expect.objectContaining({
        kind: 'question',
        questionId,
        productId,
        bookingId: null,
        side: null,
        productName: 'ThinkPad T14 Gen 2',
        read: false,
      }),
    ]);
    // The asker is not told of their own question.
    expect((await notificationsOf(buyer)).notifications).toEqual([]);

    // Marking the bell read leaves it, as it leaves a thread's message: reading the conversation
    // reads it.
    await call(t.app, 'POST', '/api/notifications/read', { actor: seller });
    expect((await notificationsOf(seller)).unread).toBe(1);
    if (!questionId) throw new Error('no conversation');
    await conversation(seller, questionId);
    expect((await notificationsOf(seller)).unread).toBe(0);
    expect((await listOf(seller))[0]?.unreadMessages).toBe(0);

    expect((await answer(seller, questionId, 'Not a scratch')).statusCode).toBe(201);
    expect((await notificationsOf(buyer)).notifications).toEqual([
      expect.objectContaining({ kind: 'question', questionId, read: false }),
    ]);
    expect((await listOf(buyer))[0]?.unreadMessages).toBe(1);
    // Writing means having read: the seller has nothing unread.
    expect((await listOf(seller))[0]?.unreadMessages).toBe(0);
  });

  it('tell the seller of each asker’s conversation apart', async () => {
    const other = await createActor(t.app, 'buyer');
    const first = await asked(await ask(buyer, 'Is it a 2021 model?'));
    const second = await asked(await ask(other, 'Any dead pixels?'));
    const notices = (await notificationsOf(seller)).notifications;
    expect(notices.map((notice) => notice.questionId).sort()).toEqual(
      [first.questionId, second.questionId].sort(),
    );
  });

  it('stream each message to both people as a message event', async () => {
    const { questionId } = await asked(await ask(buyer, 'Can I see it on Saturday?'));
    const events = await t.db
      .select({ userId: liveEvents.userId, type: liveEvents.type, data: liveEvents.data })
      .from(liveEvents)
      .where(eq(liveEvents.type, 'message'))
      .orderBy(asc(liveEvents.id));
    expect(events.map((event) => event.userId).sort()).toEqual([buyer.uid, seller.uid].sort());
    for (const event of events) {
      expect(event.data).toEqual({
        bookingId: null,
        questionId,
        message: expect.objectContaining({ from: 'buyer', text: 'Can I see it on Saturday?' }),
      });
    }
    const notices = await t.db
      .select({ data: liveEvents.data })
      .from(liveEvents)
      .where(and(eq(liveEvents.type, 'notification'), eq(liveEvents.userId, seller.uid)));
    expect(notices).toEqual([
      { data: { _id: expect.any(String), kind: 'question', bookingId: null } },
    ]);
  });
});

describe('a booking after asking', () => {
  it('begins its thread with the questions and answers, their times and reading kept', async () => {
    const { questionId } = await asked(await ask(buyer, 'Is the charger included?'));
    if (!questionId) throw new Error('no conversation');
    expect((await answer(seller, questionId, 'Yes it is')).statusCode).toBe(201);
    const before = await conversation(buyer, questionId);

    const booked = await call(t.app, 'POST', '/api/booking', {
      actor: buyer,
      payload: {
        productId,
        buyerPhone: BUYER_PHONE,
        buyerMeetingLocation: 'Central Library',
        note: 'See you at 6',
      },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const bookingId = booked.json<{ _id: string }>()._id;
    const thread = await call(t.app, 'GET', `/api/bookings/${bookingId}/messages`, {
      actor: buyer,
    });
    const copied = thread.json<Message[]>();
    expect(said(copied)).toEqual([
      { from: 'buyer', text: 'Is the charger included?' },
      { from: 'seller', text: 'Yes it is' },
      { from: 'buyer', text: 'See you at 6' },
    ]);
    expect(copied.slice(0, 2).map((message) => message.createdAt)).toEqual(
      before.messages.map((message) => message.createdAt),
    );
    // What each side had read stays read: the seller has only the note to read.
    const sale = await call(t.app, 'GET', `/api/sales/${bookingId}`, { actor: seller });
    expect(sale.json<Sale>().unreadMessages).toBe(1);
    const order = await call(t.app, 'GET', `/api/booking/${bookingId}`, { actor: buyer });
    expect(order.json<Booking>().unreadMessages).toBe(0);

    // The conversation now leads to the booking, and goes on there.
    expect((await conversation(seller, questionId)).bookingId).toBe(bookingId);
    expect((await listOf(buyer))[0]?.bookingId).toBe(bookingId);
    const moved = await answer(seller, questionId, 'Great');
    expect(moved.statusCode).toBe(409);
    expect(moved.json()).toEqual({ message: messages.questionInBooking });
  });

  it('books as before when nobody asked: the thread has the note only', async () => {
    const bookingId = await bookAs(t.app, buyer, productId);
    const thread = await call(t.app, 'GET', `/api/bookings/${bookingId}/messages`, {
      actor: buyer,
    });
    expect(thread.json()).toEqual([]);
    expect(await t.db.select().from(bookingMessages)).toEqual([]);
  });

  it('takes a question into the open booking’s thread, which tells the seller', async () => {
    const bookingId = await bookAs(t.app, buyer, productId);
    const into = await asked(await ask(buyer, 'Can we meet earlier?'));
    expect(into).toEqual({
      questionId: null,
      bookingId,
      productId,
      productName: 'ThinkPad T14 Gen 2',
      messages: [expect.objectContaining({ from: 'buyer', text: 'Can we meet earlier?' })],
    });
    expect(await t.db.select().from(questions)).toEqual([]);
    const thread = await call(t.app, 'GET', `/api/bookings/${bookingId}/messages`, {
      actor: seller,
    });
    expect(said(thread.json<Message[]>())).toEqual([
      { from: 'buyer', text: 'Can we meet earlier?' },
    ]);
    expect((await notificationsOf(seller)).notifications[0]).toMatchObject({
      kind: 'message',
      bookingId,
    });

    // Cancelled, the booking lets go: asking goes back to a conversation before booking.
    await call(t.app, 'POST', `/api/bookings/${bookingId}/cancel`, { actor: buyer });
    const after = await asked(await ask(buyer, 'Changed my mind, is it still here?'));
    expect(after.bookingId).toBeNull();
    expect(after.questionId).toEqual(expect.any(String));
  });

  it('takes a question of a buyer who paid into their booking, though the listing is sold', async () => {
    const { buyer: payer, bookingId } = await sellProduct(t.app, productId);
    const response = await ask(payer, 'Where exactly do we meet?');
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<QuestionAsked>().bookingId).toBe(bookingId);
  });
});

describe('the data export', () => {
  it('holds the conversations a user asked and those about their listings', async () => {
    const { questionId } = await asked(await ask(buyer, 'Is the charger included?'));
    if (!questionId) throw new Error('no conversation');
    expect((await answer(seller, questionId, 'Yes, it is.')).statusCode).toBe(201);
    const exported = async (actor: Actor) => {
      const response = await call(t.app, 'GET', '/api/auth/export', { actor });
      expect(response.statusCode).toBe(200);
      return response.json<AccountExport>().questions;
    };
    const conversationOf = (asker: boolean) => [
      {
        id: questionId,
        productId,
        productName: 'ThinkPad T14 Gen 2',
        asked: asker,
        messages: [
          { fromMe: asker, text: 'Is the charger included?', createdAt: expect.any(String) },
          { fromMe: !asker, text: 'Yes, it is.', createdAt: expect.any(String) },
        ],
      },
    ];
    expect(await exported(buyer)).toEqual(conversationOf(true));
    expect(await exported(seller)).toEqual(conversationOf(false));
    expect(await exported(await createActor(t.app, 'buyer'))).toEqual([]);
  });
});

describe('the list of conversations', () => {
  it('is newest activity first, asked and about one’s listings alike, in keyset pages', async () => {
    const others = await Promise.all([createActor(t.app, 'buyer'), createActor(t.app, 'buyer')]);
    const mine = await createProductAs(t.app, seller);
    const anotherSeller = await createActor(t.app, 'seller');
    const theirs = await createProductAs(t.app, anotherSeller);
    const ids: string[] = [];
    for (const [actor, product] of [
      [buyer, productId],
      [others[0], productId],
      [others[1], mine],
      [buyer, mine],
      // The seller asks about someone else's listing.
      [seller, theirs],
    ] as const) {
      if (!actor) throw new Error('no actor');
      const { questionId } = await asked(await ask(actor, 'Hello?', product));
      if (questionId) ids.push(questionId);
    }
    const [q0, q1, q2, q3, q4] = ids;
    if (!q0) throw new Error('no conversation');
    // An answer moves the first conversation up.
    expect((await answer(seller, q0, 'Hi!')).statusCode).toBe(201);
    const sellerPages = await pagesOf(t.app, '/api/questions?limit=2', seller);
    expect(sellerPages).toEqual([[q0, q4], [q3, q2], [q1]]);
    expect(idsOf(await call(t.app, 'GET', '/api/questions', { actor: buyer }))).toEqual([q0, q3]);
    expect(
      (await listOf(anotherSeller)).map(({ _id, side, otherName }) => [_id, side, otherName]),
    ).toEqual([[q4, 'seller', 'A seller']]);
    // The pages through both ranges agree with the whole list read at once.
    const whole = await t.db
      .select({ id: questions.id })
      .from(questions)
      .where(sql`${questions.sellerId} = ${seller.uid} or ${questions.buyerId} = ${seller.uid}`)
      .orderBy(sql`${questions.lastMessageAt} desc, ${questions.id} desc`);
    expect(sellerPages.flat()).toEqual(whole.map((row) => row.id));
  });
});
