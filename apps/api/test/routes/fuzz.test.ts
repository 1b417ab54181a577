import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { messages, type Role } from '@reloop/shared';
import type { Database } from '../../src/db/client.ts';
import { categories } from '../../src/db/schema.ts';
import { startSession } from '../../src/identity/accounts.ts';
import { MemorySignInThrottle, SIGN_IN_POLICY } from '../../src/identity/sign-in-throttle.ts';
import { TEST_JWT_SECRET, bearer, createTestApp, type TestApp } from '../helpers/test-app.ts';
import {
  SUCCESS_CARD,
  bookAs,
  createActor,
  createProductAs,
  productBody,
  type Actor,
} from '../helpers/marketplace.ts';

/**
 * "Bad input never yields a 5xx" (DESIGN §4), checked by throwing random bodies, path params,
 * query strings and headers at every route, with and without a valid token of each role. For
 * every answer: no 5xx; a 4xx is JSON with a string `message`; and a 4xx left the database
 * exactly as it was (row counts and a checksum of every table). Deterministic: a fixed seed
 * (FUZZ_SEED overrides it) and a fixed number of runs; fast-check prints the seed on failure.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_240_611);
const RUNS = Number(process.env.FUZZ_RUNS ?? 300);
const PROPERTY_TIMEOUT = 120_000;

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One app with a small marketplace in it; the fuzzer may change it as it goes. */
interface World {
  t: TestApp;
  actors: Record<Role, Actor>;
  categoryIds: string[];
  /** Every product; the first two are booked by the buyer. */
  productIds: string[];
  /** Products nobody booked, the only ones a fuzzed delete may hit (keeps the rest in play). */
  disposableProductIds: string[];
  bookingIds: string[];
  /** Users the admin may delete, and the admin's own id (deleting oneself is a 400). */
  deletableUserIds: string[];
  emails: string[];
  clientSecret: string;
  paymentId: string;
  /** Tokens that must all be refused: forged, expired, revoked, of a deleted user, garbage. */
  badTokens: string[];
}

async function buildWorld(): Promise<World> {
  // A generous sign-in throttle: wrong passwords are the fuzzer's daily bread.
  const t = await createTestApp({
    signInThrottle: new MemorySignInThrottle({
      ...SIGN_IN_POLICY,
      freeFailuresPerPair: 1_000_000,
      maxFailuresPerAddress: 1_000_000,
    }),
  });
  const [buyer, seller, admin, victimA, victimB, doomed] = await Promise.all([
    createActor(t.app, 'buyer'),
    createActor(t.app, 'seller'),
    createActor(t.app, 'admin'),
    createActor(t.app, 'buyer'),
    createActor(t.app, 'seller'),
    createActor(t.app, 'buyer'),
  ]);
  const productIds: string[] = [];
  for (let index = 0; index < 4; index += 1) {
    productIds.push(await createProductAs(t.app, seller, { name: `Laptop ${index}` }));
  }
  const [first = '', second = ''] = productIds;
  const bookingIds = [await bookAs(t.app, buyer, first), await bookAs(t.app, buyer, second)];
  const intent = await t.app.inject({
    method: 'POST',
    url: '/api/create-payment-intent',
    headers: buyer.headers,
    payload: { bookingId: bookingIds[0] },
  });
  const { clientSecret } = intent.json<{ clientSecret: string }>();

  const removal = await t.app.inject({
    method: 'DELETE',
    url: `/api/user/delete/${doomed.uid}`,
    headers: admin.headers,
  });
  if (removal.statusCode !== 200) throw new Error(`deleting a user failed: ${removal.body}`);
  const revoked = await freshToken(t, buyer.uid);
  await t.app.inject({ method: 'POST', url: '/api/auth/signout', headers: bearer(revoked) });

  const categoryRows = await t.db.select({ id: categories.id }).from(categories);
  return {
    t,
    actors: { buyer, seller, admin },
    categoryIds: categoryRows.map((row) => row.id),
    productIds,
    disposableProductIds: productIds.slice(2),
    bookingIds,
    deletableUserIds: [victimA.uid, victimB.uid, admin.uid],
    emails: [buyer.email, seller.email, admin.email, victimA.email, victimB.email, doomed.email],
    clientSecret,
    paymentId: clientSecret.split('_secret_')[0] ?? '',
    badTokens: await badTokens(buyer, admin, revoked, doomed.token),
  };
}

/** A new live session for the user: fuzzed sign-outs and deletions cannot starve later runs. */
async function freshToken(t: TestApp, userId: string): Promise<string> {
  const sessionId = await startSession(t.db, userId);
  return t.app.tokens.issue({ userId, sessionId });
}

