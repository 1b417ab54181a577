import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Dispute } from '@reloop/shared';
import { payoutAccounts, payouts } from '../../src/db/schema.ts';
import { call, orderAs } from '../helpers/behaviour.ts';
import { expectSoundBooks, fundsOf, ledgerOf } from '../helpers/escrow.ts';
import { queueSettled } from '../helpers/jobs.ts';
import { bookAs, createActor, createProductAs, type Actor } from '../helpers/marketplace.ts';
import {
  createStripeTestApp,
  postStripeEvent,
  startStripeStub,
  type StripeStub,
} from '../helpers/stripe-stub.ts';
import type { TestApp } from '../helpers/test-app.ts';

/**
 * Paying sellers through Stripe Connect (DESIGN §15), with the real SDK against the Stripe stub:
 * an Express account and its onboarding link, `account.updated` enabling it, and the waiting
 * payout transferred once from the buyer's charge with the booking's idempotency key; a split's
 * refund carries its amount and the payment's idempotency key.
 */
const PRICE = 54_950;

let stub: StripeStub;
// Each test signs several people up and sells through the API, step by step: on a busy machine
// that takes longer than the suite's default.
vi.setConfig({ testTimeout: 60_000 });

let t: TestApp;
let seller: Actor;
let productId: string;
beforeEach(async () => {
  stub = await startStripeStub();
  t = await createStripeTestApp(stub);
  seller = await createActor(t.app, 'seller');
  productId = await createProductAs(t.app, seller, { resalePrice: 549.5 });
});
afterEach(async () => {
  await t.close();
  await stub.close();
});

/** A buyer books, pays at Stripe and records the order, then confirms the handover. */
async function handedOverThroughStripe() {
  const buyer = await createActor(t.app, 'buyer');
  const bookingId = await bookAs(t.app, buyer, productId);
  const intent = await call(t.app, 'POST', '/api/create-payment-intent', {
    actor: buyer,
    payload: { bookingId },
  });
  expect(intent.statusCode, intent.body).toBe(200);
  const intentId = intent.json<{ clientSecret: string }>().clientSecret.split('_secret_')[0] ?? '';
  const charge = stub.succeed(intentId).latest_charge;
  expect((await orderAs(t.app, buyer, bookingId, intentId)).statusCode).toBe(200);
  const completed = await call(t.app, 'POST', `/api/bookings/${bookingId}/complete`, {
    actor: buyer,
  });
  expect(completed.statusCode, completed.body).toBe(200);
  return { buyer, bookingId, intentId, charge };
}

/** Stripe's `account.updated` about `accountId` as the stub has it now, signed. */
function accountUpdated(accountId: string) {
  return postStripeEvent(t.app, {
    id: `evt_${accountId}_${Date.now()}`,
    type: 'account.updated',
    object: stub.accounts.get(accountId),
  });
}

const setUpPayouts = () => call(t.app, 'POST', '/api/payouts/account', { actor: seller });
const payoutStatus = async () =>
  (await call(t.app, 'GET', '/api/payouts/account', { actor: seller })).json<{ status: string }>()
    .status;
const transferCalls = () => stub.calls.filter((entry) => entry.call === 'POST /v1/transfers');

