import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, it, type ExpectStatic } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../helpers/database.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import {
  bookAs,
  createActor,
  createProductAs,
  firstCategoryId,
  productBody,
  type Actor,
} from '../helpers/marketplace.ts';

/**
 * Who may make which call (DESIGN §4), as one table: every marketplace call × every kind of
 * caller, each cell its own named test, so a forgotten check shows up as a failing cell. The
 * expected statuses come from the rules, not from the code: no/bad/revoked token → 401, the
 * wrong user or role → 403, public calls → 200 for everyone.
 */
const CALLERS = [
  'anonymous',
  'buyer',
  'otherBuyer',
  'seller',
  'otherSeller',
  'admin',
  'deleted',
] as const;
type Caller = (typeof CALLERS)[number];
type SignedIn = Exclude<Caller, 'anonymous'>;

const LABEL: Record<Caller, string> = {
  anonymous: 'anonymous',
  buyer: 'buyer',
  otherBuyer: 'other buyer',
  seller: 'seller',
  otherSeller: 'other seller',
  admin: 'admin',
  deleted: 'deleted user',
};

/**
 * A seller with one product, a buyer with one booking on it, bystanders owning nothing
 * involved, an admin, and a buyer the admin has deleted (their token is still at hand).
 */
interface Fixture extends FixtureData {
  t: TestApp;
}
interface FixtureData {
  actors: Record<SignedIn, Actor>;
  categoryId: string;
  productId: string;
  bookingId: string;
  /** The buyer's saved search. */
  savedSearchId: string;
  /** The other buyer's conversation with the seller about the product, before booking. */
  questionId: string;
}

async function populate(t: TestApp): Promise<FixtureData> {
  const [buyer, otherBuyer, seller, otherSeller, admin, deleted] = await Promise.all([
    createActor(t.app, 'buyer'),
    createActor(t.app, 'buyer'),
    createActor(t.app, 'seller'),
    createActor(t.app, 'seller'),
    createActor(t.app, 'admin'),
    createActor(t.app, 'buyer'),
  ]);
  const productId = await createProductAs(t.app, seller);
  const bookingId = await bookAs(t.app, buyer, productId);
  // Reported, so an admin may read the conversations about it (DESIGN §12).
  const report = await t.app.inject({
    method: 'PUT',
    url: `/api/product/report/${productId}`,
    headers: otherBuyer.headers,
  });
  if (report.statusCode !== 200) throw new Error(`reporting the product failed: ${report.body}`);
  const removal = await t.app.inject({
    method: 'DELETE',
    url: `/api/user/delete/${deleted.uid}`,
    headers: admin.headers,
  });
  if (removal.statusCode !== 200) throw new Error(`deleting the user failed: ${removal.body}`);
  const search = await t.app.inject({
    method: 'POST',
    url: '/api/saved-searches',
    headers: buyer.headers,
    payload: { name: 'ThinkPads', q: 'thinkpad' },
  });
  if (search.statusCode !== 201) throw new Error(`saving a search failed: ${search.body}`);
  const question = await t.app.inject({
    method: 'POST',
    url: `/api/product/${productId}/questions`,
    headers: otherBuyer.headers,
    payload: { text: 'Is the battery original?' },
  });
  if (question.statusCode !== 201) throw new Error(`asking failed: ${question.body}`);
  return {
    actors: { buyer, otherBuyer, seller, otherSeller, admin, deleted },
    categoryId: await firstCategoryId(t.db),
    productId,
    bookingId,
    savedSearchId: search.json<{ _id: string }>()._id,
    questionId: question.json<{ questionId: string }>().questionId,
  };
}

/**
 * The fixture is built once, in a database of its own; every test that writes gets a copy of
 * that database (a file copy in PostgreSQL, tens of milliseconds) instead of signing six users
 * up again. Sessions live in the database, so the actors' tokens work on every copy.
 */
let fixtureDatabase: TestDatabase;
let fixtureData: FixtureData;
beforeAll(async () => {
  fixtureDatabase = await createTestDatabase();
  const builder = await createTestApp({ databaseUrl: fixtureDatabase.url });
  try {
    fixtureData = await populate(builder);
  } finally {
    await builder.close();
  }
});
afterAll(() => fixtureDatabase.drop());

async function createFixture(): Promise<Fixture> {
  return { t: await createTestApp({ copyOf: fixtureDatabase.name }), ...fixtureData };
}

/** An intent for the buyer's booking that was never confirmed: its id is a real, unpaid payment. */
async function unpaidPaymentId(f: Fixture): Promise<string> {
  const intent = await f.t.app.inject({
    method: 'POST',
    url: '/api/create-payment-intent',
    headers: f.actors.buyer.headers,
    payload: { bookingId: f.bookingId },
  });
  if (intent.statusCode !== 200) throw new Error(`payment intent failed: ${intent.body}`);
  const { clientSecret } = intent.json<{ clientSecret: string }>();
  return clientSecret.split('_secret_')[0] ?? '';
}