async function badTokens(
  buyer: Actor,
  admin: Actor,
  revoked: string,
  deleted: string,
): Promise<string[]> {
  const sign = (key: string, claims: { sub: string; sid: string }, expires: string | number) =>
    new SignJWT({ sid: claims.sid })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.sub)
      .setIssuer('reloop')
      .setAudience('reloop-api')
      .setIssuedAt()
      .setExpirationTime(expires)
      .sign(new TextEncoder().encode(key));
  const [header = '', payload = ''] = admin.token.split('.');
  const unsigned = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${payload}.`;
  const sessionOf = (token: string) =>
    (JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { sid: string })
      .sid;
  return [
    revoked,
    deleted,
    unsigned,
    `${header}.${payload}`,
    `${admin.token.slice(0, -2)}${admin.token.endsWith('A') ? 'B' : 'A'}A`,
    await sign(
      'not-the-secret-but-just-as-long-as-the-real-one',
      {
        sub: admin.uid,
        sid: sessionOf(admin.token),
      },
      '1h',
    ),
    await sign(TEST_JWT_SECRET, { sub: admin.uid, sid: sessionOf(admin.token) }, 1),
    await sign(TEST_JWT_SECRET, { sub: 'admin', sid: 'session' }, '1h'),
    await sign(TEST_JWT_SECRET, { sub: admin.uid, sid: sessionOf(buyer.token) }, '1h'),
    await sign(
      TEST_JWT_SECRET,
      { sub: admin.uid, sid: '00000000-0000-4000-8000-000000000000' },
      '1h',
    ),
    'null',
    'undefined',
    '{}',
    'e30.e30.e30',
    '...',
  ];
}

// The database, before and after ------------------------------------------------------------

const TABLES = [
  'users',
  'sessions',
  'categories',
  'products',
  'bookings',
  'payments',
  'test_payment_intents',
] as const;

const SNAPSHOT = sql.raw(
  TABLES.map(
    (table) =>
      `select '${table}' as "table", count(*)::int as "rows", ` +
      `coalesce(md5(string_agg(t::text, ',' order by t::text)), '') as "checksum" ` +
      `from ${table} t`,
  ).join(' union all '),
);

/** Per table, its row count and a checksum of every row. */
async function snapshot(db: Database): Promise<Map<string, string>> {
  const result = (await db.execute(SNAPSHOT)) as unknown as {
    rows: { table: string; rows: number; checksum: string }[];
  };
  return new Map(result.rows.map((row) => [row.table, `${row.rows} rows, ${row.checksum}`]));
}

function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
  return TABLES.filter((table) => before.get(table) !== after.get(table)).map(
    (table) => `${table}: ${before.get(table)} → ${after.get(table)}`,
  );
}

// Routes -------------------------------------------------------------------------------------

type Body = Record<string, unknown>;

interface FuzzRoute {
  method: Method;
  /** With `:name` placeholders, filled from `params`. */
  path: string;
  /** Per placeholder, the values that name something real in the world. */
  params?: Record<string, (w: World) => string[]>;
  /** Valid bodies, which the fuzzer then mutates. */
  body?: (w: World) => fc.Arbitrary<Body>;
  /** A valid query string: list routes take limit and cursor, some an email. */
  query?: (w: World) => fc.Arbitrary<string>;
  /** Who would make this call for real (none: anonymous). */
  as?: Role;
}

const pick = <T>(values: readonly T[]): fc.Arbitrary<T> => fc.constantFrom(...values);
const page = fc.constantFrom(
  '',
  'limit=1',
  'limit=100',
  'limit=2&cursor=00000000-0000-4000-8000-000000000000',
);
const emailQuery = (emails: (w: World) => string[]) => (w: World) =>
  fc
    .tuple(pick(emails(w)), page)
    .map(([email, rest]) => [`email=${encodeURIComponent(email)}`, rest].filter(Boolean).join('&'));

const ROUTES: FuzzRoute[] = [
  {
    method: 'POST',
    path: '/api/register',
    as: 'buyer',
    body: (w) =>
      fc.record({
        role: pick(['buyer', 'seller']),
        userEmail: pick(w.emails),
        userName: fc.string({ maxLength: 20 }),
        userImg: pick(['', '/api/images/a.jpg', 'https://example.com/a.png']),
      }),
  },
  { method: 'GET', path: '/api/user/checkrole/:email', params: { email: (w) => w.emails } },
  { method: 'GET', path: '/api/productcategory' },
  {
    method: 'GET',
    path: '/api/products/:categoryId',
    params: { categoryId: (w) => w.categoryIds },
    query: () => page,
  },
  { method: 'GET', path: '/api/advertise/products', query: () => page },
  {
    method: 'POST',
    path: '/api/booking',
    as: 'buyer',
    body: (w) =>
      fc.record({
        productId: pick(w.productIds),
        buyerPhone: pick(['5125550111', 5125550111, '+1 (512) 555-0111']),
        buyerMeetingLocation: pick(['Central Library', 'Café ☕']),
      }),
  },
  { method: 'PUT', path: '/api/product/report/:id', params: { id: (w) => w.productIds } },
  { method: 'GET', path: '/api/bookings', query: emailQuery((w) => w.emails) },
  { method: 'GET', path: '/api/booking/:id', params: { id: (w) => w.bookingIds } },
  { method: 'POST', path: '/api/bookings/:id/cancel', params: { id: (w) => w.bookingIds } },
  { method: 'POST', path: '/api/bookings/:id/complete', params: { id: (w) => w.bookingIds } },
  { method: 'GET', path: '/api/bookings/:id/messages', params: { id: (w) => w.bookingIds } },
  {
    method: 'POST',
    path: '/api/bookings/:id/messages',
    params: { id: (w) => w.bookingIds },
    body: () => fc.record({ text: pick(['Is it still available?', '  ', 'Café ☕ at 6?']) }),
  },
  { method: 'GET', path: '/api/sales', as: 'seller', query: () => page },
  { method: 'GET', path: '/api/sales/:id', as: 'seller', params: { id: (w) => w.bookingIds } },
  {
    method: 'GET',
    path: '/api/reported/products/:id/threads',
    as: 'admin',
    params: { id: (w) => w.productIds },
  },
  { method: 'GET', path: '/api/notifications' },
  { method: 'POST', path: '/api/notifications/read' },
  {
    method: 'POST',
    path: '/api/create-payment-intent',
    as: 'buyer',
    body: (w) =>
      fc.record(
        { bookingId: pick(w.bookingIds), price: fc.jsonValue({ maxDepth: 1 }) },
        { requiredKeys: ['bookingId'] },
      ),
  },
  {
    method: 'POST',
    path: '/api/orders',
    as: 'buyer',
    body: (w) =>
      fc.record(
        {
          bookingId: pick(w.bookingIds),
          paymentId: pick([w.paymentId, 'pi_test_unknown']),
          productId: pick(w.productIds),
        },
        { requiredKeys: ['bookingId', 'paymentId'] },
      ),
  },
  {
    method: 'POST',
    path: '/api/product',
    as: 'seller',
    body: (w) => pick(w.categoryIds).map((categoryId) => productBody(categoryId) as Body),
  },
  { method: 'GET', path: '/api/seller/products', query: emailQuery((w) => w.emails) },
  {
    method: 'PUT',
    path: '/api/advertise/product/update/:id',
    params: { id: (w) => w.productIds },
  },
  {
    method: 'DELETE',
    path: '/api/delete/product/:id',
    params: { id: (w) => w.disposableProductIds },
  },
  { method: 'GET', path: '/api/buyers', query: () => page },
  { method: 'GET', path: '/api/sellers', query: () => page },
  { method: 'DELETE', path: '/api/user/delete/:id', params: { id: (w) => w.deletableUserIds } },
  { method: 'GET', path: '/api/user/open-bookings/:id', params: { id: (w) => w.deletableUserIds } },
  { method: 'PUT', path: '/api/user/seller/update/:email', params: { email: (w) => w.emails } },
  { method: 'GET', path: '/api/reported/products', query: () => page },
  {
    method: 'POST',
    path: '/api/jwtgenerate',
    as: 'buyer',
    body: (w) => fc.record({ email: pick(w.emails) }),
  },
  { method: 'GET', path: '/api/auth/me' },
  { method: 'POST', path: '/api/images' },
  {
    method: 'POST',
    path: '/api/auth/signup',
    body: () =>
      fc.record(
        {
          email: fc.uuid().map((id) => `fuzz-${id}@example.com`),
          password: fc.string({ minLength: 6, maxLength: 30 }),
          displayName: fc.string({ maxLength: 30 }),
          photoURL: fc.string({ maxLength: 30 }),
        },
        { requiredKeys: ['email', 'password'] },
      ),
  },
  {
    method: 'POST',
    path: '/api/auth/signin',
    body: (w) =>
      fc.record({
        email: pick(w.emails),
        password: pick(['correct horse battery', 'wrong password', 'x']),
      }),
  },
  {
    method: 'PATCH',
    path: '/api/auth/profile',
    as: 'buyer',
    body: () =>
      fc.record(
        { displayName: fc.string({ maxLength: 30 }), photoURL: fc.string({ maxLength: 30 }) },
        { requiredKeys: [] },
      ),
  },
  { method: 'POST', path: '/api/auth/signout' },
  {
    method: 'POST',
    path: '/api/payments/test/confirm',
    body: (w) =>
      fc.record({
        clientSecret: pick([w.clientSecret, 'pi_test_x_secret_y']),
        card: pick([
          SUCCESS_CARD,
          { ...SUCCESS_CARD, number: '4000000000000002' },
          { ...SUCCESS_CARD, number: '4242424242424241' },
          { ...SUCCESS_CARD, expYear: 2001 },
        ]),
        billingDetails: fc.record({ name: fc.string({ maxLength: 20 }), email: pick(w.emails) }),
      }),
  },
];

// Junk ---------------------------------------------------------------------------------------

const NASTY_STRINGS = [
  '',
  ' ',
  'NaN',
  'Infinity',
  '-Infinity',
  '-1',
  '-0',
  '0',
  '1e309',
  '1e-309',
  '0x1F',
  '1,000',
  ' 42 ',
  '12.345',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '1); select pg_sleep(0); --',
  '$1',
  '../',
  '../../etc/passwd',
  '..%2F..%2Fetc%2Fpasswd',
  '%00',
  '\u0000',
  '\u202e\u0644\u0627',
  '𝕏🙂',
  'a\nb',
  '<script>alert(1)</script>',
  '__proto__',
  'constructor',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  'Admin@Example.com',
  'a@b',
  '@',
] as const;

/** Strings from a few bytes up to ~10 kB. */
const hugeString = fc.oneof(
  fc.string({ minLength: 200, maxLength: 2_000 }),
  fc
    .tuple(
      fc.string({ unit: 'grapheme', minLength: 1, maxLength: 8 }),
      fc.integer({ min: 2_000, max: 10_000 }),
    )
    .map(([chunk, length]) => chunk.repeat(Math.ceil(length / chunk.length)).slice(0, length)),
);

/** Ordinary text with control characters, NUL and odd Unicode mixed in. */
const controlString = fc
  .array(
    fc.oneof(
      pick(['\u0000', '\u0001', '\b', '\u001b', '\u007f', '\u2028', '\ufeff', '\ud800']),
      fc.string({ maxLength: 6 }),
    ),
    { minLength: 1, maxLength: 6 },
  )
  .map((pieces) => pieces.join(''));

const junkString = fc.oneof(
  { weight: 3, arbitrary: pick(NASTY_STRINGS) },
  { weight: 2, arbitrary: controlString },
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: hugeString },
);

const junkNumber = fc.oneof(
  fc.integer(),
  fc.double(),
  pick([-1, 0, -0.01, 0.001, 1.005, 999.999, 1_000_000.01, 1e21, 2 ** 53 + 2, -(2 ** 31)]),
);

const junkValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: junkString },
  { weight: 2, arbitrary: junkNumber },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: pick([null, true, false, [], {}]) },
  { weight: 1, arbitrary: fc.array(junkString, { maxLength: 3 }) },
);

/** Fields that pass the schema's type but not the database, e.g. text with a NUL in it. */
const badFieldValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: controlString },
  { weight: 2, arbitrary: pick(NASTY_STRINGS) },
  { weight: 2, arbitrary: junkNumber },
  { weight: 1, arbitrary: hugeString },
  { weight: 1, arbitrary: pick([null, true, [], {}]) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
);

const isObject = (value: unknown): value is Body =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The paths to every leaf of a body, nested objects included (`card.number`). */
function leafPaths(body: Body, prefix: string[] = []): string[][] {
  return Object.entries(body).flatMap(([key, value]) =>
    isObject(value) ? leafPaths(value, [...prefix, key]) : [[...prefix, key]],
  );
}

function withLeaf(body: Body, [key = '', ...rest]: string[], value: unknown): Body {
  const inner = body[key];
  return {
    ...body,
    [key]: rest.length > 0 && isObject(inner) ? withLeaf(inner, rest, value) : value,
  };
}

/** A valid body with one field replaced by junk: the rest passes, so the junk goes deep. */
function oneBadField(valid: fc.Arbitrary<Body>, bad: fc.Arbitrary<unknown>): fc.Arbitrary<Body> {
  return valid.chain((body) => {
    const paths = leafPaths(body);
    if (paths.length === 0) return fc.constant(body);
    return fc.tuple(pick(paths), bad).map(([path, value]) => withLeaf(body, path, value));
  });
}

/** A valid body with several fields replaced by junk, some dropped, and extra fields. */
function manyBadFields(valid: fc.Arbitrary<Body>): fc.Arbitrary<Body> {
  return valid.chain((body) => {
    const keys = Object.keys(body);
    const extraKey = fc.oneof(
      fc.string({ maxLength: 12 }),
      pick(['__proto__', 'constructor', 'role', 'status', 'price', 'sellerEmail', '_id', 'uid']),
    );
    return fc
      .record({
        replaced: keys.length > 0 ? fc.subarray(keys) : fc.constant<string[]>([]),
        values: fc.array(junkValue, { minLength: keys.length, maxLength: keys.length }),
        dropped:
          keys.length > 0
            ? fc.subarray(keys, { maxLength: Math.min(2, keys.length) })
            : fc.constant<string[]>([]),
        extra: fc.array(fc.tuple(extraKey, junkValue), { maxLength: 3 }),
      })
      .map(({ replaced, values, dropped, extra }) => {
        const result: Body = Object.fromEntries(
          Object.entries(body).filter(([key]) => !dropped.includes(key)),
        );
        replaced.forEach((key, index) => {
          result[key] = values[index];
        });
        for (const [key, value] of extra) {
          // defineProperty, so a "__proto__" key is sent as a key instead of setting a prototype.
          Object.defineProperty(result, key, { value, enumerable: true, writable: true });
        }
        return result;
      });
  });
}

/** What goes on the wire as the request body. */
type Payload =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown }
  | { kind: 'text'; text: string }
  | { kind: 'multipart'; parts: Part[]; closed: boolean };

/** One part of a multipart body: a file when it has a file name, else a text field. */
interface Part {
  field: string;
  filename?: string;
  bytes: Uint8Array;
}

const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

const rawBody: fc.Arbitrary<Payload> = fc
  .oneof(
    pick(['', '{', '{"a":', '[1,2', 'nul', '"unterminated', '{"a":1}{"b":2}', '\u0000', '1e999']),
    pick(['{"__proto__":{"admin":true}}', '{"constructor":{"prototype":{"x":1}}}']),
    fc
      .tuple(fc.integer({ min: 10, max: 20_000 }), fc.boolean())
      .map(([depth, array]) =>
        array
          ? '['.repeat(depth) + ']'.repeat(depth)
          : '{"a":'.repeat(depth) + '1' + '}'.repeat(depth),
      ),
    hugeString,
  )
  .map((text) => ({ kind: 'text' as const, text }));

const fileBytes = fc.oneof(
  fc.uint8Array({ maxLength: 2_000 }),
  fc.uint8Array({ maxLength: 500 }).map((tail) => Uint8Array.from([...PNG_MAGIC, ...tail])),
  fc.uint8Array({ maxLength: 500 }).map((tail) => Uint8Array.from([0xff, 0xd8, 0xff, ...tail])),
);

const part: fc.Arbitrary<Part> = fc.oneof(
  fc.record({
    field: fc.oneof(pick(['image', 'file', '']), fc.string({ maxLength: 10 })),
    filename: fc.oneof(pick(['x.png', 'x.jpg', '../../x.png', '']), fc.string({ maxLength: 20 })),
    bytes: fileBytes,
  }),
  fc.record({
    field: fc.oneof(pick(['image', 'name']), fc.string({ maxLength: 10 })),
    bytes: fc
      .oneof(fc.string({ maxLength: 50 }), fc.string({ minLength: 1_000, maxLength: 3_000 }))
      .map((text) => new TextEncoder().encode(text)),
  }),
);

/** Uploads: junk files, several files, many or long text fields, a missing final boundary. */
const multipartBody: fc.Arbitrary<Payload> = fc
  .record({ parts: fc.array(part, { maxLength: 12 }), closed: fc.boolean() })
  .map(({ parts, closed }) => ({ kind: 'multipart' as const, parts, closed }));

function bodyFor(route: FuzzRoute, w: World): fc.Arbitrary<Payload> {
  const json = (value: fc.Arbitrary<unknown>) =>
    value.map((v): Payload => ({ kind: 'json', value: v }));
  const valid = route.body?.(w) ?? fc.constant<Body>({});
  return fc.oneof(
    { weight: 3, arbitrary: json(oneBadField(valid, junkValue)) },
    { weight: 2, arbitrary: json(manyBadFields(valid)) },
    { weight: 2, arbitrary: json(fc.jsonValue({ maxDepth: 5 })) },
    { weight: 1, arbitrary: json(junkValue) },
    { weight: 1, arbitrary: rawBody },
    { weight: route.path === '/api/images' ? 3 : 1, arbitrary: multipartBody },
    { weight: 1, arbitrary: fc.constant<Payload>({ kind: 'none' }) },
  );
}

const validBody = (route: FuzzRoute, w: World): fc.Arbitrary<Payload> =>
  route.body
    ? route.body(w).map((value): Payload => ({ kind: 'json', value }))
    : fc.constant<Payload>({ kind: 'none' });

/** Path params: real ids, other UUIDs, UUID look-alikes, unicode, traversal, SQL, very long. */
function paramFor(valid: string[]): fc.Arbitrary<{ value: string; raw: boolean }> {
  const value = fc.oneof(
    { weight: 3, arbitrary: pick(valid) },
    { weight: 1, arbitrary: pick(valid).map((v) => v.toUpperCase()) },
    { weight: 2, arbitrary: fc.uuid() },
    {
      weight: 2,
      arbitrary: fc
        .tuple(fc.uuid(), pick(['braces', 'no-dashes', 'short', 'long', 'space'] as const))
        .map(([id, how]) => {
          if (how === 'braces') return `{${id}}`;
          if (how === 'no-dashes') return id.replaceAll('-', '');
          if (how === 'short') return id.slice(0, -1);
          if (how === 'long') return `${id}0`;
          return ` ${id} `;
        }),
    },
    { weight: 4, arbitrary: junkString },
  );
  // Raw: the text as it is (slashes, dots, percent signs and all); else percent-encoded.
  return fc.record({ value, raw: fc.boolean() });
}

const wellFormed = (text: string) =>
  text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');

function encodeParam({ value, raw }: { value: string; raw: boolean }): string {
  return raw ? wellFormed(value) : encodeURIComponent(wellFormed(value));
}

const queryKey = fc.oneof(
  pick(['limit', 'cursor', 'offset', 'email', 'limit', 'cursor', 'email', 'limit[]', 'email[0]']),
  pick(['__proto__', 'constructor', 'toString', 'q']),
  fc.string({ maxLength: 8 }),
);

function queryFor(route: FuzzRoute, w: World): fc.Arbitrary<string> {
  const value = fc.oneof(
    pick(w.emails),
    junkString,
    junkNumber.map(String),
    pick(['100', '101', '0', '-1', '24.5', '1e2', ' 5', '5 ', '0x10', '']),
  );
  const pairs = fc
    .array(fc.tuple(queryKey, value), { maxLength: 6 })
    .map((list) =>
      list
        .map(
          ([key, v]) =>
            `${encodeURIComponent(wellFormed(key))}=${encodeURIComponent(wellFormed(v))}`,
        )
        .join('&'),
    );
  const rawJunk = pick([
    '%',
    '%zz',
    '&&&',
    '=',
    'limit',
    'limit=&offset=',
    'cursor=&limit=',
    'limit=1&limit=2',
    'email=%E0%A4%A',
    'email=a%40b.c&email=d%40e.f',
    'limit=%00',
    '?',
  ]);
  return fc.oneof(
    { weight: 3, arbitrary: pairs },
    { weight: 1, arbitrary: rawJunk },
    {
      weight: 1,
      arbitrary: (route.query?.(w) ?? fc.constant('')).chain((q) =>
        rawJunk.map((j) => `${q}&${j}`),
      ),
    },
  );
}

// Callers and headers ------------------------------------------------------------------------

type Auth = { kind: 'none' } | { kind: 'role'; role: Role } | { kind: 'raw'; value: string };

const ROLES: Role[] = ['buyer', 'seller', 'admin'];

/** Anonymous, or a live token of each role (a new session per request). */
const honestCaller: fc.Arbitrary<Auth> = fc.oneof(
  { weight: 1, arbitrary: fc.constant<Auth>({ kind: 'none' }) },
  { weight: 3, arbitrary: pick(ROLES).map((role): Auth => ({ kind: 'role', role })) },
);

function junkAuth(w: World): fc.Arbitrary<Auth> {
  const raw = (value: string): Auth => ({ kind: 'raw', value });
  return fc.oneof(
    { weight: 2, arbitrary: honestCaller },
    { weight: 2, arbitrary: pick(w.badTokens).map((token) => raw(`Bearer ${token}`)) },
    { weight: 1, arbitrary: fc.string({ maxLength: 60 }).map((s) => raw(`Bearer ${s}`)) },
    { weight: 1, arbitrary: fc.string({ maxLength: 60 }).map(raw) },
    {
      weight: 1,
      arbitrary: pick([
        'Bearer',
        'Bearer ',
        'bearer',
        'BEARER x',
        'Basic dXNlcjpwYXNz',
        'Token abc',
        'Bearer a b',
        'Bearer\tabc',
        `Bearer ${w.actors.admin.token} ${w.actors.admin.token}`,
        `bearer ${w.actors.admin.token}x`,
        w.actors.admin.token,
      ]).map(raw),
    },
    {
      weight: 1,
      arbitrary: fc.string({ minLength: 2_000, maxLength: 9_000 }).map((s) => raw(`Bearer ${s}`)),
    },
  );
}

const contentType = fc.oneof(
  pick([
    'application/json',
    'application/json; charset=utf-8',
    'application/json; charset=utf-16',
    'application/json; charset=latin1',
    'APPLICATION/JSON',
    'application/vnd.api+json',
    'application/json, text/plain',
    'text/plain',
    'text/html',
    'application/xml',
    'application/x-www-form-urlencoded',
    'application/octet-stream',
    'multipart/form-data',
    'multipart/form-data; boundary=',
    'multipart/form-data; boundary=----fuzz',
    '*/*',
    ';',
  ]),
  fc.string({ maxLength: 40 }),
);

// The probe ----------------------------------------------------------------------------------

interface Probe {
  route: FuzzRoute;
  auth: Auth;
  params: Record<string, string>;
  query: string;
  payload: Payload;
  /** Overrides the content type the payload would carry; undefined keeps it, '' drops it. */
  contentType?: string;
  requestId?: string;
}

const BOUNDARY = '----reloopfuzzboundary';
let address = 0;

/** Every request from its own address, so per-address rate limits never mask a route. */
function nextAddress(): string {
  address += 1;
  return `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
}