describe('payouts through Stripe Connect', () => {
  it('opens an Express account once and sends the seller to its onboarding link', async () => {
    const response = await setUpPayouts();
    expect(response.statusCode, response.body).toBe(200);
    const [account] = [...stub.accounts.values()];
    const [link] = stub.accountLinks;
    expect(response.json()).toEqual({ url: link?.url });
    expect(account).toMatchObject({
      type: 'express',
      email: seller.email,
      metadata: { userId: seller.uid },
      payouts_enabled: false,
    });
    expect(link).toMatchObject({
      account: account?.id,
      return_url: expect.stringMatching(/\/dashboard\/earnings$/),
      refresh_url: expect.stringMatching(/\/dashboard\/earnings$/),
    });
    expect(stub.calls.filter((entry) => entry.call === 'POST /v1/accounts')).toEqual([
      { call: 'POST /v1/accounts', idempotencyKey: `reloop-account-${seller.uid}` },
    ]);
    expect(await payoutStatus()).toBe('pending');

    // Back before finishing: a fresh link to the same account, no second account.
    const again = await setUpPayouts();
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ url: stub.accountLinks[1]?.url });
    expect(stub.accountLinks[1]?.account).toBe(account?.id);
    expect(stub.accounts.size).toBe(1);
    expect(await t.db.select().from(payoutAccounts)).toEqual([
      expect.objectContaining({ provider: 'stripe', accountId: account?.id, status: 'pending' }),
    ]);
  });

  it('sends a waiting payout once account.updated says the account can be paid, and never again', async () => {
    expect((await setUpPayouts()).statusCode).toBe(200);
    const [account] = [...stub.accounts.values()];
    const accountId = account?.id ?? '';
    const { buyer, bookingId, charge } = await handedOverThroughStripe();
    expect(charge).toMatch(/^ch_/);
    expect(
      (await call(t.app, 'POST', `/api/bookings/${bookingId}/release`, { actor: buyer }))
        .statusCode,
    ).toBe(200);
    await queueSettled(t.db, 'payout');
    expect(await t.db.select().from(payouts)).toEqual([
      expect.objectContaining({ bookingId, amountCents: PRICE, status: 'waiting' }),
    ]);
    expect(transferCalls()).toEqual([]);

    // An update that does not make it payable changes nothing.
    expect((await accountUpdated(accountId)).statusCode).toBe(200);
    await queueSettled(t.db, 'payout');
    expect(await payoutStatus()).toBe('pending');
    expect(transferCalls()).toEqual([]);

    stub.enableAccount(accountId);
    const enabled = await accountUpdated(accountId);
    expect(enabled.statusCode, enabled.body).toBe(200);
    expect(enabled.json()).toEqual({ received: true });
    expect(await payoutStatus()).toBe('enabled');
    await queueSettled(t.db, 'payout');
    expect(stub.transfers).toEqual([
      expect.objectContaining({
        amount: PRICE,
        currency: 'usd',
        destination: accountId,
        source_transaction: charge,
        idempotencyKey: `reloop-transfer-${bookingId}`,
      }),
    ]);
    expect(await t.db.select().from(payouts)).toEqual([
      expect.objectContaining({ bookingId, status: 'sent', transferId: stub.transfers[0]?.id }),
    ]);

    // The webhook again (Stripe delivers at least once): nothing more is sent.
    expect((await accountUpdated(accountId)).statusCode).toBe(200);
    await queueSettled(t.db, 'payout');
    expect(transferCalls()).toHaveLength(1);
    expect(stub.transfers).toHaveLength(1);
    expect(await ledgerOf(t.db, bookingId)).toEqual({
      payment: { buyer: -PRICE, held: PRICE },
      release: { held: -PRICE, seller: PRICE },
      payout: { seller: -PRICE, payouts: PRICE },
    });
    await expectSoundBooks(t.db);
  });

  it('ignores account.updated for an account Reloop does not know', async () => {
    expect((await setUpPayouts()).statusCode).toBe(200);
    const stranger = (await (
      await fetch(`http://${stub.connection.host}:${stub.connection.port}/v1/accounts`, {
        method: 'POST',
        body: new URLSearchParams({ type: 'express' }),
      })
    ).json()) as { id: string };
    stub.enableAccount(stranger.id);
    expect((await accountUpdated(stranger.id)).statusCode).toBe(200);
    expect(await payoutStatus()).toBe('pending');
  });

  it('refunds the buyer’s part of a split with its amount and the payment’s idempotency key; the rest goes to the seller', async () => {
    const admin = await createActor(t.app, 'admin');
    expect((await setUpPayouts()).statusCode).toBe(200);
    const accountId = [...stub.accounts.keys()][0] ?? '';
    stub.enableAccount(accountId);
    expect((await accountUpdated(accountId)).statusCode).toBe(200);
    const { buyer, bookingId, intentId, charge } = await handedOverThroughStripe();
    const opened = await call(t.app, 'POST', `/api/bookings/${bookingId}/dispute`, {
      actor: buyer,
      payload: { reason: 'not_as_described', text: 'The battery is at 60%, not 88%.' },
    });
    expect(opened.statusCode, opened.body).toBe(201);

    const decision = { outcome: 'split', refundCents: 15_000 };
    const resolved = await call(t.app, 'POST', `/api/disputes/${bookingId}/resolve`, {
      actor: admin,
      payload: decision,
    });
    expect(resolved.statusCode, resolved.body).toBe(200);
    const [refund] = stub.refunds;
    expect(resolved.json<Dispute>()).toMatchObject({ funds: 'split', refundId: refund?.id });
    expect(refund).toMatchObject({ payment_intent: intentId, amount: 15_000 });
    const replay = await call(t.app, 'POST', `/api/disputes/${bookingId}/resolve`, {
      actor: admin,
      payload: decision,
    });
    expect(replay.json()).toEqual(resolved.json());
    await queueSettled(t.db, 'refund');
    await queueSettled(t.db, 'payout');
    expect(stub.calls.filter((entry) => entry.call === 'POST /v1/refunds')).toEqual([
      { call: 'POST /v1/refunds', idempotencyKey: `reloop-refund-${intentId}` },
    ]);
    expect(stub.transfers).toEqual([
      expect.objectContaining({
        amount: PRICE - 15_000,
        destination: accountId,
        source_transaction: charge,
        idempotencyKey: `reloop-transfer-${bookingId}`,
      }),
    ]);
    expect(await fundsOf(t.db, bookingId)).toBe('split');
    const [payout] = await t.db.select().from(payouts).where(eq(payouts.bookingId, bookingId));
    expect(payout).toMatchObject({ status: 'sent', amountCents: PRICE - 15_000 });
    await expectSoundBooks(t.db);
  });
});
