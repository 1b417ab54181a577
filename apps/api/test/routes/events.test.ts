import pg from 'pg';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { messages } from '@reloop/shared';
import { call } from '../helpers/behaviour.ts';
import { withClient } from '../../src/db/client.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/database.ts';
import {
  openEventStream,
  type EventStreamClient,
  type ReceivedEvent,
} from '../helpers/event-stream.ts';
import { bookAs, createActor, createProductAs, type Actor } from '../helpers/marketplace.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * `GET /api/events` (DESIGN §17): a signed-in user's messages, notifications and booking changes
 * as server-sent events, resumable by `Last-Event-ID`, to nobody outside the booking, across
 * instances on one database, ended with the session.
 */
const apps: TestApp[] = [];
const streams: EventStreamClient[] = [];
let database: TestDatabase | undefined;
afterEach(async () => {
  for (const stream of streams.splice(0)) stream.close();
  for (const app of apps.splice(0)) await app.close();
  await database?.drop();
  database = undefined;
});

/** A listening instance; `on` names a database shared with another instance. */
async function startInstance(options: Parameters<typeof createTestApp>[0] = {}) {
  const t = await createTestApp(options);
  apps.push(t);
  const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  return { ...t, url };
}

async function stream(url: string, actor: Actor, lastEventId?: string) {
  const opened = await openEventStream(url, actor.token, lastEventId);
  streams.push(opened);
  return opened;
}

/** A seller's product booked by a buyer, and a function to write in its thread. */
async function bookedThread(t: TestApp) {
  const seller = await createActor(t.app, 'seller');
  const buyer = await createActor(t.app, 'buyer');
  const productId = await createProductAs(t.app, seller);
  const bookingId = await bookAs(t.app, buyer, productId);
  const write = async (actor: Actor, text: string) => {
    const sent = await call(t.app, 'POST', `/api/bookings/${bookingId}/messages`, {
      actor,
      payload: { text },
    });
    expect(sent.statusCode, sent.body).toBe(201);
  };
  return { seller, buyer, bookingId, write };
}

const messageSaying =
  (text: string) =>
  (event: ReceivedEvent): boolean =>
    event.type === 'message' && (event.data as { message: { text: string } }).message.text === text;