async function toRequest(w: World, probe: Probe): Promise<InjectOptions> {
  const headers: Record<string, string> = {};
  const { auth, payload } = probe;
  if (auth.kind === 'role') {
    headers.authorization = `Bearer ${await freshToken(w.t, w.actors[auth.role].uid)}`;
  } else if (auth.kind === 'raw') {
    headers.authorization = auth.value;
  }
  let body: string | Buffer | undefined;
  if (payload.kind === 'json') {
    body = JSON.stringify(payload.value) ?? '';
    headers['content-type'] = 'application/json';
  } else if (payload.kind === 'text') {
    body = payload.text;
    headers['content-type'] = 'application/json';
  } else if (payload.kind === 'multipart') {
    body = Buffer.concat([
      ...payload.parts.flatMap((part) => [
        Buffer.from(
          `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.field}"` +
            (part.filename === undefined
              ? '\r\n\r\n'
              : `; filename="${part.filename}"\r\nContent-Type: image/png\r\n\r\n`),
        ),
        Buffer.from(part.bytes),
        Buffer.from('\r\n'),
      ]),
      Buffer.from(payload.closed ? `--${BOUNDARY}--\r\n` : ''),
    ]);
    headers['content-type'] = `multipart/form-data; boundary=${BOUNDARY}`;
  }
  if (probe.contentType !== undefined) {
    if (probe.contentType === '') delete headers['content-type'];
    else headers['content-type'] = probe.contentType;
  }
  if (probe.requestId !== undefined) headers['x-request-id'] = probe.requestId;
  const path = probe.route.path.replace(/:(\w+)/g, (_, name: string) => probe.params[name] ?? '');
  return {
    method: probe.route.method,
    url: probe.query ? `${path}?${probe.query}` : path,
    headers,
    remoteAddress: nextAddress(),
    ...(body === undefined ? {} : { payload: body }),
  };
}

