import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from '../src/db/embedded-postgres.ts';
import { freeLoopbackPort } from '../src/free-port.ts';
import {
  firstCategoryId,
  HttpClient,
  registerAccount,
  type HttpResponse,
} from './helpers/http-client.ts';
import { productBody, SUCCESS_CARD } from './helpers/marketplace.ts';
import {
  isAlive,
  postmasterPid,
  startServer,
  waitUntilListening,
  type ServerProcess,
} from './helpers/server-process.ts';

/**
 * `kill -9` while sellers list laptops and buyers book, pay and order them at once, on the
 * embedded database `npm start` uses, three times over. After every restart each write that
 * was answered 2xx is there; once the buyers have retried the purchases a crash interrupted
 * (as the web app's Pay button does), no laptop is sold twice and nobody keeps being charged
 * for a laptop they did not get.
 */
const ROUNDS = 3;
const SELLERS = 2;
const BUYERS = 4;
/** Acknowledged writes per round before the kill, which then waits for an order in flight. */
const WRITES_PER_ROUND = 40;

interface Account {
  email: string;
  token: string;
}

/** A booking being paid for; `clientSecret` is kept once known, so a retry pays the same intent. */
interface Purchase {
  buyer: Account;
  bookingId: string;
  clientSecret?: string;
}

/** What the clients were told: the writes answered 2xx, and the purchases left unfinished. */
class Ledger {
  readonly products = new Set<string>();
  readonly bookings = new Set<string>();
  /** Booking id → the payment its recorded order names. */
  readonly orders = new Map<string, string>();
  pending: Purchase[] = [];
  /** Answers no client should ever get (5xx, or a status the call does not have). */
  readonly unexpected: string[] = [];
  acknowledged = 0;
  ordersInFlight = 0;
  /** For the summary: orders in flight at each kill, and purchases finished after a restart. */
  readonly ordersInFlightAtKills: number[] = [];
  resumed = 0;

  checkStatus(response: HttpResponse, call: string, allowed: number[]): void {
    if (!allowed.includes(response.status)) {
      this.unexpected.push(`${call} → ${response.status} ${JSON.stringify(response.body)}`);
    }
  }
}

type Outcome = 'done' | 'interrupted';

/**
 * Pays for a booking and records the order, as the web app does; every step may be repeated
 * after a crash. 'interrupted' when the server went away (or rate-limited the card form).
 */
async function completePurchase(
  client: HttpClient,
  ledger: Ledger,
  purchase: Purchase,
): Promise<Outcome> {
  const { buyer, bookingId } = purchase;
  try {
    if (!purchase.clientSecret) {
      const intent = await client.call('POST', '/api/create-payment-intent', {
        token: buyer.token,
        body: { bookingId },
      });
      ledger.checkStatus(intent, 'create-payment-intent', [200, 409]);
      // 409: sold to someone else before this buyer paid anything.
      if (intent.status !== 200) return 'done';
      purchase.clientSecret = (intent.body as { clientSecret: string }).clientSecret;
    }
    const confirm = await client.call('POST', '/api/payments/test/confirm', {
      body: {
        clientSecret: purchase.clientSecret,
        card: SUCCESS_CARD,
        billingDetails: { name: 'Buyer', email: buyer.email },
      },
    });
    if (confirm.status === 429) return 'interrupted';
    // 409: this intent was paid before the crash.
    ledger.checkStatus(confirm, 'confirm', [200, 409]);
    const paymentId = purchase.clientSecret.split('_secret_')[0] ?? '';
    ledger.ordersInFlight += 1;
    const order = await client
      .call('POST', '/api/orders', { token: buyer.token, body: { bookingId, paymentId } })
      .finally(() => (ledger.ordersInFlight -= 1));
    // 409: sold to another buyer meanwhile, and this payment refunded.
    ledger.checkStatus(order, 'orders', [200, 409]);
    if (order.status === 200) {
      ledger.orders.set(bookingId, paymentId);
      ledger.acknowledged += 1;
    }
    return 'done';
  } catch {
    return 'interrupted';
  }
}

