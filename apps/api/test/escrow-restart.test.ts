import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type { Booking, BookingTransition } from '@reloop/shared';
import { openDatabase, type DatabaseHandle } from '../src/db/client.ts';
import { ledgerEntries, payouts, testTransfers } from '../src/db/schema.ts';
import { freeLoopbackPort } from '../src/free-port.ts';
import { createTestDatabase, type TestDatabase } from './helpers/database.ts';
import { expectSoundBooks, fundsOf, ledgerOf } from './helpers/escrow.ts';
import {
  firstCategoryId,
  HttpClient,
  payWithTestCard,
  registerAccount,
} from './helpers/http-client.ts';
import { queueSettled } from './helpers/jobs.ts';
import { productBody } from './helpers/marketplace.ts';
import { startServer, waitUntilListening, type ServerProcess } from './helpers/server-process.ts';
import { TEST_JWT_SECRET } from './helpers/test-app.ts';

/**
 * The release at `releaseAt` survives a restart (DESIGN §15): the real server process hands a
 * sale over with a complaint window of seconds, stops before the window ends, and is started
 * again after it ended. The held money is released at the start, exactly once, and paid out.
 */
const PRICE = 54_950;
/** 18 seconds: long enough to stop the server before it ends, even on a busy machine. */
const WINDOW_HOURS = '0.005';

describe('the release job across a restart', () => {
  let database: TestDatabase | undefined;
  let handle: DatabaseHandle | undefined;
  let dataDir: string | undefined;
  let server: ServerProcess | undefined;

  afterEach(async () => {
    // A failed run must not leave its process behind.
    if (server?.child.exitCode === null) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
    await handle?.close();
    await database?.drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
    server = handle = database = dataDir = undefined;
  });

  const start = async (env: Record<string, string>): Promise<string> => {
    const port = await freeLoopbackPort();
    server = startServer({ ...env, PORT: String(port), HOST: '127.0.0.1' });
    await waitUntilListening(server, 60_000);
    return `http://127.0.0.1:${port}`;
  };

  const stop = async () => {
    if (!server) throw new Error('no server to stop');
    server.child.kill('SIGTERM');
    expect(await server.exited, server.output()).toBe(0);
  };

  it('releases a releaseAt that passed while the server was down once, at the next start', async () => {
    database = await createTestDatabase();
    dataDir = await mkdtemp(path.join(tmpdir(), 'reloop-escrow-restart-'));
    const env = {
      DATABASE_URL: database.url,
      JWT_SECRET: TEST_JWT_SECRET,
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      COMPLAINT_WINDOW_HOURS: WINDOW_HOURS,
    };
    const client = new HttpClient(await start(env));
    const seller = await registerAccount(client, 'seller');
    const buyer = await registerAccount(client, 'buyer');
    const product = await client.expect<{ _id: string }>(201, 'POST', '/api/product', {
      token: seller.token,
      body: productBody(await firstCategoryId(client), { resalePrice: 549.5 }),
    });
    const booking = await client.expect<{ _id: string }>(201, 'POST', '/api/booking', {
      token: buyer.token,
      body: {
        productId: product._id,
        buyerPhone: '5125550199',
        buyerMeetingLocation: 'Central Library',
      },
    });
    const bookingId = booking._id;
    const paymentId = await payWithTestCard(client, buyer, bookingId);
    await client.expect(200, 'POST', '/api/orders', {
      token: buyer.token,
      body: { bookingId, paymentId },
    });
    await client.expect(200, 'POST', '/api/payouts/account', { token: seller.token });
    const { handoverCode } = await client.expect<Booking>(200, 'GET', `/api/booking/${bookingId}`, {
      token: buyer.token,
    });
    const handedOver = await client.expect<BookingTransition>(
      200,
      'POST',
      `/api/sales/${bookingId}/handover`,
      { token: seller.token, body: { code: handoverCode } },
    );
    const releaseAt = Date.parse(handedOver.releaseAt ?? '');
    client.close();
    await stop();

    // Stopped in time: nothing was released before the stop.
    handle = openDatabase(database.url);
    const { db } = handle;
    expect(Date.now(), 'the server took longer than the window to stop').toBeLessThan(releaseAt);
    expect(await fundsOf(db, bookingId)).toBe('held');
    expect(await ledgerOf(db, bookingId)).toEqual({ payment: { buyer: -PRICE, held: PRICE } });

    // Down while releaseAt passes.
    await sleep(Math.max(0, releaseAt - Date.now()) + 1_000);
    expect(await fundsOf(db, bookingId)).toBe('held');

    await start(env);
    await expect
      .poll(() => fundsOf(db, bookingId), { timeout: 30_000, interval: 200 })
      .toBe('released');
    await queueSettled(db, 'release');
    await queueSettled(db, 'payout');
    const releases = await db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.bookingId, bookingId), eq(ledgerEntries.movement, 'release')));
    expect(releases).toHaveLength(2);
    expect(await ledgerOf(db, bookingId)).toEqual({
      payment: { buyer: -PRICE, held: PRICE },
      release: { held: -PRICE, seller: PRICE },
      payout: { seller: -PRICE, payouts: PRICE },
    });
    expect(await db.select().from(payouts)).toEqual([
      expect.objectContaining({ bookingId, amountCents: PRICE, status: 'sent' }),
    ]);
    expect(await db.select().from(testTransfers)).toEqual([
      expect.objectContaining({ sourceIntentId: paymentId, amountCents: PRICE }),
    ]);
    await expectSoundBooks(db);
    await stop();
  }, 180_000);
});