const clip = (text: string, max = 400) =>
  text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text;

function describeProbe(request: InjectOptions, response: LightMyRequestResponse): string {
  const payload = request.payload;
  const shown =
    payload === undefined
      ? '(none)'
      : clip(Buffer.isBuffer(payload) ? payload.toString('latin1') : String(payload));
  return [
    `${request.method} ${clip(String(request.url), 300)}`,
    `headers: ${clip(JSON.stringify(request.headers), 300)}`,
    `payload: ${shown}`,
    `→ ${response.statusCode} ${clip(response.body, 300)}`,
  ].join('\n');
}

/**
 * The 409s meant to write: a payment the provider took is settled before the answer says why
 * nothing more can happen. It is refunded when the product was sold meanwhile, is gone or the
 * booking was cancelled; asking to pay a booking already paid at the provider records it.
 */
const refundedAnswers = [
  messages.soldToAnotherBuyer,
  messages.unavailableRefunded,
  messages.cancelledRefunded,
];
const settlingAnswers: Partial<Record<string, readonly string[]>> = {
  '/api/orders': refundedAnswers,
  '/api/create-payment-intent': [...refundedAnswers, messages.bookingPaid],
};
const writesOnPurpose = (route: FuzzRoute, response: LightMyRequestResponse) =>
  response.statusCode === 409 &&
  (settlingAnswers[route.path] ?? []).some(
    (message) => response.json<{ message?: unknown }>().message === message,
  );

