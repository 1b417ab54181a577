import { asc } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Booking, ErrorBody, Sale } from '@reloop/shared';
import type { Database } from '../../src/db/client.ts';
import { bookings, payments, products, testPaymentIntents } from '../../src/db/schema.ts';
import { bookAs, createActor, payAs, type Actor } from './marketplace.ts';

/**
 * Small conveniences for the behaviour tests (users, products, bookings, payments): one-line
 * calls, typed bodies, and a whole-table snapshot to prove that a call changed nothing.
 */
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export function call(
  app: FastifyInstance,
  method: Method,
  url: string,
  options: { actor?: Actor; payload?: object } = {},
): Promise<LightMyRequestResponse> {
  const request: InjectOptions = { method, url };
  if (options.actor) request.headers = options.actor.headers;
  if (options.payload) request.payload = options.payload;
  return app.inject(request);
}

/** The `_id`s of a list response, in order. */
export const idsOf = (response: LightMyRequestResponse): string[] =>
  response.json<{ _id: string }[]>().map((item) => item._id);

/** The field paths of a 400's `errors`, sorted. */
export const errorPaths = (response: LightMyRequestResponse): string[] =>
  (response.json<ErrorBody>().errors ?? []).map((error) => error.path).sort();

/** The URL of the next page from a list's `Link: <…>; rel="next"` header, if there is one. */
export const nextLink = (response: Pick<LightMyRequestResponse, 'headers'>): string | undefined => {
  const header = response.headers.link;
  const match = typeof header === 'string' ? /^<([^>]+)>; rel="next"$/.exec(header) : null;
  return match?.[1];
};

/** Follows a list's next links from `url` to the end; one array of ids per page. */
export async function pagesOf(
  app: FastifyInstance,
  url: string,
  actor?: Actor,
): Promise<string[][]> {
  const pages: string[][] = [];
  for (let next: string | undefined = url; next;) {
    const response = await call(app, 'GET', next, actor ? { actor } : {});
    if (response.statusCode !== 200) throw new Error(`${next} → ${response.statusCode}`);
    pages.push(idsOf(response));
    next = nextLink(response);
  }
  return pages;
}

export function orderAs(
  app: FastifyInstance,
  buyer: Actor,
  bookingId: string,
  paymentId: string,
): Promise<LightMyRequestResponse> {
  return call(app, 'POST', '/api/orders', { actor: buyer, payload: { bookingId, paymentId } });
}

/** A fresh buyer books, pays with the success card and records the order: the product is sold. */
export async function sellProduct(
  app: FastifyInstance,
  productId: string,
): Promise<{ buyer: Actor; bookingId: string; paymentId: string }> {
  const buyer = await createActor(app, 'buyer');
  const bookingId = await bookAs(app, buyer, productId);
  const payment = await payAs(app, buyer, bookingId);
  if (payment.status !== 200) throw new Error(`payment failed: ${JSON.stringify(payment.body)}`);
  const order = await orderAs(app, buyer, bookingId, payment.paymentId);
  if (order.statusCode !== 200) throw new Error(`order failed: ${order.body}`);
  return { buyer, bookingId, paymentId: payment.paymentId };
}

/** Every row that a payment or an order may touch, in a stable order. */
export async function marketplaceRows(db: Database) {
  return {
    products: await db.select().from(products).orderBy(asc(products.id)),
    bookings: await db.select().from(bookings).orderBy(asc(bookings.id)),
    payments: await db.select().from(payments).orderBy(asc(payments.id)),
    intents: await db.select().from(testPaymentIntents).orderBy(asc(testPaymentIntents.id)),
  };
}

/** One booking as `actor` reads it (its buyer, or an admin); the read must succeed. */
export async function readBooking(
  app: FastifyInstance,
  actor: Actor,
  bookingId: string,
): Promise<Booking> {
  const response = await call(app, 'GET', `/api/booking/${bookingId}`, { actor });
  expect(response.statusCode).toBe(200);
  return response.json<Booking>();
}

/** One sale as its seller reads it; the read must succeed. */
export async function readSale(
  app: FastifyInstance,
  actor: Actor,
  bookingId: string,
): Promise<Sale> {
  const response = await call(app, 'GET', `/api/sales/${bookingId}`, { actor });
  expect(response.statusCode).toBe(200);
  return response.json<Sale>();
}