describe('GET /api/events', () => {
  it('answers 401 without a token or with a bad one, and 400 for a Last-Event-ID it never sent', async () => {
    const t = await startInstance();
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/events' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ message: messages.signInRequired });
    const forged = await t.app.inject({
      method: 'GET',
      url: '/api/events',
      headers: { authorization: 'Bearer not-a-token' },
    });
    expect(forged.statusCode).toBe(401);
    const buyer = await createActor(t.app, 'buyer');
    const badId = await t.app.inject({
      method: 'GET',
      url: '/api/events',
      headers: { ...buyer.headers, 'last-event-id': 'yesterday' },
    });
    expect(badId.statusCode).toBe(400);
  });

  it('delivers a message to both sides of the booking as it is sent, with the notice to the other side', async () => {
    const t = await startInstance();
    const { seller, buyer, bookingId, write } = await bookedThread(t);
    const buyerStream = await stream(t.url, buyer);
    const sellerStream = await stream(t.url, seller);
    expect(buyerStream.status).toBe(200);
    expect(buyerStream.headers['content-type']).toBe('text/event-stream; charset=utf-8');

    await write(seller, 'Yes, the charger is included.');
    const delivered = await buyerStream.next(messageSaying('Yes, the charger is included.'));
    expect(delivered.data).toEqual({
      bookingId,
      message: {
        _id: expect.any(String),
        from: 'seller',
        text: 'Yes, the charger is included.',
        createdAt: expect.any(String),
      },
    });
    expect(delivered.id).toMatch(/^\d+-\d+$/);
    // The writer's other tabs see it too; the notice goes only to the other side.
    await sellerStream.next(messageSaying('Yes, the charger is included.'));
    const notice = await buyerStream.next((event) => event.type === 'notification');
    expect(notice.data).toEqual({ _id: expect.any(String), kind: 'message', bookingId });
    const noticeKinds = sellerStream.events
      .filter((event) => event.type === 'notification')
      .map((event) => (event.data as { kind: string }).kind);
    expect(noticeKinds).not.toContain('message');
  });

  it('tells the seller of a booking change as a booking event and a notice', async () => {
    const t = await startInstance();
    const seller = await createActor(t.app, 'seller');
    const buyer = await createActor(t.app, 'buyer');
    const productId = await createProductAs(t.app, seller);
    const sellerStream = await stream(t.url, seller);
    const bookingId = await bookAs(t.app, buyer, productId);
    const changed = await sellerStream.next((event) => event.type === 'booking');
    expect(changed.data).toEqual({ bookingId, kind: 'booked' });
    await sellerStream.next(
      (event) =>
        event.type === 'notification' && (event.data as { kind: string }).kind === 'booked',
    );
  });

  it('sends nothing to a user outside the booking', async () => {
    const t = await startInstance();
    const { buyer, write } = await bookedThread(t);
    const other = await bookedThread(t);
    const buyerStream = await stream(t.url, buyer);
    const outsiderStream = await stream(t.url, other.buyer);

    await write(buyer, 'Can we meet at noon?');
    await buyerStream.next(messageSaying('Can we meet at noon?'));
    // Events reach streams in order: once the outsider's own arrives, the other would have too.
    await other.write(other.seller, 'Your own thread');
    await outsiderStream.next(messageSaying('Your own thread'));
    expect(
      outsiderStream.events.map((event) => (event.data as { bookingId: string }).bookingId),
    ).toEqual(outsiderStream.events.map(() => other.bookingId));
    expect(outsiderStream.events.some(messageSaying('Can we meet at noon?'))).toBe(false);
  });

  it('resumes after Last-Event-ID with every event missed, in order, and none sent before', async () => {
    const t = await startInstance();
    const { seller, buyer, write } = await bookedThread(t);
    const first = await stream(t.url, buyer);
    await write(seller, 'one');
    const seen = await first.next(messageSaying('one'));
    first.close();

    await write(seller, 'two');
    await write(seller, 'three');
    const resumed = await stream(t.url, buyer, seen.id);
    await resumed.next(messageSaying('three'));
    const texts = resumed.events
      .filter((event) => event.type === 'message')
      .map((event) => (event.data as { message: { text: string } }).message.text);
    expect(texts).toEqual(['two', 'three']);
    const ids = resumed.events.map((event) => event.id);
    expect(ids).not.toContain(seen.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('carries events between two instances on one database', async () => {
    database = await createTestDatabase();
    const a = await startInstance({ databaseUrl: database.url });
    const b = await startInstance({ databaseUrl: database.url });
    const { seller, buyer, write } = await bookedThread(b);
    const onA = await stream(a.url, buyer);

    // Written through instance B, streamed by instance A.
    await write(seller, 'Sent through the other instance');
    await onA.next(messageSaying('Sent through the other instance'));
  });

  it('keeps an idle stream alive with heartbeats and ends it when its session ends', async () => {
    const t = await startInstance({ liveEvents: { heartbeatMs: 100 } });
    const buyer = await createActor(t.app, 'buyer');
    const open = await stream(t.url, buyer);
    await expect
      .poll(() => open.comments.filter((line) => line === 'heartbeat').length)
      .toBeGreaterThan(1);

    const signedOut = await call(t.app, 'POST', '/api/auth/signout', { actor: buyer });
    expect(signedOut.statusCode).toBe(204);
    await open.ended;
    const again = await t.app.inject({ method: 'GET', url: '/api/events', headers: buyer.headers });
    expect(again.statusCode).toBe(401);
  });

  it('sends events in the order their transactions became visible, and none behind an open one', async () => {
    database = await createTestDatabase();
    const t = await startInstance({ databaseUrl: database.url });
    const buyer = await createActor(t.app, 'buyer');
    const open = await stream(t.url, buyer);
    const earlier = new pg.Client({ connectionString: database.url });
    await earlier.connect();
    try {
      const notice = (id: string) =>
        `insert into live_events (user_id, type, data) values ('${buyer.uid}', 'notification',
          '{"_id": "${id}", "kind": "paid", "bookingId": null}')`;
      // The earlier transaction writes its event first and commits last.
      await earlier.query('begin');
      await earlier.query(notice('00000000-0000-4000-8000-000000000001'));
      await withClient(database.url, async (later) => {
        await later.query(notice('00000000-0000-4000-8000-000000000002'));
        await later.query(`select pg_notify('reloop_live_events', '')`);
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(open.events).toEqual([]);
      await earlier.query('commit');
      await earlier.query(`select pg_notify('reloop_live_events', '')`);
      await open.next((event) => event.type === 'notification' && open.events.length === 2);
      expect(open.events.map((event) => (event.data as { _id: string })._id)).toEqual([
        '00000000-0000-4000-8000-000000000001',
        '00000000-0000-4000-8000-000000000002',
      ]);
    } finally {
      await earlier.end();
    }
  });

  it('is not held back by a long transaction in another database on the server', async () => {
    const t = await startInstance();
    const { seller, buyer, write } = await bookedThread(t);
    const open = await stream(t.url, buyer);
    const elsewhere = new pg.Client({ connectionString: inject('postgresServerUrl') });
    await elsewhere.connect();
    try {
      await elsewhere.query('begin');
      await elsewhere.query('select pg_current_xact_id()');
      await write(seller, 'Not held back');
      await open.next(messageSaying('Not held back'), 1_500);
    } finally {
      await elsewhere.query('rollback');
      await elsewhere.end();
    }
  });
});