/** Sends the probe and checks the three promises; throws with the request on a violation. */
async function check(w: World, probe: Probe): Promise<void> {
  const request = await toRequest(w, probe);
  const before = await snapshot(w.t.db);
  const response = await w.t.app.inject(request);
  const status = response.statusCode;
  if (status >= 500) throw new Error(`5xx on bad input:\n${describeProbe(request, response)}`);
  if (status < 400) return;
  let message: unknown;
  try {
    message = response.json<{ message?: unknown }>().message;
  } catch {
    message = undefined;
  }
  if (typeof message !== 'string') {
    throw new Error(`4xx without a JSON {message}:\n${describeProbe(request, response)}`);
  }
  const changed = changedTables(before, await snapshot(w.t.db));
  if (changed.length > 0 && !writesOnPurpose(probe.route, response)) {
    throw new Error(
      `4xx changed the database (${changed.join('; ')}):\n${describeProbe(request, response)}`,
    );
  }
}

// The properties -----------------------------------------------------------------------------

function validParams(route: FuzzRoute, w: World): fc.Arbitrary<Record<string, string>> {
  const names = Object.keys(route.params ?? {});
  return fc
    .tuple(...names.map((name) => pick(route.params?.[name]?.(w) ?? [''])))
    .map((values) =>
      Object.fromEntries(
        names.map((name, index) => [name, encodeURIComponent(values[index] ?? '')]),
      ),
    );
}