interface Row {
  call: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: (f: Fixture) => string;
  body?: (f: Fixture, caller: Caller) => object | Promise<object>;
  /** The call writes when allowed: each of its cells gets a fresh fixture. */
  mutates: boolean;
  expected: Record<Caller, number>;
}

const registrationRole = (caller: Caller) =>
  caller === 'seller' || caller === 'otherSeller' ? 'seller' : 'buyer';

/** An id no review has. */
const NO_SUCH_REVIEW = '00000000-0000-4000-8000-000000000000';

const MATRIX: Row[] = [
  {
    // Signed in; idempotent and never changes a role, so everyone with a live token gets 200.
    call: 'POST /api/register',
    method: 'POST',
    url: () => '/api/register',
    body: (f, caller) =>
      caller === 'anonymous'
        ? { role: 'buyer' }
        : { role: registrationRole(caller), userEmail: f.actors[caller].email, userName: 'Me' },
    mutates: true,
    expected: {
      anonymous: 401,
      buyer: 200,
      otherBuyer: 200,
      seller: 200,
      otherSeller: 200,
      admin: 200,
      deleted: 401,
    },
  },
  {
    // Own email or admin.
    call: 'GET /api/user/checkrole/:email',
    method: 'GET',
    url: (f) => `/api/user/checkrole/${encodeURIComponent(f.actors.buyer.email)}`,
    mutates: false,
    expected: {
      anonymous: 401,
      buyer: 200,
      otherBuyer: 403,
      seller: 403,
      otherSeller: 403,
      admin: 200,
      deleted: 401,
    },
  },
  {
    call: 'GET /api/productcategory',
    method: 'GET',
    url: () => '/api/productcategory',
    mutates: false,
    expected: {
      anonymous: 200,
      buyer: 200,
      otherBuyer: 200,
      seller: 200,
      otherSeller: 200,
      admin: 200,
      deleted: 200,
    },
  },
  {
    call: 'GET /api/products/:categoryId',
    method: 'GET',
    url: (f) => `/api/products/${f.categoryId}`,
    mutates: false,
    expected: {
      anonymous: 200,
      buyer: 200,
      otherBuyer: 200,
      seller: 200,
      otherSeller: 200,
      admin: 200,
      deleted: 200,
    },
  },
  {
    call: 'GET /api/advertise/products',
    method: 'GET',
    url: () => '/api/advertise/products',
    mutates: false,
    expected: {
      anonymous: 200,
      buyer: 200,
      otherBuyer: 200,
      seller: 200,
      otherSeller: 200,
      admin: 200,
      deleted: 200,
    },
  },
  {
    // Signed in, not one's own product, one booking per buyer per product (the buyer already
    // holds one → 409).
    call: 'POST /api/booking',
    method: 'POST',
    url: () => '/api/booking',
    body: (f) => ({
      productId: f.productId,
      buyerPhone: '5125550111',
      buyerMeetingLocation: 'Central Library',
    }),
    mutates: true,
    expected: {
      anonymous: 401,
      buyer: 409,
      otherBuyer: 201,
      seller: 403,
      otherSeller: 201,
      admin: 201,
      deleted: 401,
    },
  },
  {
    // Signed in, once per user (the other buyer reported it already: 409), never one's own
    // listing (403).
    call: 'PUT /api/product/report/:id',
    method: 'PUT',
    url: (f) => `/api/product/report/${f.productId}`,
    mutates: true,
    expected: {
      anonymous: 401,
      buyer: 200,
      otherBuyer: 409,
      seller: 403,
      otherSeller: 200,
      admin: 200,
      deleted: 401,
    },
  },
  {
    // Own email or admin.
    call: 'GET /api/bookings?email=',
    method: 'GET',
    url: (f) => `/api/bookings?email=${encodeURIComponent(f.actors.buyer.email)}`,
    mutates: false,
    expected: {
      anonymous: 401,
      buyer: 200,
      otherBuyer: 403,
      seller: 403,
      otherSeller: 403,
      admin: 200,
      deleted: 401,
    },
  },
  {
    // The booking's buyer or admin.
    call: 'GET /api/booking/:id',
    method: 'GET',
    url: (f) => `/api/booking/${f.bookingId}`,
    mutates: false,
    expected: {
      anonymous: 401,
      buyer: 200,
      otherBuyer: 403,
      seller: 403,
      otherSeller: 403,
      admin: 200,
      deleted: 401,
    },
  },
  {
    // The booking's buyer only (not even an admin pays for someone else).
    call: 'POST /api/create-payment-intent',
    method: 'POST',
    url: () => '/api/create-payment-intent',
    body: (f) => ({ bookingId: f.bookingId, price: 1 }),
    mutates: true,
    expected: {
      anonymous: 401,
      buyer: 200,
      otherBuyer: 403,
      seller: 403,
      otherSeller: 403,
      admin: 403,
      deleted: 401,
    },
  },
  {
    // The booking's buyer only. The paymentId is the booking's real intent, never confirmed:
    // the provider says it has not succeeded → 402 (an unknown id would be 400).
    call: 'POST /api/orders',
    method: 'POST',
    url: () => '/api/orders',
    body: async (f) => ({ bookingId: f.bookingId, paymentId: await unpaidPaymentId(f) }),
    mutates: true,
    expected: {
      anonymous: 401,
      buyer: 402,
      otherBuyer: 403,
      seller: 403,
      otherSeller: 403,
      admin: 403,
      deleted: 401,
    },
  },
  {
    // Sellers only.
    call: 'POST /api/product',
    method: 'POST',
    url: () => '/api/product',
    body: (f) => productBody(f.categoryId),
    mutates: true,
    expected: {
      anonymous: 401,
      buyer: 403,
      otherBuyer: 403,
      seller: 201,
      otherSeller: 201,
      admin: 403,
      deleted: 401,
    },
  },
  {
    // That seller or admin.
    call: 'GET /api/seller/products?email=',
    method: 'GET',
    url: (f) => `/api/seller/products?email=${encodeURIComponent(f.actors.seller.email)}`,
    mutates: false,
    expected: {
      anonymous: 401,
      buyer: 403,
      otherBuyer: 403,
      seller: 200,
      otherSeller: 403,
      admin: 200,
      deleted: 401,
    },
  },
  {
    // The owning seller only.
    call: 'PUT /api/advertise/product/update/:id',
    method: 'PUT',
    url: (f) => `/api/advertise/product/update/${f.productId}`,
    mutates: true,
    expected: {
      anonymous: 401,
      buyer: 403,
      otherBuyer: 403,
      seller: 200,
      otherSeller: 403,
      admin: 403,
      deleted: 401,
    },
  },
  {
    call: 'GET /api/search',
    method: 'GET',
    url: () => '/api/search?q=thinkpad&minRamGb=8&sort=price_asc',
    mutates: false,
    expected: {
      anonymous: 200,
      buyer: 200,
      otherBuyer: 200,
      seller: 200,
      otherSeller: 200,
      admin: 200,
      deleted: 200,
    },
  },
  {
    call: 'GET /api/product/:id',
    method: 'GET',
    url: (f) => `/api/product/${f.productId}`,
    mutates: false,
    expected: {
      anonymous: 200,
      buyer: 200,
      otherBuyer: 200,
      seller: 200,
      otherSeller: 200,
      admin: 200,
      deleted: 200,
    },
  },
  {
    // The listing's own seller only; an admin moderates by deleting, not editing.
    call: 'PATCH /api/product/:id',
    method: 'PATCH',
    url: (f) => `/api/product/${f.productId}`,
    body: () => ({ resalePrice: 499 }),
    mutates: true,
    expected: {
      anonymous: 401,
      buyer: 403,
      otherBuyer: 403,
      seller: 200,
      otherSeller: 403,
      admin: 403,
      deleted: 401,
    },
  },
  {
    // The owning seller or admin.
    call: 'DELETE /api/delete/product/:id',
    method: 'DELETE',
    url: (f) => `/api/delete/product/${f.productId}`,
    mutates: true,
    expected: {
      anonymous: 401,
      buyer: 403,
      otherBuyer: 403,
      seller: 200,
      otherSeller: 403,
      admin: 200,
      deleted: 401,
    },
  },
  {
    call: 'GET /api/buyers',
    method: 'GET',
    url: () => '/api/buyers',
    mutates: false,
    expected: {
      anonymous: 401,
      buyer: 403,
      otherBuyer: 403,
      seller: 403,
      otherSeller: 403,
      admin: 200,
      deleted: 401,
    },
  },
  {
    // Admin only; what deleting the buyer would cancel.
    call: 'GET /api/user/open-bookings/:id',
    method: 'GET',
    url: (f) => `/api/user/open-bookings/${f.actors.buyer.uid}`,
    mutates: false,
    expected: {
      anonymous: 401,
      buyer: 403,
      otherBuyer: 403,
      seller: 403,
      otherSeller: 403,
      admin: 200,
      deleted: 401,
    },
  },
  {
    call: 'GET /api/sellers',
    method: 'GET',
    url: () => '/api/sellers',
    mutates: false,
    expected: {
      anonymous: 401,
      buyer: 403,
      otherBuyer: 403,
      seller: 403,
      otherSeller: 403,
      admin: 200,
      deleted: 401,
    },
  },
  {
    // Admin only; the target is the other buyer (for them it is deleting themselves).
    call: 'DELETE /api/user/delete/:id',
    method: 'DELETE',
    url: (f) => `/api/user/delete/${f.actors.otherBuyer.uid}`,
    mutates: true,
    expected: {
      anonymous: 401,
      buyer: 403,
      otherBuyer: 403,
      seller: 403,
      otherSeller: 403,
      admin: 200,
      deleted: 401,
    },
  },
  {
    // Admin only (verifying the seller).
    call: 'PUT /api/user/seller/update/:email',
    method: 'PUT',
    url: (f) => `/api/user/seller/update/${encodeURIComponent(f.actors.seller.email)}`,
    mutates: true,
    expected: {
      anonymous: 401,
      buyer: 403,
      otherBuyer: 403,
      seller: 403,
      otherSeller: 403,
      admin: 200,
      deleted: 401,
    },
  },
  {
    call: 'GET /api/reported/products',
    method: 'GET',
    url: () => '/api/reported/products',
    mutates: false,
    expected: {
      anonymous: 401,
      buyer: 403,
      otherBuyer: 403,
      seller: 403,
      otherSeller: 403,
      admin: 200,
      deleted: 401,
    },
  },
  {
    // The email must be the token's own: asking for the buyer's email is the buyer's call only.
    call: 'POST /api/jwtgenerate',
    method: 'POST',
    url: () => '/api/jwtgenerate',
    body: (f) => ({ email: f.actors.buyer.email }),
    mutates: false,
    expected: {
      anonymous: 401,
      buyer: 200,
      otherBuyer: 403,
      seller: 403,
      otherSeller: 403,
      admin: 403,
      deleted: 401,
    },
  },
  {
    // Sellers only; each sees the bookings on their own products (none for the other seller).
    call: 'GET /api/sales',
    method: 'GET',
    url: () => '/api/sales',
    mutates: false,
    expected: {
      anonymous: 401,
      buyer: 403,
      otherBuyer: 403,
      seller: 200,
      otherSeller: 200,
      admin: 403,
      deleted: 401,
    },
  },
  {
    // The seller of the booking's product only.
    call: 'GET /api/sales/:id',
    method: 'GET',
    url: (f) => `/api/sales/${f.bookingId}`,
    mutates: false,
    expected: {
      anonymous: 401,
      buyer: 403,
      otherBuyer: 403,
      seller: 200,
      otherSeller: 403,
      admin: 403,
      deleted: 401,
    },
  },
  {
    // The two sides of the booking: the buyer drops the unpaid booking, the seller declines it.
    call: 'POST /api/bookings/:id/cancel',
    method: 'POST',
    url: (f) => `/api/bookings/${f.bookingId}/cancel`,
    mutates: true,
    expected: {
      anonymous: 401,
      buyer: 200,
      otherBuyer: 403,
      seller: 200,
      otherSeller: 403,
      admin: 403,
      deleted: 401,
    },
  },
  {
    // The booking's buyer only; the booking is not paid yet → 409.
    call: 'POST /api/bookings/:id/complete',
    method: 'POST',
    url: (f) => `/api/bookings/${f.bookingId}/complete`,
    mutates: true,
    expected: {
      anonymous: 401,
      buyer: 409,
      otherBuyer: 403,
      seller: 403,
      otherSeller: 403,
      admin: 403,
      deleted: 401,
    },
  },
  {
    // The seller of the booking's product only; the booking is not paid yet → 409, and a
    // refused call counts no wrong code, so the cells share the fixture.
    call: 'POST /api/sales/:id/handover',
    method: 'POST',
    url: (f) => `/api/sales/${f.bookingId}/handover`,
    body: () => ({ code: '123456' }),
    mutates: false,
    expected: {
      anonymous: 401,
      buyer: 403,
      otherBuyer: 403,
      seller: 409,
      otherSeller: 403,
      admin: 403,
      deleted: 401,
    },
  },
  {
    // The booking's buyer only; not handed over → 409 (nothing is written).
    call: 'POST /api/bookings/:id/dispute',
    method: 'POST',
    url: (f) => `/api/bookings/${f.bookingId}/dispute`,
    body: () => ({ reason: 'not_working', text: 'It does not boot.' }),
    mutates: false,
    expected: {
      anonymous: 401,
      buyer: 409,
      otherBuyer: 403,
      seller: 403,
      otherSeller: 403,
      admin: 403,
      deleted: 401,
    },
  },
  {
    // The booking's buyer only; not handed over → 409 (nothing is written).
    call: 'POST /api/bookings/:id/release',
    method: 'POST',
    url: (f) => `/api/bookings/${f.bookingId}/release`,
    mutates: false,
    expected: {
      anonymous: 401,
      buyer: 409,
      otherBuyer: 403,
      seller: 403,
      otherSeller: 403,
      admin: 403,
      deleted: 401,
    },
  },
  {
    // Admins only; the booking has no complaint → 404 (nothing is written).
    call: 'POST /api/disputes/:bookingId/resolve',
    method: 'POST',
    url: (f) => `/api/disputes/${f.bookingId}/resolve`,
    body: () => ({ outcome: 'release' }),
    mutates: false,
    expected: {
      anonymous: 401,
      buyer: 403,
      otherBuyer: 403,
      seller: 403,
      otherSeller: 403,
      admin: 404,
      deleted: 401,
    },
  },
  {
    // Admins only.
    call: 'GET /api/disputes',
    method: 'GET',
    url: () => '/api/disputes',
    mutates: false,
    expected: {
      anonymous: 401,
      buyer: 403,
      otherBuyer: 403,
      seller: 403,
      otherSeller: 403,
      admin: 200,
      deleted: 401,
    },
  },
  {
    // Admins only.
    call: 'GET /api/admin/money',
    method: 'GET',
    url: () => '/api/admin/money',
    mutates: false,
    expected: {
      anonymous: 401,
      buyer: 403,
      otherBuyer: 403,
      seller: 403,
      otherSeller: 403,
      admin: 200,
      deleted: 401,
    },
  },
  {
    // Sellers only: their own account.
    call: 'POST /api/payouts/account',
    method: 'POST',
    url: () => '/api/payouts/account',
    mutates: true,
    expected: {
      anonymous: 401,
      buyer: 403,
      otherBuyer: 403,
      seller: 200,
      otherSeller: 200,
      admin: 403,
      deleted: 401,
    },
  },
  {
    // Sellers only: their own account.
    call: 'GET /api/payouts/account',
    method: 'GET',
    url: () => '/api/payouts/account',
    mutates: false,
    expected: {
      anonymous: 401,
      buyer: 403,
      otherBuyer: 403,
      seller: 200,
      otherSeller: 200,
      admin: 403,
      deleted: 401,
    },
  },
  {
    // Sellers only: their own earnings.
    call: 'GET /api/earnings',
    method: 'GET',
    url: () => '/api/earnings',
    mutates: false,
    expected: {
      anonymous: 401,
      buyer: 403,
      otherBuyer: 403,
      seller: 200,
      otherSeller: 200,
      admin: 403,
      deleted: 401,
    },
  },
  {
    // The two sides, and an admin because the product is reported.
    call: 'GET /api/bookings/:id/messages',
    method: 'GET',
    url: (f) => `/api/bookings/${f.bookingId}/messages`,
    mutates: false,
    expected: {
      anonymous: 401,
      buyer: 200,
      otherBuyer: 403,
      seller: 200,
      otherSeller: 403,
      admin: 200,
      deleted: 401,
    },
  },
  {
    // The two sides only: an admin reads, never writes.
    call: 'POST /api/bookings/:id/messages',
    method: 'POST',
    url: (f) => `/api/bookings/${f.bookingId}/messages`,
    body: () => ({ text: 'Is the charger included?' }),
    mutates: true,
    expected: {
      anonymous: 401,
      buyer: 201,
      otherBuyer: 403,
      seller: 201,
      otherSeller: 403,
      admin: 403,
      deleted: 401,
    },
  },
  {
    // Signed in, not one's own listing: the buyer, who holds its booking, writes into the
    // booking's thread; anyone else opens or continues a conversation before booking.
    call: 'POST /api/product/:id/questions',
    method: 'POST',
    url: (f) => `/api/product/${f.productId}/questions`,
    body: () => ({ text: 'Is the charger included?' }),
    mutates: true,
    expected: {
      anonymous: 401,
      buyer: 201,
      otherBuyer: 201,
      seller: 403,
      otherSeller: 201,
      admin: 201,
      deleted: 401,
    },
  },
  {
    // Signed in: each user's own conversations.
    call: 'GET /api/questions',
    method: 'GET',
    url: () => '/api/questions',
    mutates: false,
    expected: {
      anonymous: 401,
      buyer: 200,
      otherBuyer: 200,
      seller: 200,
      otherSeller: 200,
      admin: 200,
      deleted: 401,
    },
  },
  {
    // Its asker and the listing's seller only; no admin before a booking.
    call: 'GET /api/questions/:id',
    method: 'GET',
    url: (f) => `/api/questions/${f.questionId}`,
    mutates: false,
    expected: {
      anonymous: 401,
      buyer: 403,
      otherBuyer: 200,
      seller: 200,
      otherSeller: 403,
      admin: 403,
      deleted: 401,
    },
  },
  {
    call: 'POST /api/questions/:id/messages',
    method: 'POST',
    url: (f) => `/api/questions/${f.questionId}/messages`,
    body: () => ({ text: 'Yes, it is original.' }),
    mutates: true,
    expected: {
      anonymous: 401,
      buyer: 403,
      otherBuyer: 201,
      seller: 201,
      otherSeller: 403,
      admin: 403,
      deleted: 401,
    },
  },
  {
    call: 'GET /api/reported/products/:id/threads',
    method: 'GET',
    url: (f) => `/api/reported/products/${f.productId}/threads`,
    mutates: false,
    expected: {
      anonymous: 401,
      buyer: 403,
      otherBuyer: 403,
      seller: 403,
      otherSeller: 403,
      admin: 200,
      deleted: 401,
    },
  },
  {
    // Everyone signed in has their own.
    call: 'GET /api/notifications',
    method: 'GET',
    url: () => '/api/notifications',
    mutates: false,
    expected: {
      anonymous: 401,
      buyer: 200,
      otherBuyer: 200,
      seller: 200,
      otherSeller: 200,
      admin: 200,
      deleted: 401,
    },
  },
  {
    call: 'POST /api/notifications/read',
    method: 'POST',
    url: () => '/api/notifications/read',
    mutates: true,
    expected: {
      anonymous: 401,
      buyer: 200,
      otherBuyer: 200,
      seller: 200,
      otherSeller: 200,
      admin: 200,
      deleted: 401,
    },
  },
  {
    call: 'GET /api/auth/me',
    method: 'GET',
    url: () => '/api/auth/me',
    mutates: false,
    expected: {
      anonymous: 401,
      buyer: 200,
      otherBuyer: 200,
      seller: 200,
      otherSeller: 200,
      admin: 200,
      deleted: 401,
    },
  },
  {
    // Signed in; the request carries no body at all, so it is not multipart/form-data → 415.
    call: 'POST /api/images (no file)',
    method: 'POST',
    url: () => '/api/images',
    mutates: false,
    expected: {
      anonymous: 401,
      buyer: 415,
      otherBuyer: 415,
      seller: 415,
      otherSeller: 415,
      admin: 415,
      deleted: 401,
    },
  },
  {
    // The two sides of the booking; not handed over → 409 (nothing is written).
    call: 'POST /api/bookings/:id/review',
    method: 'POST',
    url: (f) => `/api/bookings/${f.bookingId}/review`,
    body: () => ({ rating: 5, text: 'Smooth handover.' }),
    mutates: false,
    expected: {
      anonymous: 401,
      buyer: 409,
      otherBuyer: 403,
      seller: 409,
      otherSeller: 403,
      admin: 403,
      deleted: 401,
    },
  },
  {
    // Signed in; who may answer which review is reviews.test.ts's: here no review has the id.
    call: 'POST /api/reviews/:id/reply',
    method: 'POST',
    url: () => `/api/reviews/${NO_SUCH_REVIEW}/reply`,
    body: () => ({ text: 'Thank you!' }),
    mutates: false,
    expected: {
      anonymous: 401,
      buyer: 404,
      otherBuyer: 404,
      seller: 404,
      otherSeller: 404,
      admin: 404,
      deleted: 401,
    },
  },
  {
    // Signed in, anyone but the author (reviews.test.ts); here no review has the id.
    call: 'POST /api/reviews/:id/report',
    method: 'POST',
    url: () => `/api/reviews/${NO_SUCH_REVIEW}/report`,
    mutates: false,
    expected: {
      anonymous: 401,
      buyer: 404,
      otherBuyer: 404,
      seller: 404,
      otherSeller: 404,
      admin: 404,
      deleted: 401,
    },
  },
  {
    // Admins only.
    call: 'GET /api/reviews/reported',
    method: 'GET',
    url: () => '/api/reviews/reported',
    mutates: false,
    expected: {
      anonymous: 401,
      buyer: 403,
      otherBuyer: 403,
      seller: 403,
      otherSeller: 403,
      admin: 200,
      deleted: 401,
    },
  },
  {
    // Admins only; no review has the id.
    call: 'DELETE /api/reviews/:id',
    method: 'DELETE',
    url: () => `/api/reviews/${NO_SUCH_REVIEW}`,
    mutates: false,
    expected: {
      anonymous: 401,
      buyer: 403,
      otherBuyer: 403,
      seller: 403,
      otherSeller: 403,
      admin: 404,
      deleted: 401,
    },
  },
  {
    // Public.
    call: 'GET /api/users/:id/profile',
    method: 'GET',
    url: (f) => `/api/users/${f.actors.seller.uid}/profile`,
    mutates: false,
    expected: {
      anonymous: 200,
      buyer: 200,
      otherBuyer: 200,
      seller: 200,
      otherSeller: 200,
      admin: 200,
      deleted: 200,
    },
  },
  {
    // Signed in: one's own watchlist.
    call: 'GET /api/watchlist',
    method: 'GET',
    url: () => '/api/watchlist',
    mutates: false,
    expected: {
      anonymous: 401,
      buyer: 200,
      otherBuyer: 200,
      seller: 200,
      otherSeller: 200,
      admin: 200,
      deleted: 401,
    },
  },
  {
    // Signed in, anyone but the listing's seller (409).
    call: 'PUT /api/watchlist/:productId',
    method: 'PUT',
    url: (f) => `/api/watchlist/${f.productId}`,
    mutates: true,
    expected: {
      anonymous: 401,
      buyer: 200,
      otherBuyer: 200,
      seller: 409,
      otherSeller: 200,
      admin: 200,
      deleted: 401,
    },
  },
  {
    // Signed in, the listing's seller too; nobody watches it, so nothing is written.
    call: 'DELETE /api/watchlist/:productId',
    method: 'DELETE',
    url: (f) => `/api/watchlist/${f.productId}`,
    mutates: false,
    expected: {
      anonymous: 401,
      buyer: 200,
      otherBuyer: 200,
      seller: 200,
      otherSeller: 200,
      admin: 200,
      deleted: 401,
    },
  },
  {
    // Signed in: one's own saved searches.
    call: 'GET /api/saved-searches',
    method: 'GET',
    url: () => '/api/saved-searches',
    mutates: false,
    expected: {
      anonymous: 401,
      buyer: 200,
      otherBuyer: 200,
      seller: 200,
      otherSeller: 200,
      admin: 200,
      deleted: 401,
    },
  },
  {
    // Signed in.
    call: 'POST /api/saved-searches',
    method: 'POST',
    url: () => '/api/saved-searches',
    body: () => ({ name: 'Cheap ThinkPads', q: 'thinkpad', maxPrice: '600' }),
    mutates: true,
    expected: {
      anonymous: 401,
      buyer: 201,
      otherBuyer: 201,
      seller: 201,
      otherSeller: 201,
      admin: 201,
      deleted: 401,
    },
  },
  {
    // Its owner; anyone else's is not found.
    call: 'DELETE /api/saved-searches/:id',
    method: 'DELETE',
    url: (f) => `/api/saved-searches/${f.savedSearchId}`,
    mutates: true,
    expected: {
      anonymous: 401,
      buyer: 200,
      otherBuyer: 404,
      seller: 404,
      otherSeller: 404,
      admin: 404,
      deleted: 401,
    },
  },
  {
    // Admins only (DESIGN §19).
    call: 'GET /api/admin/users',
    method: 'GET',
    url: () => '/api/admin/users?q=seller&role=seller&status=active',
    mutates: false,
    expected: {
      anonymous: 401,
      buyer: 403,
      otherBuyer: 403,
      seller: 403,
      otherSeller: 403,
      admin: 200,
      deleted: 401,
    },
  },
  {
    // Admins only (DESIGN §19).
    call: 'GET /api/admin/audit',
    method: 'GET',
    url: () => '/api/admin/audit',
    mutates: false,
    expected: {
      anonymous: 401,
      buyer: 403,
      otherBuyer: 403,
      seller: 403,
      otherSeller: 403,
      admin: 200,
      deleted: 401,
    },
  },
  {
    // Admins only (DESIGN §19).
    call: 'GET /api/admin/bookings',
    method: 'GET',
    url: () => '/api/admin/bookings?status=unpaid',
    mutates: false,
    expected: {
      anonymous: 401,
      buyer: 403,
      otherBuyer: 403,
      seller: 403,
      otherSeller: 403,
      admin: 200,
      deleted: 401,
    },
  },
  {
    // Admins only (DESIGN §19).
    call: 'GET /api/verification-requests',
    method: 'GET',
    url: () => '/api/verification-requests',
    mutates: false,
    expected: {
      anonymous: 401,
      buyer: 403,
      otherBuyer: 403,
      seller: 403,
      otherSeller: 403,
      admin: 200,
      deleted: 401,
    },
  },
  {
    // Admins only: an unknown request is not found for them.
    call: 'POST /api/verification-requests/:id/approve',
    method: 'POST',
    url: () => `/api/verification-requests/${NO_SUCH_REVIEW}/approve`,
    mutates: false,
    expected: {
      anonymous: 401,
      buyer: 403,
      otherBuyer: 403,
      seller: 403,
      otherSeller: 403,
      admin: 404,
      deleted: 401,
    },
  },
  {
    // Admins only: an unknown request is not found for them.
    call: 'POST /api/verification-requests/:id/decline',
    method: 'POST',
    url: () => `/api/verification-requests/${NO_SUCH_REVIEW}/decline`,
    mutates: false,
    expected: {
      anonymous: 401,
      buyer: 403,
      otherBuyer: 403,
      seller: 403,
      otherSeller: 403,
      admin: 404,
      deleted: 401,
    },
  },
  {
    // Admins only; lifting a suspension that is not there changes nothing.
    call: 'POST /api/admin/users/:id/unsuspend',
    method: 'POST',
    url: (f) => `/api/admin/users/${f.actors.otherBuyer.uid}/unsuspend`,
    mutates: false,
    expected: {
      anonymous: 401,
      buyer: 403,
      otherBuyer: 403,
      seller: 403,
      otherSeller: 403,
      admin: 200,
      deleted: 401,
    },
  },
  {
    // Admins only; the seller is not verified, so nothing changes.
    call: 'POST /api/admin/users/:id/unverify',
    method: 'POST',
    url: (f) => `/api/admin/users/${f.actors.otherSeller.uid}/unverify`,
    mutates: false,
    expected: {
      anonymous: 401,
      buyer: 403,
      otherBuyer: 403,
      seller: 403,
      otherSeller: 403,
      admin: 200,
      deleted: 401,
    },
  },
  {
    // Admins only.
    call: 'POST /api/reported/products/:id/dismiss',
    method: 'POST',
    url: (f) => `/api/reported/products/${f.productId}/dismiss`,
    mutates: true,
    expected: {
      anonymous: 401,
      buyer: 403,
      otherBuyer: 403,
      seller: 403,
      otherSeller: 403,
      admin: 200,
      deleted: 401,
    },
  },
  {
    // Admins only.
    call: 'POST /api/admin/users/:id/suspend',
    method: 'POST',
    url: (f) => `/api/admin/users/${f.actors.otherBuyer.uid}/suspend`,
    body: () => ({ until: new Date(Date.now() + 86_400_000).toISOString(), reason: 'Spam' }),
    mutates: true,
    expected: {
      anonymous: 401,
      buyer: 403,
      otherBuyer: 403,
      seller: 403,
      otherSeller: 403,
      admin: 200,
      deleted: 401,
    },
  },
  {
    // Admins only.
    call: 'POST /api/admin/users/bulk',
    method: 'POST',
    url: () => '/api/admin/users/bulk',
    body: (f) => ({ action: 'delete', ids: [f.actors.otherSeller.uid] }),
    mutates: true,
    expected: {
      anonymous: 401,
      buyer: 403,
      otherBuyer: 403,
      seller: 403,
      otherSeller: 403,
      admin: 200,
      deleted: 401,
    },
  },
  {
    // Anyone signed in, for themselves.
    call: 'GET /api/product/reports/mine',
    method: 'GET',
    url: () => '/api/product/reports/mine',
    mutates: false,
    expected: {
      anonymous: 401,
      buyer: 200,
      otherBuyer: 200,
      seller: 200,
      otherSeller: 200,
      admin: 200,
      deleted: 401,
    },
  },
  {
    // Sellers only, for themselves.
    call: 'GET /api/verification-requests/mine',
    method: 'GET',
    url: () => '/api/verification-requests/mine',
    mutates: false,
    expected: {
      anonymous: 401,
      buyer: 403,
      otherBuyer: 403,
      seller: 200,
      otherSeller: 200,
      admin: 403,
      deleted: 401,
    },
  },
  {
    // Sellers only, for themselves.
    call: 'POST /api/verification-requests',
    method: 'POST',
    url: () => '/api/verification-requests',
    body: () => ({ note: 'A shop since 2015' }),
    mutates: true,
    expected: {
      anonymous: 401,
      buyer: 403,
      otherBuyer: 403,
      seller: 201,
      otherSeller: 201,
      admin: 403,
      deleted: 401,
    },
  },
  {
    // Public.
    call: 'GET /api/users/:id/reviews',
    method: 'GET',
    url: (f) => `/api/users/${f.actors.seller.uid}/reviews`,
    mutates: false,
    expected: {
      anonymous: 200,
      buyer: 200,
      otherBuyer: 200,
      seller: 200,
      otherSeller: 200,
      admin: 200,
      deleted: 200,
    },
  },
];