/** Lists a laptop every 100 ms until the server goes away. */
async function sell(client: HttpClient, ledger: Ledger, seller: Account, categoryId: string) {
  for (;;) {
    try {
      const response = await client.call('POST', '/api/product', {
        token: seller.token,
        body: productBody(categoryId),
      });
      ledger.checkStatus(response, 'product', [201]);
      if (response.status === 201) {
        ledger.products.add((response.body as { _id: string })._id);
        ledger.acknowledged += 1;
      }
    } catch {
      return;
    }
    await sleep(100);
  }
}

/** Books one of the newest laptops and pays for it, again and again, until the server goes away. */
async function buy(client: HttpClient, ledger: Ledger, buyer: Account, server: ServerProcess) {
  const booked = new Set<string>();
  while (server.child.exitCode === null && server.child.signalCode === null) {
    // Buyers crowd onto the same few laptops, so that payments race for them.
    const choices = [...ledger.products].slice(-3).filter((id) => !booked.has(id));
    const productId = choices[Math.floor(Math.random() * choices.length)];
    if (!productId) {
      await sleep(20);
      continue;
    }
    booked.add(productId);
    let booking: HttpResponse;
    try {
      booking = await client.call('POST', '/api/booking', {
        token: buyer.token,
        body: { productId, buyerPhone: '5125550199', buyerMeetingLocation: 'Central Library' },
      });
    } catch {
      return;
    }
    // 409: already sold. 429: this buyer's bookings for the minute are spent (10 a minute per
    // user); like a client told to retry later, it waits a little instead of asking again at once.
    ledger.checkStatus(booking, 'booking', [201, 409, 429]);
    if (booking.status === 429) await sleep(100);
    if (booking.status !== 201) continue;
    const purchase = { buyer, bookingId: (booking.body as { _id: string })._id };
    ledger.bookings.add(purchase.bookingId);
    ledger.acknowledged += 1;
    if ((await completePurchase(client, ledger, purchase)) === 'interrupted') {
      ledger.pending.push(purchase);
      return;
    }
  }
}

interface ListedBooking {
  _id: string;
  productId: string;
  status: string;
  paymentId: string | null;
}

/** Every acknowledged write is visible through the API, and no laptop has two paid bookings. */
async function expectAcknowledgedWritesKept(
  client: HttpClient,
  ledger: Ledger,
  accounts: { sellers: Account[]; buyers: Account[] },
) {
  const listed = new Set<string>();
  for (const seller of accounts.sellers) {
    const url = `/api/seller/products?email=${encodeURIComponent(seller.email)}&limit=100`;
    for (const product of await client.all<{ _id: string }>(url, seller.token)) {
      listed.add(product._id);
    }
  }
  expect([...ledger.products].filter((id) => !listed.has(id))).toEqual([]);

  const bookings = new Map<string, ListedBooking>();
  for (const buyer of accounts.buyers) {
    const url = `/api/bookings?email=${encodeURIComponent(buyer.email)}&limit=100`;
    for (const booking of await client.all<ListedBooking>(url, buyer.token)) {
      bookings.set(booking._id, booking);
    }
  }
  expect([...ledger.bookings].filter((id) => !bookings.has(id))).toEqual([]);
  for (const [bookingId, paymentId] of ledger.orders) {
    expect(bookings.get(bookingId)).toMatchObject({ status: 'paid', paymentId });
  }
  const paid = [...bookings.values()].filter((booking) => booking.status === 'paid');
  expect(new Set(paid.map((booking) => booking.productId)).size).toBe(paid.length);
}