function fuzzedParams(route: FuzzRoute, w: World): fc.Arbitrary<Record<string, string>> {
  const names = Object.keys(route.params ?? {});
  return fc
    .tuple(...names.map((name) => paramFor(route.params?.[name]?.(w) ?? [''])))
    .map((values) =>
      Object.fromEntries(
        names.map((name, index) => {
          const value = values[index];
          return [name, value ? encodeParam(value) : ''];
        }),
      ),
    );
}

const validQuery = (route: FuzzRoute, w: World) => route.query?.(w) ?? fc.constant('');

type ProbeFor = (route: FuzzRoute, w: World) => fc.Arbitrary<Probe>;

function fuzzProperty(name: string, routes: FuzzRoute[], probeFor: ProbeFor): void {
  describe(name, () => {
    let w: World;
    beforeAll(async () => {
      w = await buildWorld();
    }, 60_000);
    afterAll(() => w.t.close());

    it(
      `never a 5xx, always a {message}, no write on a 4xx (${RUNS} runs)`,
      async () => {
        const probes = fc.oneof(...routes.map((route) => probeFor(route, w)));
        await fc.assert(
          fc.asyncProperty(probes, (probe) => check(w, probe)),
          { numRuns: RUNS, seed: SEED, endOnFailure: true },
        );
      },
      PROPERTY_TIMEOUT,
    );
  });
}

