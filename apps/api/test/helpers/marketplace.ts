import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ProductBody, Role } from '@reloop/shared';
import type { Database } from '../../src/db/client.ts';
import { categories, users } from '../../src/db/schema.ts';
import { bearer, signUp } from './test-app.ts';

/** A marketplace account as the web app holds it: the API token and who it is. */
export interface Actor {
  uid: string;
  email: string;
  token: string;
  headers: { authorization: string };
}

/**
 * Signs up, exchanges the token and registers with a role, exactly as the web app's
 * registration does. Admins cannot self-register, so that role is set in the database.
 */
export async function createActor(app: FastifyInstance, role: Role): Promise<Actor> {
  const user = await signUp(app);
  const exchange = await app.inject({
    method: 'POST',
    url: '/api/jwtgenerate',
    headers: bearer(user.idToken),
    payload: { email: user.email },
  });
  const token = exchange.json<{ token: string }>().token;
  if (role === 'admin') {
    await (app.db as Database).update(users).set({ role }).where(eq(users.id, user.uid));
  } else {
    const registered = await app.inject({
      method: 'POST',
      url: '/api/register',
      headers: bearer(token),
      payload: { userEmail: user.email, userName: `A ${role}`, role, userImg: '' },
    });
    if (registered.statusCode !== 200) throw new Error(`register failed: ${registered.body}`);
  }
  return { uid: user.uid, email: user.email, token, headers: bearer(token) };
}

export async function firstCategoryId(db: Database): Promise<string> {
  const [category] = await db.select().from(categories).orderBy(asc(categories.position)).limit(1);
  if (!category) throw new Error('categories are not seeded');
  return category.id;
}

export function productBody(categoryId: string, overrides: Partial<ProductBody> = {}): ProductBody {
  return {
    name: 'ThinkPad T14 Gen 2',
    imgUrl: '/api/images/seed-product-lenovo-thinkpad-t14-gen-2.jpg',
    resalePrice: 549.5,
    originalPrice: 1299,
    location: 'Austin',
    mobile: '5125550123',
    yearOfUse: 2021,
    condition: 'good',
    categoryId,
    description: 'Battery at 88%, charger included.',
    model: 'ThinkPad T14 Gen 2',
    cpu: 'Intel Core i5-1135G7',
    ramGb: 16,
    storageGb: 512,
    screenInches: 14,
    batteryHealth: 88,
    ...overrides,
  };
}

export async function createProductAs(
  app: FastifyInstance,
  seller: Actor,
  overrides: Partial<ProductBody> = {},
): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/product',
    headers: seller.headers,
    payload: productBody(await firstCategoryId(app.db as Database), overrides),
  });
  if (response.statusCode !== 201) throw new Error(`create product failed: ${response.body}`);
  return response.json<{ _id: string }>()._id;
}

export async function bookAs(
  app: FastifyInstance,
  buyer: Actor,
  productId: string,
): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/booking',
    headers: buyer.headers,
    payload: { productId, buyerPhone: '5125550199', buyerMeetingLocation: 'Central Library' },
  });
  if (response.statusCode !== 201) throw new Error(`booking failed: ${response.body}`);
  return response.json<{ _id: string }>()._id;
}

export const SUCCESS_CARD = { number: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' };

/** Creates the intent and pays it with a test card; returns the intent id (the paymentId). */
export async function payAs(
  app: FastifyInstance,
  buyer: Actor,
  bookingId: string,
  card = SUCCESS_CARD,
): Promise<{ status: number; paymentId: string; body: unknown }> {
  const intent = await app.inject({
    method: 'POST',
    url: '/api/create-payment-intent',
    headers: buyer.headers,
    payload: { bookingId },
  });
  const { clientSecret } = intent.json<{ clientSecret: string }>();
  const confirm = await app.inject({
    method: 'POST',
    url: '/api/payments/test/confirm',
    payload: { clientSecret, card, billingDetails: { name: 'Buyer', email: buyer.email } },
  });
  return {
    status: confirm.statusCode,
    paymentId: clientSecret.split('_secret_')[0] ?? '',
    body: confirm.json(),
  };
}