describe('kill -9 under concurrent writes', () => {
  let dataDir: string;
  const started: ServerProcess[] = [];

  afterAll(async () => {
    // A failed run must not leave its processes behind for the next one.
    for (const server of started) if (server.child.exitCode === null) server.child.kill('SIGKILL');
    const postgres = await postmasterPid(dataDir).catch(() => undefined);
    if (postgres !== undefined && isAlive(postgres)) process.kill(postgres, 'SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  });

  it('keeps every acknowledged write and never sells or charges twice', async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'reloop-crash-'));
    const port = await freeLoopbackPort();
    const env = { DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', SEED_DEMO: 'false' };
    const ledger = new Ledger();
    const accounts = { sellers: [] as Account[], buyers: [] as Account[] };
    let categoryId = '';

    for (let round = 0; round <= ROUNDS; round += 1) {
      const server = startServer(env);
      started.push(server);
      await waitUntilListening(server);
      const client = new HttpClient(`http://127.0.0.1:${port}`);
      if (round === 0) {
        for (let i = 0; i < SELLERS; i += 1) {
          accounts.sellers.push(await registerAccount(client, 'seller'));
        }
        for (let i = 0; i < BUYERS; i += 1) {
          accounts.buyers.push(await registerAccount(client, 'buyer'));
        }
        categoryId = await firstCategoryId(client);
      } else {
        await expectAcknowledgedWritesKept(client, ledger, accounts);
      }
      // The buyers whose purchase a crash interrupted press Pay again.
      const resumed = ledger.pending;
      ledger.pending = [];
      ledger.resumed += resumed.length;
      for (const purchase of resumed) {
        if ((await completePurchase(client, ledger, purchase)) === 'interrupted') {
          ledger.pending.push(purchase);
        }
      }

      if (round === ROUNDS) {
        expect(ledger.pending).toEqual([]);
        await expectAcknowledgedWritesKept(client, ledger, accounts);
        server.child.kill('SIGTERM');
        expect(await server.exited).toBe(0);
        client.close();
        break;
      }

      const target = ledger.acknowledged + WRITES_PER_ROUND;
      const load = Promise.all([
        ...accounts.sellers.map((seller) => sell(client, ledger, seller, categoryId)),
        ...accounts.buyers.map((buyer) => buy(client, ledger, buyer, server)),
      ]);
      const deadline = Date.now() + 20_000;
      while (ledger.acknowledged < target || ledger.ordersInFlight === 0) {
        if (Date.now() > deadline) break;
        await sleep(1);
      }
      ledger.ordersInFlightAtKills.push(ledger.ordersInFlight);
      server.child.kill('SIGKILL');
      await server.exited;
      await load;
      client.close();
    }

    console.info(
      `${ledger.products.size} products, ${ledger.bookings.size} bookings, ` +
        `${ledger.orders.size} orders acknowledged; orders in flight at the kills: ` +
        `${ledger.ordersInFlightAtKills.join(', ')}; ${ledger.resumed} purchases resumed`,
    );
    expect(ledger.unexpected).toEqual([]);
    expect(ledger.orders.size).toBeGreaterThan(0);
    await expectNoDoubleSaleOrCharge(dataDir);
  }, 120_000);
});

/** Straight from the database: each sold laptop has one paid booking and one kept payment. */
async function expectNoDoubleSaleOrCharge(dataDir: string): Promise<void> {
  const database = await startEmbeddedPostgres(dataDir);
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  const rows = async (sql: string) => (await client.query(sql)).rows;
  try {
    // A laptop is sold exactly when it has a paid booking, and it has at most one.
    expect(
      await rows(`select p.id, count(b.id)::int as paid from products p
                   left join bookings b on b.product_id = p.id and b.status = 'paid'
                  group by p.id
                 having count(b.id) > 1 or (p.status = 'sold') <> (count(b.id) = 1)`),
    ).toEqual([]);
    // A paid booking's payment succeeded, through the intent its order names, and was kept.
    expect(
      await rows(`select b.id from bookings b
                   left join payments pay on pay.booking_id = b.id
                   left join test_payment_intents i on i.id = b.payment_id
                  where b.status = 'paid'
                    and not (pay.status is not distinct from 'succeeded'
                             and pay.intent_id is not distinct from b.payment_id
                             and i.status is not distinct from 'succeeded'
                             and i.refund_id is null)`),
    ).toEqual([]);
    // Every charge that was kept bought its laptop: the others were refunded.
    expect(
      await rows(`select i.id from test_payment_intents i
                   join bookings b on b.id = i.booking_id
                  where i.status = 'succeeded' and i.refund_id is null and b.status <> 'paid'`),
    ).toEqual([]);
  } finally {
    await client.end();
    await database.stop();
  }
}