fuzzProperty(
  'random bodies',
  ROUTES.filter((route) => route.method !== 'GET'),
  (route, w) =>
    fc.record({
      route: fc.constant(route),
      auth: honestCaller,
      params: validParams(route, w),
      query: validQuery(route, w),
      payload: bodyFor(route, w),
    }),
);

fuzzProperty(
  'random path params',
  ROUTES.filter((route) => route.params),
  (route, w) =>
    fc.record({
      route: fc.constant(route),
      auth: honestCaller,
      params: fuzzedParams(route, w),
      query: validQuery(route, w),
      payload: validBody(route, w),
    }),
);

fuzzProperty('random query strings', ROUTES, (route, w) =>
  fc.record({
    route: fc.constant(route),
    auth: honestCaller,
    params: validParams(route, w),
    query: queryFor(route, w),
    payload: validBody(route, w),
  }),
);

fuzzProperty('random headers', ROUTES, (route, w) =>
  fc.record(
    {
      route: fc.constant(route),
      auth: junkAuth(w),
      params: validParams(route, w),
      query: validQuery(route, w),
      payload: fc.oneof({ weight: 3, arbitrary: validBody(route, w) }, bodyFor(route, w)),
      contentType: fc.oneof(fc.constant(''), contentType),
      requestId: fc.oneof(
        fc.string({ maxLength: 120 }),
        pick(['', 'a b', '../x', 'x'.repeat(101)]),
      ),
    },
    { requiredKeys: ['route', 'auth', 'params', 'query', 'payload'] },
  ),
);

fuzzProperty(
  'one bad field in an otherwise valid call, by its usual caller',
  ROUTES.filter((route) => route.body),
  (route, w) =>
    fc.record({
      route: fc.constant(route),
      auth: fc.constant<Auth>(route.as ? { kind: 'role', role: route.as } : { kind: 'none' }),
      params: validParams(route, w),
      query: validQuery(route, w),
      payload: oneBadField(route.body?.(w) ?? fc.constant({}), badFieldValue).map(
        (value): Payload => ({ kind: 'json', value }),
      ),
    }),
);