async function callAs(f: Fixture, row: Row, caller: Caller) {
  const request: InjectOptions = { method: row.method, url: row.url(f) };
  if (caller !== 'anonymous') request.headers = f.actors[caller].headers;
  if (row.body) request.payload = await row.body(f, caller);
  return f.t.app.inject(request);
}

async function expectCell(
  expect: ExpectStatic,
  f: Fixture,
  row: Row,
  caller: Caller,
): Promise<void> {
  const response = await callAs(f, row, caller);
  const status = row.expected[caller];
  expect(response.statusCode, `${row.call} as ${LABEL[caller]}: ${response.body}`).toBe(status);
  if (status >= 400) {
    expect(response.json<{ message?: unknown }>().message).toEqual(expect.any(String));
  }
}

const cellName = (row: Row, caller: Caller) =>
  `${row.call} as ${LABEL[caller]} → ${row.expected[caller]}`;

describe('read-only calls (one shared fixture)', () => {
  let shared: Fixture;
  beforeAll(async () => {
    shared = await createFixture();
  });
  afterAll(() => shared.t.close());

  for (const row of MATRIX.filter((candidate) => !candidate.mutates)) {
    describe(row.call, () => {
      for (const caller of CALLERS) {
        it(cellName(row, caller), ({ expect }) => expectCell(expect, shared, row, caller));
      }
    });
  }
});

// Cells own their app and database, so they may run side by side (vitest's maxConcurrency, 5).
describe.concurrent('state-changing calls (a fresh fixture per cell)', () => {
  for (const row of MATRIX.filter((candidate) => candidate.mutates)) {
    describe(row.call, () => {
      for (const caller of CALLERS) {
        it(cellName(row, caller), async ({ expect }) => {
          const fixture = await createFixture();
          try {
            await expectCell(expect, fixture, row, caller);
          } finally {
            await fixture.t.close();
          }
        });
      }
    });
  }
});
