import { AsyncLocalStorage } from 'node:async_hooks';
import { inArray, sql, type SQLWrapper } from 'drizzle-orm';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HANDOVER_ATTEMPTS, messages } from '@reloop/shared';
import type { Database } from '../../src/db/client.ts';
import {
  bookings,
  disputes,
  payments,
  payoutAccounts,
  payouts,
  products,
  testPaymentIntents,
  testTransfers,
  users,
} from '../../src/db/schema.ts';
import { startSession } from '../../src/identity/accounts.ts';
import { releaseDue } from '../../src/money/escrow.ts';
import { feeOf, reconcile } from '../../src/money/ledger.ts';
import { sendPayout } from '../../src/money/payouts.ts';
import type { PaymentProvider, PayoutTransfer } from '../../src/payments/provider.ts';
import { settleInterruptedPayments } from '../../src/payments/reconciliation.ts';
import { call } from '../helpers/behaviour.ts';
import {
  SUCCESS_CARD,
  bookAs,
  createActor,
  createProductAs,
  type Actor,
} from '../helpers/marketplace.ts';
import { bearer, createTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * The money invariants of DESIGN §15, as a property: random sequences of pay, cancel, handover
 * (right and wrong codes), complaint, resolution (valid and invalid), early and scheduled
 * release, payout set-up and payout sending, replays, provider failures, and pairs of commands
 * run in parallel, on the real database through the HTTP API. After every command:
 *
 * - the ledger balances per booking and held money is never negative (`reconcile`);
 * - each booking's `funds` agrees with its ledger entries, its payment, its payout and its
 *   complaint, and with what a model of the rules predicts (and so do the HTTP answers);
 * - the provider (the test provider's tables, and a log of every call it answered) saw at most
 *   one refund per payment and one transfer per booking, each always asked for the same amount,
 *   never more back and out than came in, and never a refund together with a full release.
 *
 * Two operations run at once must answer, and leave the books, as one of their two orders would
 * (the row locks serialise them). Most operations are aimed at a booking where they do something
 * (a complaint at a handed-over booking, a resolution at an open complaint), the rest land
 * anywhere and must be refused as the rules say.
 *
 * At the end of each sequence the interrupted work is settled (as a restart does) and what was
 * decided must have reached the provider: every booked refund, every payout to an enabled
 * account. Provider failures are injected only into the calls a command makes itself (an
 * AsyncLocalStorage context; the job queue's workers never fail): "before" fails the call, "after"
 * makes the provider act and then loses its answer, so the app must send it again with the same
 * idempotency key. A command whose provider call failed answers 500 (the error handler's answer
 * to anything unexpected) — except a complaint's resolution, whose refund is retried by its job —
 * and is accepted only when the failure was injected into that command.
 *
 * MONEY_PROPERTIES_SEED (with MONEY_PROPERTIES_PATH, as a failure prints them) replays a run;
 * MONEY_PROPERTIES_RUNS lengthens it.
 */

const FEE_PERCENT = 12.5;
const NUM_RUNS = Number(process.env.MONEY_PROPERTIES_RUNS ?? 50);
const SEED = Number(process.env.MONEY_PROPERTIES_SEED ?? Math.floor(Math.random() * 2 ** 31));

// ——— The provider, made to fail on demand and watched ———

type Failure = 'before' | 'after';

/** What the commands' provider calls may do: fail once, as asked, and say whether they did. */
interface CallContext {
  failure: Failure | undefined;
  fired: boolean;
}
const callContext = new AsyncLocalStorage<CallContext>();

class InjectedFailure extends Error {
  override name = 'InjectedFailure';
}

/** Every refund and transfer the provider answered, and every call it refused. */
interface ProviderLog {
  refunds: { intentId: string; amountCents: number; refundId: string }[];
  transfers: (PayoutTransfer & { transferId: string })[];
  refused: string[];
}

/**
 * The app's provider, whose refunds and transfers fail when the calling command asked for it.
 * It inherits from the test provider (its prototype), so the app still offers the test card
 * confirmation that only the test provider has.
 */
function watchedProvider(provider: PaymentProvider, log: ProviderLog): PaymentProvider {
  const wrapper = Object.create(provider) as PaymentProvider;
  async function guarded<T>(what: string, send: () => Promise<T>): Promise<T> {
    const context = callContext.getStore();
    const failure = context && !context.fired ? context.failure : undefined;
    if (context && failure) context.fired = true;
    if (failure === 'before') throw new InjectedFailure(`${what}: the provider is down`);
    let answer: T;
    try {
      answer = await send();
    } catch (error) {
      log.refused.push(`${what}: ${String(error)}`);
      throw error;
    }
    if (failure === 'after') throw new InjectedFailure(`${what}: the provider's answer was lost`);
    return answer;
  }
  wrapper.refund = (intentId, amountCents) =>
    guarded(`refund of ${amountCents} from ${intentId}`, async () => {
      const refundId = await provider.refund(intentId, amountCents);
      log.refunds.push({ intentId, amountCents, refundId });
      return refundId;
    });
  wrapper.transfer = (input) =>
    guarded(`transfer of ${input.amountCents} for ${input.bookingId}`, async () => {
      const transferId = await provider.transfer(input);
      log.transfers.push({ ...input, transferId });
      return transferId;
    });
  return wrapper;
}

// ——— The model: what the rules say each booking's state and each answer are ———

/** `items[index]`, which must be there. */
function at<T>(items: readonly T[], index: number): T {
  const item = items[index];
  if (item === undefined) throw new Error(`nothing at ${index}`);
  return item;
}

/** What a look-up must have found. */
function found<T>(value: T | undefined): T {
  if (value === undefined) throw new Error('not found');
  return value;
}

type Status = 'unpaid' | 'paid' | 'completed' | 'cancelled' | 'closed';
type Funds = 'none' | 'held' | 'disputed' | 'released' | 'refunded' | 'split';
type Outcome = 'refund' | 'release' | 'split';

interface BookingModel {
  product: number;
  priceCents: number;
  status: Status;
  funds: Funds;
  /** The provider's intent: none yet, created (or its card declined), or paid. */
  intent: 'none' | 'created' | 'charged';
  wrongTries: number;
  lockedOut: boolean;
  /** `releaseAt` has passed. */
  due: boolean;
  dispute: 'none' | 'open' | { outcome: Outcome; refundCents: number };
}

interface Model {
  bookings: BookingModel[];
  products: ('unsold' | 'sold')[];
  /** The seller has set up payouts. */
  payouts: boolean;
}

/** How a resolution's `refundCents` is chosen: from the price, valid or not. */
type SplitCents = 'valid' | 'price' | 'over' | 'zero' | 'negative' | 'fractional' | 'missing';
type Decision =
  | { outcome: 'refund' | 'release'; extraCents: boolean }
  | { outcome: 'split'; cents: SplitCents; fraction: number };

type Op =
  | { kind: 'startPay'; b: number; card: 'ok' | 'declined'; failure?: Failure }
  | { kind: 'postOrder'; b: number; failure?: Failure }
  | { kind: 'cancel'; b: number; by: 'buyer' | 'seller'; failure?: Failure }
  | { kind: 'handover'; b: number; right: boolean }
  | { kind: 'complete'; b: number }
  | { kind: 'dispute'; b: number }
  | { kind: 'resolve'; b: number; decision: Decision; failure?: Failure }
  | { kind: 'release'; b: number }
  | { kind: 'timePasses'; b: number }
  | { kind: 'scheduledRelease'; b: number }
  | { kind: 'setUpPayouts' }
  | { kind: 'sendPayout'; b: number; failure?: Failure };

/**
 * What a command does: operations, or pairs of operations run at once, one after the other (a
 * payment: start it, post the order; a replay: the same operation twice; two buyers of one
 * laptop paying at once). `aimed`: the first operation goes to the first booking, from the
 * generated one on, where it does something, and the others move along with it, so that most
 * commands move money rather than being refused; unaimed ones go where they were generated.
 */
type Part = Op | [Op, Op];

interface Step {
  parts: Part[];
  aimed: boolean;
  /** The first two operations go to two bookings of one laptop, when the run has such a pair. */
  race?: boolean;
}

/** Whether `op` on booking `b` does something (rather than being refused or changing nothing). */
function matters(m: Model, op: Op, b: BookingModel): boolean {
  // An operation carrying a provider failure goes where it calls the provider.
  const failing = 'failure' in op && op.failure !== undefined;
  switch (op.kind) {
    case 'startPay':
      return failing ? b.intent === 'charged' && !isPaid(b) : b.status === 'unpaid';
    case 'postOrder':
      return b.intent === 'charged' && !isPaid(b);
    case 'cancel':
      return (b.status === 'unpaid' || b.status === 'paid') && (!failing || b.intent === 'charged');
    case 'handover':
    case 'complete':
      return b.status === 'paid';
    case 'dispute':
    case 'release':
    case 'timePasses':
    case 'scheduledRelease':
      return b.status === 'completed' && b.funds === 'held';
    case 'resolve':
      return b.dispute === 'open';
    case 'sendPayout':
      return (b.funds === 'released' || b.funds === 'split') && (!failing || m.payouts);
    case 'setUpPayouts':
      return true;
  }
}

function aim(m: Model, op: Op): Op {
  if (!('b' in op)) return op;
  const count = m.bookings.length;
  for (let offset = 0; offset < count; offset += 1) {
    const index = (op.b + offset) % count;
    if (matters(m, op, at(m.bookings, index))) return { ...op, b: index };
  }
  return op;
}

/** The step's operations, aimed at the model as it stands. */
function partsOf(m: Model, step: Step): Part[] {
  const [part] = step.parts;
  if (!part) throw new Error('a command without operations');
  const first = Array.isArray(part) ? part[0] : part;
  const count = m.bookings.length;
  if (step.race && 'b' in first) {
    // Bookings b and b + 1 become the first two bookings (from b on) that share a laptop.
    const from = first.b;
    const pairs = m.bookings.flatMap((_, offset) => {
      const one = (from + offset) % count;
      const two = m.bookings.findIndex(
        (other, index) => index !== one && other.product === at(m.bookings, one).product,
      );
      return two === -1 ? [] : [[one, two]];
    });
    const [one, two] = pairs[0] ?? [from, (from + 1) % count];
    const to = (op: Op): Op =>
      'b' in op ? { ...op, b: op.b === from ? (one ?? from) : (two ?? from) } : op;
    return step.parts.map((each) => (Array.isArray(each) ? [to(each[0]), to(each[1])] : to(each)));
  }
  const aimed = step.aimed ? aim(m, first) : first;
  const shift = 'b' in aimed && 'b' in first ? aimed.b - first.b : 0;
  const moved = (op: Op): Op => ('b' in op ? { ...op, b: (op.b + shift + count) % count } : op);
  return step.parts.map((each) =>
    Array.isArray(each) ? [moved(each[0]), moved(each[1])] : moved(each),
  );
}

/** `refundCents` of a decision's body for a booking of `price` cents (undefined: left out). */
function refundCentsOf(decision: Decision, price: number): number | undefined {
  if (decision.outcome !== 'split') return decision.extraCents ? 5 : undefined;
  switch (decision.cents) {
    case 'valid':
      return price < 2 ? 1 : 1 + Math.floor(decision.fraction * (price - 1));
    case 'price':
      return price;
    case 'over':
      return price + 1 + Math.floor(decision.fraction * 1000);
    case 'zero':
      return 0;
    case 'negative':
      return -1 - Math.floor(decision.fraction * 100);
    case 'fractional':
      return 1.5;
    case 'missing':
      return undefined;
  }
}

/** What an answer must be: its status and some fields of its body. */
interface Expected {
  status: number;
  body?: Record<string, unknown>;
  /** The operation may call the provider's refund or transfer (so an injected failure may fire). */
  moneyCall?: boolean;
}

const ANY_STRING = Symbol('any string');

const transition = (status: Status, funds: Funds, refundId: unknown = null) => ({
  status,
  funds,
  refundId,
});

/**
 * A payment the provider took, settled by an order (the posted order, or a payment started
 * again): recorded while the product is for sale, else refunded, as completeOrder does.
 */
function settleCharged(m: Model, index: number): 'recorded' | keyof typeof refusals {
  const b = at(m.bookings, index);
  const outcome =
    b.status === 'cancelled'
      ? 'cancelled'
      : m.products[b.product] === 'sold'
        ? 'sold-to-another'
        : b.funds === 'refunded'
          ? 'refunded'
          : 'recorded';
  if (outcome === 'recorded') {
    b.status = 'paid';
    b.funds = 'held';
    m.products[b.product] = 'sold';
    m.bookings.forEach((other) => {
      if (other !== b && other.product === b.product && other.status === 'unpaid') {
        other.status = 'closed';
      }
    });
  } else {
    b.funds = 'refunded';
  }
  return outcome;
}

const refusals = {
  cancelled: messages.cancelledRefunded,
  'sold-to-another': messages.soldToAnotherBuyer,
  refunded: messages.paymentRefunded,
};

const isPaid = (b: BookingModel) => b.status === 'paid' || b.status === 'completed';

function handOver(b: BookingModel): Expected {
  b.status = 'completed';
  b.wrongTries = 0;
  b.lockedOut = false;
  return { status: 200, body: transition('completed', 'held') };
}

/** Why a booking that is not `paid` cannot be handed over (undefined: it is paid). */
function notHandable(b: BookingModel): Expected | undefined {
  switch (b.status) {
    case 'unpaid':
      return { status: 409, body: { message: messages.bookingNotPaid } };
    case 'cancelled':
      return { status: 409, body: { message: messages.bookingCancelled } };
    case 'closed':
      return { status: 409, body: { message: messages.bookingClosed } };
    case 'completed':
      return { status: 200, body: transition('completed', b.funds) };
    case 'paid':
      return undefined;
  }
}

/** Why held money cannot move on the buyer's word (undefined: it can). */
function notHeld(b: BookingModel): Expected | undefined {
  if (b.status !== 'completed') return { status: 409, body: { message: messages.notHandedOver } };
  if (b.funds === 'disputed') {
    return { status: 409, body: { message: messages.complaintAlreadyOpen } };
  }
  if (b.funds !== 'held') return { status: 409, body: { message: messages.fundsSettled } };
  return undefined;
}

/** Applies `op` to the model `m` (in place) and says what its answer must be. */
function predict(m: Model, op: Op): Expected {
  if (op.kind === 'setUpPayouts') {
    m.payouts = true;
    return { status: 200 };
  }
  const b = at(m.bookings, op.b);
  switch (op.kind) {
    case 'startPay': {
      if (isPaid(b)) return { status: 409, body: { message: messages.bookingPaid } };
      if (b.intent === 'charged') {
        const outcome = settleCharged(m, op.b);
        if (outcome === 'recorded') {
          return { status: 409, body: { message: messages.bookingPaid } };
        }
        return { status: 409, body: { message: refusals[outcome] }, moneyCall: true };
      }
      if (b.status === 'cancelled') {
        return { status: 409, body: { message: messages.bookingCancelled } };
      }
      if (b.status === 'closed' || m.products[b.product] === 'sold') {
        return { status: 409, body: { message: messages.bookingClosed } };
      }
      if (op.card === 'declined') {
        b.intent = 'created';
        return { status: 402 };
      }
      b.intent = 'charged';
      return { status: 200 };
    }
    case 'postOrder': {
      if (isPaid(b)) return { status: 200, body: { acknowledged: true } };
      if (b.intent === 'none') return { status: 400, body: { message: messages.paymentUnknown } };
      if (b.intent === 'created') {
        return { status: 402, body: { message: messages.paymentNotSucceeded } };
      }
      const outcome = settleCharged(m, op.b);
      if (outcome === 'recorded') return { status: 200, body: { acknowledged: true } };
      return { status: 409, body: { message: refusals[outcome] }, moneyCall: true };
    }
    case 'cancel': {
      const charged = b.intent === 'charged';
      if (b.status === 'completed') {
        return { status: 409, body: { message: messages.bookingCompleted } };
      }
      if (b.status === 'closed') return { status: 409, body: { message: messages.bookingClosed } };
      if (b.status === 'paid') m.products[b.product] = 'unsold';
      b.status = 'cancelled';
      if (charged) b.funds = 'refunded';
      return {
        status: 200,
        body: transition('cancelled', b.funds, charged ? ANY_STRING : null),
        moneyCall: charged,
      };
    }
    case 'handover': {
      const refused = notHandable(b);
      if (refused) return refused;
      if (b.lockedOut) return { status: 429, body: { message: messages.handoverLocked } };
      if (op.right) return handOver(b);
      b.wrongTries += 1;
      if (b.wrongTries >= HANDOVER_ATTEMPTS) {
        b.wrongTries = 0;
        b.lockedOut = true;
        return { status: 422, body: { message: messages.handoverCodeWrong, attemptsLeft: 0 } };
      }
      return {
        status: 422,
        body: {
          message: messages.handoverCodeWrong,
          attemptsLeft: HANDOVER_ATTEMPTS - b.wrongTries,
        },
      };
    }
    case 'complete':
      return notHandable(b) ?? handOver(b);
    case 'dispute': {
      const refused = notHeld(b);
      if (refused) return refused;
      if (b.due) return { status: 409, body: { message: messages.complaintWindowOver } };
      b.funds = 'disputed';
      b.dispute = 'open';
      return { status: 201, body: transition('completed', 'disputed') };
    }
    case 'resolve': {
      const { decision } = op;
      const cents = refundCentsOf(decision, b.priceCents);
      const invalidBody =
        decision.outcome === 'split'
          ? cents === undefined || !Number.isInteger(cents) || cents <= 0
          : cents !== undefined;
      if (invalidBody) return { status: 400, body: { message: messages.invalidRequest } };
      const refundCents =
        decision.outcome === 'refund'
          ? b.priceCents
          : decision.outcome === 'release'
            ? 0
            : (cents ?? 0);
      if (decision.outcome === 'split' && refundCents >= b.priceCents) return { status: 400 };
      if (b.dispute === 'none') {
        return { status: 404, body: { message: messages.disputeNotFound } };
      }
      if (b.dispute !== 'open') {
        const same =
          b.dispute.outcome === decision.outcome && b.dispute.refundCents === refundCents;
        if (!same) return { status: 409, body: { message: messages.disputeResolved } };
      } else {
        b.dispute = { outcome: decision.outcome, refundCents };
        b.funds =
          decision.outcome === 'refund'
            ? 'refunded'
            : decision.outcome === 'release'
              ? 'released'
              : 'split';
      }
      return {
        status: 200,
        body: { outcome: decision.outcome, refundCents, funds: b.funds },
        moneyCall: refundCents > 0,
      };
    }
    case 'release': {
      if (b.funds === 'released') return { status: 200, body: transition(b.status, 'released') };
      const refused = notHeld(b);
      if (refused) return refused;
      b.funds = 'released';
      return { status: 200, body: transition('completed', 'released') };
    }
    case 'timePasses':
      if (b.status === 'completed') b.due = true;
      return { status: 200 };
    case 'scheduledRelease':
      if (b.funds !== 'held' || b.status !== 'completed') return { status: 200 };
      if (!b.due) return { status: 500, body: { message: 'not due' } };
      b.funds = 'released';
      return { status: 200 };
    case 'sendPayout':
      return {
        status: 200,
        moneyCall: (b.funds === 'released' || b.funds === 'split') && m.payouts,
      };
  }
}

// ——— The real thing ———

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

interface World {
  t: TestApp;
  log: ProviderLog;
  admin: Actor;
  seller: Actor;
  buyers: Actor[];
  bookingIds: string[];
  productIds: string[];
  /** The intent each booking's payment was started with. */
  intents: (string | undefined)[];
  /** Each booking's price in cents, which a split's `refundCents` is chosen from. */
  prices: number[];
}

const stats = {
  sequences: 0,
  commands: 0,
  operations: 0,
  parallel: 0,
  injected: 0,
  fired: 0,
  statuses: new Map<string, number>(),
  /** Milliseconds spent per operation kind, in the checks, and setting runs up. */
  ms: new Map<string, number>(),
};

async function timed<T>(what: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await work();
  } finally {
    stats.ms.set(what, (stats.ms.get(what) ?? 0) + performance.now() - started);
  }
}

let address = 0;
/** A client address of its own for each card confirmation (rate-limited per address). */
function nextAddress(): string {
  address += 1;
  return `10.77.${(address >> 8) & 255}.${address & 255}`;
}

const answerOf = (response: LightMyRequestResponse): Answer => ({
  status: response.statusCode,
  body: response.body ? response.json<Record<string, unknown>>() : {},
});

async function direct(run: () => Promise<unknown>): Promise<Answer> {
  try {
    await run();
    return { status: 200, body: {} };
  } catch (error) {
    const message = String((error as Error).message);
    return {
      status: 500,
      body: { message: /is not due for release/.test(message) ? 'not due' : message },
    };
  }
}

const PLACEHOLDER_CODE = '123456';

/** The handover code as the buyer's My Orders shows it (null until paid, and once handed over). */
async function readCode(w: World, op: Op): Promise<string | null> {
  if (op.kind !== 'handover') return null;
  const view = await call(w.t.app, 'GET', `/api/booking/${at(w.bookingIds, op.b)}`, {
    actor: at(w.buyers, op.b),
  });
  return view.json<{ handoverCode: string | null }>().handoverCode;
}

/**
 * The seller can only type the right code of a booking that is paid when the buyer shows it
 * (read before the operation starts, also before a pair starts): otherwise any code is wrong.
 */
function knowable(m: Model, op: Op): Op {
  if (op.kind !== 'handover' || !op.right || at(m.bookings, op.b).status === 'paid') return op;
  return { ...op, right: false };
}

/** Performs `op`; a handover types `code` (read beforehand with readCode), or a wrong one. */
async function perform(w: World, op: Op, code: string | null = null): Promise<Answer> {
  const { app, db } = w.t;
  if (op.kind === 'setUpPayouts') {
    return answerOf(await call(app, 'POST', '/api/payouts/account', { actor: w.seller }));
  }
  const id = at(w.bookingIds, op.b);
  const buyer = at(w.buyers, op.b);
  switch (op.kind) {
    case 'startPay': {
      const intent = await call(app, 'POST', '/api/create-payment-intent', {
        actor: buyer,
        payload: { bookingId: id },
      });
      if (intent.statusCode !== 200) return answerOf(intent);
      const { clientSecret } = intent.json<{ clientSecret: string }>();
      w.intents[op.b] = clientSecret.split('_secret_')[0];
      const card =
        op.card === 'ok' ? SUCCESS_CARD : { ...SUCCESS_CARD, number: '4000000000000002' };
      return answerOf(
        await app.inject({
          method: 'POST',
          url: '/api/payments/test/confirm',
          remoteAddress: nextAddress(),
          payload: { clientSecret, card, billingDetails: { name: 'Buyer', email: buyer.email } },
        }),
      );
    }
    case 'postOrder':
      return answerOf(
        await call(app, 'POST', '/api/orders', {
          actor: buyer,
          payload: { bookingId: id, paymentId: w.intents[op.b] ?? 'pi_test_never_started' },
        }),
      );
    case 'cancel':
      return answerOf(
        await call(app, 'POST', `/api/bookings/${id}/cancel`, {
          actor: op.by === 'buyer' ? buyer : w.seller,
        }),
      );
    case 'handover': {
      const shown = code ?? PLACEHOLDER_CODE;
      const given = op.right ? shown : String((Number(shown) + 1) % 1_000_000).padStart(6, '0');
      return answerOf(
        await call(app, 'POST', `/api/sales/${id}/handover`, {
          actor: w.seller,
          payload: { code: given },
        }),
      );
    }
    case 'complete':
      return answerOf(await call(app, 'POST', `/api/bookings/${id}/complete`, { actor: buyer }));
    case 'dispute':
      return answerOf(
        await call(app, 'POST', `/api/bookings/${id}/dispute`, {
          actor: buyer,
          payload: { reason: 'not_working', text: 'It does not start.' },
        }),
      );
    case 'resolve': {
      const refundCents = refundCentsOf(op.decision, at(w.prices, op.b));
      return answerOf(
        await call(app, 'POST', `/api/disputes/${id}/resolve`, {
          actor: w.admin,
          payload: {
            outcome: op.decision.outcome,
            ...(refundCents === undefined ? {} : { refundCents }),
          },
        }),
      );
    }
    case 'release':
      return answerOf(await call(app, 'POST', `/api/bookings/${id}/release`, { actor: buyer }));
    case 'timePasses':
      await db.execute(
        sql`update ${bookings} set release_at = now() - interval '1 second'
          where ${bookings.id} = ${id} and ${bookings.status} = 'completed'`,
      );
      return { status: 200, body: {} };
    case 'scheduledRelease':
      return direct(() => releaseDue(app.escrow, id));
    case 'sendPayout':
      return direct(() => sendPayout(app.escrow, id));
  }
}

const describeOp = (op: Op): string => JSON.stringify(op);

function matches(expected: Expected, answer: Answer): boolean {
  if (expected.status !== answer.status) return false;
  return Object.entries(expected.body ?? {}).every(([key, value]) =>
    value === ANY_STRING
      ? typeof answer.body[key] === 'string'
      : JSON.stringify(answer.body[key]) === JSON.stringify(value),
  );
}

/** What the answer must be once the provider failure injected into the operation fired. */
function withFailure(op: Op, expected: Expected, fired: boolean): Expected {
  if (!fired) return expected;
  // A complaint's resolution answers as decided: its refund's job sends the refund later.
  if (op.kind === 'resolve') return expected;
  if (op.kind === 'sendPayout') return { status: 500 };
  return { status: 500, body: { message: messages.internalError } };
}

function count(op: Op, answer: Answer, failure?: CallContext) {
  const injected = failure?.failure ? (failure.fired ? ', failure fired' : ', failure unused') : '';
  const key = `${op.kind} ${answer.status}${injected}`;
  stats.statuses.set(key, (stats.statuses.get(key) ?? 0) + 1);
}

async function runOne(w: World, model: Model, given: Op, check = true): Promise<void> {
  const op = knowable(model, given);
  const code = await readCode(w, op);
  const next = structuredClone(model);
  const expected = predict(next, op);
  const context: CallContext = { failure: 'failure' in op ? op.failure : undefined, fired: false };
  const answer = await timed(op.kind, () => callContext.run(context, () => perform(w, op, code)));
  stats.operations += 1;
  if (context.failure) stats.injected += 1;
  if (context.fired) stats.fired += 1;
  count(op, answer, context);
  const description = `${describeOp(op)} → ${answer.status} ${JSON.stringify(answer.body)}`;
  if (context.fired && !expected.moneyCall) {
    throw new Error(`${description}: called the provider where no refund or transfer was due`);
  }
  const wanted = withFailure(op, expected, context.fired);
  const failed = serverErrors.splice(0);
  if (!matches(wanted, answer)) {
    throw new Error(
      `${description}, expected ${wanted.status} ${JSON.stringify(wanted.body)}\n${failed.join('\n')}`,
    );
  }
  Object.assign(model, next);
  if (check) await checkBooks(w, model, description);
}

/**
 * Two operations at once: the answers and the state must be those of one of the two orders
 * (the row locks make them happen one after the other).
 */
async function runBoth(w: World, model: Model, given: [Op, Op]): Promise<void> {
  const [first, second] = given.map((op) => knowable(model, op)) as [Op, Op];
  const codes = [await readCode(w, first), await readCode(w, second)];
  const orders = (
    [
      [first, second],
      [second, first],
    ] as const
  ).map(([a, b]) => {
    const next = structuredClone(model);
    const answers = new Map<Op, Expected>([
      [a, predict(next, a)],
      [b, predict(next, b)],
    ]);
    return { next, answers };
  });
  // Each operation fails as it asks, in its own context.
  const contexts = [first, second].map((op): CallContext => ({
    failure: 'failure' in op ? op.failure : undefined,
    fired: false,
  }));
  const [one, two] = await timed('(parallel)', () =>
    Promise.all(
      [first, second].map((op, index) =>
        callContext.run(at(contexts, index), () => perform(w, op, codes[index] ?? null)),
      ),
    ),
  );
  if (!one || !two) throw new Error('a pair without two answers');
  stats.operations += 2;
  stats.parallel += 1;
  for (const context of contexts) {
    if (context.failure) stats.injected += 1;
    if (context.fired) stats.fired += 1;
  }
  count(first, one, contexts[0]);
  count(second, two, contexts[1]);
  const [firstFired, secondFired] = contexts.map((context) => context.fired);
  const description =
    `${describeOp(first)} → ${one.status} ${JSON.stringify(one.body)} ∥ ` +
    `${describeOp(second)} → ${two.status} ${JSON.stringify(two.body)}`;
  // An order whose answers need the provider where a failure fired is not what happened.
  const wanted = (answers: Map<Op, Expected>, op: Op, fired: boolean | undefined) => {
    const expected = found(answers.get(op));
    return fired && !expected.moneyCall ? undefined : withFailure(op, expected, fired === true);
  };
  const fits = (expected: Expected | undefined, answer: Answer) =>
    expected !== undefined && matches(expected, answer);
  const order = orders.find(
    ({ answers }) =>
      fits(wanted(answers, first, firstFired), one) &&
      fits(wanted(answers, second, secondFired), two),
  );
  const failed = serverErrors.splice(0);
  if (!order) {
    const shown = orders.map(({ answers }) =>
      [first, second]
        .map((op) => found(answers.get(op)))
        .map((answer) => `${answer.status} ${JSON.stringify(answer.body)}`)
        .join(' ∥ '),
    );
    const fired = contexts.map((context) => (context.fired ? 'fired' : 'no failure')).join(', ');
    throw new Error(
      `${description}: neither order's answers (${shown.join(' or ')}; ${fired})\n` +
        failed.join('\n'),
    );
  }
  // Both orders may answer alike and still leave the model differently only if the model is
  // wrong; the database decides which one happened.
  const actual = await runState(w);
  const state = orders.find(({ next }) => sameState(next, actual)) ?? order;
  Object.assign(model, state.next);
  await checkBooks(w, model, description);
}

class MoneyCommand implements fc.AsyncCommand<Model, World> {
  constructor(readonly step: Step) {}

  check(): boolean {
    return true;
  }

  async run(model: Model, w: World): Promise<void> {
    stats.commands += 1;
    for (const part of partsOf(model, this.step)) {
      if (Array.isArray(part)) await runBoth(w, model, part);
      else await runOne(w, model, part);
    }
  }

  toString(): string {
    const shown = this.step.parts
      .map((part) => (Array.isArray(part) ? part.map(describeOp).join(' ∥ ') : describeOp(part)))
      .join(' ; ');
    if (this.step.race) return `race(${shown})`;
    return this.step.aimed ? `aimed(${shown})` : shown;
  }
}

// ——— The books, checked ———

type RunState = { status: Status; funds: Funds }[];

async function runState(w: World): Promise<{ bookings: RunState; products: string[] }> {
  const rows = await w.t.db.select().from(bookings);
  const productRows = await w.t.db.select().from(products);
  return {
    bookings: w.bookingIds.map((id) => {
      const row = found(rows.find((candidate) => candidate.id === id));
      return { status: row.status, funds: row.funds };
    }),
    products: w.productIds.map((id) => found(productRows.find((row) => row.id === id)).status),
  };
}

function sameState(m: Model, actual: { bookings: RunState; products: string[] }): boolean {
  return (
    m.bookings.every(
      (b, index) =>
        b.status === at(actual.bookings, index).status &&
        b.funds === at(actual.bookings, index).funds,
    ) && m.products.every((status, index) => status === actual.products[index])
  );
}

type LedgerRow = {
  booking_id: string;
  total: number;
  held: number;
  paid_in: number;
  refunded: number;
  released: number;
  fee: number;
  paid_out: number;
  entries: number;
};

/**
 * Everything the books are made of, read in one snapshot: of the bookings `only` names, or of
 * all. The reconciliation always covers every booking.
 */
async function readBooks(db: Database, only?: string[]) {
  const of = (column: SQLWrapper) => (only ? inArray(column, only) : undefined);
  return db.transaction(
    async (tx) => {
      const sums = await tx.execute<LedgerRow>(sql`select b.id as booking_id,
          coalesce(sum(l.amount_cents), 0)::int as total,
          coalesce(sum(l.amount_cents) filter (where l.account = 'held'), 0)::int as held,
          coalesce(sum(l.amount_cents) filter (where l.movement = 'payment' and l.account = 'held'), 0)::int as paid_in,
          coalesce(sum(l.amount_cents) filter (where l.movement = 'refund' and l.account = 'buyer'), 0)::int as refunded,
          coalesce(-sum(l.amount_cents) filter (where l.movement = 'release' and l.account = 'held'), 0)::int as released,
          coalesce(sum(l.amount_cents) filter (where l.movement = 'release' and l.account = 'platform'), 0)::int as fee,
          coalesce(sum(l.amount_cents) filter (where l.movement = 'payout' and l.account = 'payouts'), 0)::int as paid_out,
          count(l.id)::int as entries
        from bookings b left join ledger_entries l on l.booking_id = b.id
        where ${of(sql`b.id`) ?? sql`true`}
        group by b.id`);
      return {
        reconciled: await reconcile(tx),
        ledger: sums.rows,
        bookings: await tx.select().from(bookings).where(of(bookings.id)),
        payments: await tx.select().from(payments).where(of(payments.bookingId)),
        intents: await tx.select().from(testPaymentIntents).where(of(testPaymentIntents.bookingId)),
        transfers: await tx.select().from(testTransfers),
        payouts: await tx.select().from(payouts).where(of(payouts.bookingId)),
        accounts: await tx.select().from(payoutAccounts),
        disputes: await tx.select().from(disputes).where(of(disputes.bookingId)),
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

type Books = Awaited<ReturnType<typeof readBooks>>;

function groupBy<T>(items: T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(keyOf(item), [...(groups.get(keyOf(item)) ?? []), item]);
  return groups;
}

/** The invariants every committed state keeps, for every booking read. */
function bookProblems(books: Books, log: ProviderLog): string[] {
  const problems: string[] = [];
  const { unbalanced, negativeHeld } = books.reconciled;
  if (unbalanced !== 0 || negativeHeld !== 0) {
    problems.push(`reconcile: ${unbalanced} unbalanced, ${negativeHeld} with negative held money`);
  }
  for (const booking of books.bookings) {
    const say = (problem: string) =>
      problems.push(`booking ${booking.id} (${booking.status}, ${booking.funds}): ${problem}`);
    const price = booking.priceCents;
    const l = found(books.ledger.find((row) => row.booking_id === booking.id));
    const intent = books.intents.find((row) => row.bookingId === booking.id);
    const payment = books.payments.find((row) => row.bookingId === booking.id);
    const payout = books.payouts.find((row) => row.bookingId === booking.id);
    const dispute = books.disputes.find((row) => row.bookingId === booking.id);
    const transfers = books.transfers.filter(
      (row) => intent !== undefined && row.sourceIntentId === intent.id,
    );
    const transferred = transfers.reduce((sum, row) => sum + row.amountCents, 0);
    const providerRefund = intent?.refundCents ?? 0;

    // The ledger.
    if (l.total !== 0) say(`its entries sum to ${l.total}`);
    if (l.held < 0) say(`held money is ${l.held}`);
    if (l.entries > 0 && l.paid_in !== price) say(`paid in ${l.paid_in} of a price of ${price}`);
    if (l.refunded + l.released > l.paid_in) {
      say(`refunded ${l.refunded} and released ${l.released} of ${l.paid_in}`);
    }
    if (l.fee !== feeOf(l.released, FEE_PERCENT)) say(`fee ${l.fee} of ${l.released} released`);

    // Funds, as the ledger says.
    const expectedLedger: Record<Funds, () => boolean> = {
      none: () => l.entries === 0,
      held: () => l.paid_in === price && l.refunded === 0 && l.released === 0,
      disputed: () => l.paid_in === price && l.refunded === 0 && l.released === 0,
      released: () => l.refunded === 0 && l.released === price,
      refunded: () => l.paid_in === price && l.refunded === price && l.released === 0,
      split: () => l.refunded > 0 && l.refunded < price && l.released === price - l.refunded,
    };
    if (!expectedLedger[booking.funds]()) {
      say(
        `the ledger says paid ${l.paid_in}, refunded ${l.refunded}, released ${l.released}, ` +
          `paid out ${l.paid_out}`,
      );
    }
    const fundsOfStatus: Record<Status, Funds[]> = {
      unpaid: ['none', 'refunded'],
      closed: ['none', 'refunded'],
      cancelled: ['none', 'refunded'],
      paid: ['held'],
      completed: ['held', 'disputed', 'released', 'refunded', 'split'],
    };
    if (!fundsOfStatus[booking.status].includes(booking.funds)) say('funds do not fit the status');
    if (booking.funds === 'disputed' && !(dispute && !dispute.outcome)) {
      say('disputed without an open complaint');
    }
    if (dispute?.outcome) {
      const funds = { refund: 'refunded', release: 'released', split: 'split' }[dispute.outcome];
      if (booking.funds !== funds) say(`complaint resolved as ${dispute.outcome}`);
      if (dispute.refundCents !== l.refunded) {
        say(`complaint refunds ${dispute.refundCents}, the ledger ${l.refunded}`);
      }
    } else if (dispute && booking.funds !== 'disputed') {
      say('an open complaint, and funds not disputed');
    }

    // The seller's payout.
    const owed = l.released - l.fee;
    if (payout) {
      if (payout.amountCents !== owed || payout.feeCents !== l.fee) {
        say(`payout of ${payout.amountCents} (fee ${payout.feeCents}), owed ${owed} (${l.fee})`);
      }
      if ((payout.status === 'sent') !== l.paid_out > 0) {
        say(`payout ${payout.status}, the ledger paid out ${l.paid_out}`);
      }
      if (payout.status === 'sent' && l.paid_out !== payout.amountCents) {
        say(`paid out ${l.paid_out} of ${payout.amountCents}`);
      }
      if (payout.status === 'sent' && transfers[0]?.id !== payout.transferId) {
        say(`payout sent as ${payout.transferId}, the provider has no such transfer`);
      }
    } else if (owed > 0 || l.paid_out !== 0) {
      say(`no payout row, released ${l.released} (fee ${l.fee}), paid out ${l.paid_out}`);
    }

    // The provider's side.
    if (!intent) {
      if (l.entries > 0) say('money booked without an intent');
      continue;
    }
    if (l.paid_in > 0 && intent.status !== 'succeeded') say('money booked of an unpaid intent');
    if (intent.refundId !== null && providerRefund !== l.refunded) {
      say(`the provider refunded ${providerRefund}, the ledger ${l.refunded}`);
    }
    if (transfers.length > 1) say(`${transfers.length} transfers`);
    if (transfers.length > 0 && (!payout || transferred !== payout.amountCents)) {
      say(`the provider transferred ${transferred}, owed ${payout?.amountCents ?? 0}`);
    }
    if (providerRefund + transferred + l.fee > intent.amountCents) {
      say(
        `refunded ${providerRefund} + transferred ${transferred} + fee ${l.fee} of ${intent.amountCents}`,
      );
    }
    if (intent.refundId !== null && (l.released === price || booking.funds === 'released')) {
      say('refunded at the provider and released in full');
    }
    if (booking.funds === 'refunded' && (transfers.length > 0 || payout)) {
      say('refunded, and owed or transferred to the seller');
    }
    if (payment?.status === 'refunded') {
      if (payment.refundId !== intent.refundId || payment.refundCents !== providerRefund) {
        say(
          `payment refunded as ${payment.refundId} (${payment.refundCents}), the provider says ${intent.refundId} (${providerRefund})`,
        );
      }
    }
  }

  // The provider's calls: the same answer and the same amount each time for one payment.
  if (log.refused.length > 0) problems.push(`the provider refused: ${log.refused.join('; ')}`);
  const byIntent = groupBy(log.refunds, (refund) => refund.intentId);
  for (const [intentId, refunds] of byIntent) {
    if (new Set(refunds.map((refund) => refund.refundId)).size > 1) {
      problems.push(`intent ${intentId} was refunded twice`);
    }
    if (new Set(refunds.map((refund) => refund.amountCents)).size > 1) {
      problems.push(`intent ${intentId}: refunds asked for different amounts`);
    }
  }
  const byBooking = groupBy(log.transfers, (transfer) => transfer.bookingId);
  for (const [bookingId, transfers] of byBooking) {
    if (new Set(transfers.map((transfer) => transfer.transferId)).size > 1) {
      problems.push(`booking ${bookingId} was transferred twice`);
    }
    if (
      new Set(transfers.map((transfer) => `${transfer.amountCents} to ${transfer.destination}`))
        .size > 1
    ) {
      problems.push(`booking ${bookingId}: transfers asked for different amounts or accounts`);
    }
  }
  return problems;
}

async function checkBooks(w: World, model: Model, after: string): Promise<void> {
  await timed('(checks)', () => checkBooksNow(w, model, after));
}

async function checkBooksNow(w: World, model: Model, after: string): Promise<void> {
  const books = await readBooks(w.t.db, w.bookingIds);
  const problems = bookProblems(books, w.log);
  w.bookingIds.forEach((id, index) => {
    const row = found(books.bookings.find((booking) => booking.id === id));
    const b = at(model.bookings, index);
    if (row.status !== b.status || row.funds !== b.funds) {
      problems.push(
        `booking ${index}: ${row.status}/${row.funds}, the model says ${b.status}/${b.funds}`,
      );
    }
  });
  const productRows = await w.t.db.select().from(products);
  w.productIds.forEach((id, index) => {
    const status = productRows.find((row) => row.id === id)?.status;
    if (status !== model.products[index]) {
      problems.push(`product ${index}: ${status}, the model says ${model.products[index]}`);
    }
  });
  if (problems.length > 0) throw new Error(`after ${after}:\n${problems.join('\n')}`);
}

/**
 * Money work still owed has a job to do it: a waiting payout of an enabled account, a refund a
 * complaint's resolution decided that has not reached the provider.
 */
async function unqueuedWork(db: Database): Promise<string[]> {
  const result = await db.execute<{ kind: string; booking_id: string }>(sql`
    select 'payout' as kind, p.booking_id from payouts p
      join payout_accounts a on a.user_id = p.seller_id and a.status = 'enabled'
      where p.status = 'waiting' and not exists (select 1 from pgboss.job j
        where j.name = 'payout' and j.state in ('created', 'retry', 'active')
          and j.data->>'bookingId' = p.booking_id::text)
    union all
    select 'refund', d.booking_id from disputes d join payments p on p.booking_id = d.booking_id
      where d.refund_cents > 0 and p.status <> 'refunded' and not exists (select 1 from pgboss.job j
        where j.name = 'refund' and j.state in ('created', 'retry', 'active')
          and j.data->>'bookingId' = d.booking_id::text)`);
  return result.rows.map((row) => `${row.kind} of booking ${row.booking_id} has no job`);
}

/**
 * What a restart and the job queue do, done now: interrupted payments settled, waiting payouts
 * sent. Then every refund the ledger books is at the provider, every payout to an enabled
 * account is sent, and every payment the provider took is in the books.
 */
async function settleAndCheck(w: World): Promise<void> {
  const { app, db } = w.t;
  const problems = await unqueuedWork(db);
  await settleInterruptedPayments(db, app.payments, app.jobs, app.log);
  for (const row of await db.select().from(payouts)) {
    if (row.status === 'waiting') await sendPayout(app.escrow, row.bookingId);
  }
  const books = await readBooks(db);
  problems.push(...bookProblems(books, w.log));
  for (const l of books.ledger) {
    const intent = books.intents.find((row) => row.bookingId === l.booking_id);
    const payment = books.payments.find((row) => row.bookingId === l.booking_id);
    if (l.refunded > 0 && (intent?.refundCents !== l.refunded || payment?.status !== 'refunded')) {
      problems.push(
        `booking ${l.booking_id}: the ledger refunds ${l.refunded}, the provider ` +
          `${intent?.refundCents ?? 0}, the payment is ${payment?.status}`,
      );
    }
    if (intent?.status === 'succeeded' && l.paid_in === 0) {
      problems.push(`booking ${l.booking_id}: paid at the provider, not in the books`);
    }
  }
  for (const payout of books.payouts) {
    const enabled = books.accounts.some(
      (account) => account.userId === payout.sellerId && account.status === 'enabled',
    );
    if (enabled && payout.status !== 'sent') {
      problems.push(`booking ${payout.bookingId}: payout still waiting after settling`);
    }
  }
  if (problems.length > 0) throw new Error(`after settling:\n${problems.join('\n')}`);
}

// ——— The generators ———

/** True about once in `n`. */
const onceIn = (n: number) => fc.nat({ max: n - 1 }).map((value) => value === 0);

/** A provider failure for one operation in `n` of those that may call the provider. */
const failureIn = (n: number): fc.Arbitrary<Failure | undefined> =>
  fc.oneof(
    { weight: n - 1, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: fc.constantFrom<Failure>('before', 'after') },
  );
const failureArb = failureIn(4);

const withOptionalFailure = <T extends object>(op: T, failure: Failure | undefined) =>
  failure ? { ...op, failure } : op;

const decisionArb: fc.Arbitrary<Decision> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      outcome: fc.constantFrom('refund', 'release') as fc.Arbitrary<'refund' | 'release'>,
      extraCents: onceIn(8),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      outcome: fc.constant('split' as const),
      cents: fc.oneof(
        { weight: 8, arbitrary: fc.constant<SplitCents>('valid') },
        {
          weight: 2,
          arbitrary: fc.constantFrom<SplitCents>(
            'price',
            'over',
            'zero',
            'negative',
            'fractional',
            'missing',
          ),
        },
      ),
      fraction: fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true }),
    }),
  },
);

/** One operation on booking `b` (any of the run's bookings), with or without a failure. */
function opArb(bookingCount: number, failures: boolean): fc.Arbitrary<Op> {
  const b = fc.nat({ max: bookingCount - 1 });
  const failure = failures ? failureArb : fc.constant(undefined);
  // Refunds and transfers: where the provider is called most.
  const moneyFailure = failures ? failureIn(2) : fc.constant(undefined);
  return fc.oneof(
    {
      weight: 2,
      arbitrary: fc
        .tuple(b, fc.constantFrom<'ok' | 'declined'>('ok', 'ok', 'ok', 'declined'), failure)
        .map(([index, card, f]) =>
          withOptionalFailure({ kind: 'startPay' as const, b: index, card }, f),
        ),
    },
    {
      weight: 3,
      arbitrary: fc
        .tuple(b, moneyFailure)
        .map(([index, f]) => withOptionalFailure({ kind: 'postOrder' as const, b: index }, f)),
    },
    {
      weight: 4,
      arbitrary: fc
        .tuple(b, fc.constantFrom<'buyer' | 'seller'>('buyer', 'seller'), moneyFailure)
        .map(([index, by, f]) => withOptionalFailure({ kind: 'cancel' as const, b: index, by }, f)),
    },
    {
      weight: 4,
      arbitrary: fc
        .tuple(b, fc.boolean())
        .map(([index, right]) => ({ kind: 'handover' as const, b: index, right })),
    },
    { weight: 1, arbitrary: b.map((index) => ({ kind: 'complete' as const, b: index })) },
    { weight: 4, arbitrary: b.map((index) => ({ kind: 'dispute' as const, b: index })) },
    {
      weight: 6,
      arbitrary: fc
        .tuple(b, decisionArb, moneyFailure)
        .map(([index, decision, f]) =>
          withOptionalFailure({ kind: 'resolve' as const, b: index, decision }, f),
        ),
    },
    { weight: 2, arbitrary: b.map((index) => ({ kind: 'release' as const, b: index })) },
    { weight: 1, arbitrary: b.map((index) => ({ kind: 'timePasses' as const, b: index })) },
    { weight: 2, arbitrary: b.map((index) => ({ kind: 'scheduledRelease' as const, b: index })) },
    { weight: 1, arbitrary: fc.constant({ kind: 'setUpPayouts' as const }) },
    {
      weight: 3,
      arbitrary: fc
        .tuple(b, moneyFailure)
        .map(([index, f]) => withOptionalFailure({ kind: 'sendPayout' as const, b: index }, f)),
    },
  );
}

/** Operations of one request each, to run two at once on the same booking. */
function pairArb(bookingCount: number): fc.Arbitrary<[Op, Op]> {
  const single = opArb(bookingCount, true).filter((op) => op.kind !== 'startPay');
  return fc.tuple(single, single).map(([first, second]): [Op, Op] => {
    if ('b' in first && 'b' in second) return [first, { ...second, b: first.b }];
    return [first, second];
  });
}

function commandArb(bookingCount: number): fc.Arbitrary<MoneyCommand> {
  const op = opArb(bookingCount, true);
  const b = fc.nat({ max: bookingCount - 1 });
  const aimed = onceIn(4).map((loose) => !loose);
  const command = (parts: Part[], aim: boolean, race = false) =>
    new MoneyCommand({ parts, aimed: aim, race });
  const postOrder = (index: number, failure: Failure | undefined) =>
    withOptionalFailure({ kind: 'postOrder' as const, b: index % bookingCount }, failure);
  return fc.oneof(
    { weight: 10, arbitrary: fc.tuple(op, aimed).map(([one, aim]) => command([one], aim)) },
    // Pay: start the payment (the card goes through) and post the order.
    {
      weight: 4,
      arbitrary: fc
        .tuple(b, failureArb, aimed)
        .map(([index, failure, aim]) =>
          command([{ kind: 'startPay', b: index, card: 'ok' }, postOrder(index, failure)], aim),
        ),
    },
    // Two buyers pay (for one laptop, when the two bookings share it) and post both orders at once.
    {
      weight: 3,
      arbitrary: fc
        .tuple(b, failureIn(2), failureIn(2))
        .map(([index, one, two]) =>
          command(
            [
              { kind: 'startPay', b: index, card: 'ok' },
              { kind: 'startPay', b: (index + 1) % bookingCount, card: 'ok' },
              [postOrder(index, one), postOrder(index + 1, two)],
            ],
            false,
            true,
          ),
        ),
    },
    // The same race, then the sale is cancelled (by the seller, both bookings asked: one is the
    // winner's) and the laptop is for sale again, and both buyers post their orders again.
    {
      weight: 1,
      arbitrary: fc
        .tuple(b, failureIn(2), failureIn(2), failureArb)
        .map(([index, one, two, cancelFailure]) => {
          const other = (index + 1) % bookingCount;
          return command(
            [
              { kind: 'startPay', b: index, card: 'ok' },
              { kind: 'startPay', b: other, card: 'ok' },
              [postOrder(index, one), postOrder(other, two)],
              withOptionalFailure(
                { kind: 'cancel' as const, b: index, by: 'seller' as const },
                cancelFailure,
              ),
              { kind: 'cancel', b: other, by: 'seller' },
              postOrder(index, undefined),
              postOrder(other, undefined),
            ],
            false,
            true,
          );
        }),
    },
    // A replay: the same operation twice in a row.
    { weight: 2, arbitrary: fc.tuple(op, aimed).map(([one, aim]) => command([one, one], aim)) },
    // Two at once.
    {
      weight: 5,
      arbitrary: fc.tuple(pairArb(bookingCount), aimed).map(([both, aim]) => command([both], aim)),
    },
  );
}

/** Where each booking starts: reached through the same operations, checked the same way. */
type Start = 'unpaid' | 'charged' | 'paid' | 'completed' | 'disputed';

const STAGES: Start[] = ['charged', 'paid', 'completed', 'disputed'];

/**
 * The operations that bring each booking to its start: every card that is to go through goes
 * through first, then the orders are posted (so the order of a booking whose laptop another one
 * bought is refused and its payment refunded, or not when `failures` makes the provider fail),
 * then the handovers and the complaints.
 */
function startOps(starts: Start[], failures: (Failure | undefined)[]): Op[] {
  const stage = (start: Start) => STAGES.indexOf(start);
  const upTo = (last: Start, op: (b: number) => Op) =>
    starts.flatMap((start, b) => (stage(start) >= stage(last) ? [op(b)] : []));
  return [
    ...upTo('charged', (b) => ({ kind: 'startPay', b, card: 'ok' })),
    ...upTo('paid', (b) => withOptionalFailure({ kind: 'postOrder' as const, b }, failures[b])),
    ...upTo('completed', (b) => ({ kind: 'handover', b, right: true })),
    ...upTo('disputed', (b) => ({ kind: 'dispute', b })),
  ];
}

const PRICES = [0.01, 1.01, 19.99, 549.5];

const scenarioArb = fc
  .record({
    bookingCount: fc.integer({ min: 2, max: 3 }),
    /** Whether each booking after the first shares the previous one's product. */
    shared: fc.array(fc.boolean(), { minLength: 2, maxLength: 2 }),
    prices: fc.array(fc.constantFrom(...PRICES), { minLength: 3, maxLength: 3 }),
    starts: fc.array(
      fc.constantFrom<Start>(
        'unpaid',
        'charged',
        'charged',
        'paid',
        'completed',
        'completed',
        'disputed',
        'disputed',
      ),
      { minLength: 3, maxLength: 3 },
    ),
    /** Provider failures of the refunds of the start's refused orders. */
    startFailures: fc.array(failureIn(2), { minLength: 3, maxLength: 3 }),
    sellerHasPayouts: fc.boolean(),
  })
  .chain((scenario) =>
    fc.record({
      scenario: fc.constant(scenario),
      commands: fc.array(commandArb(scenario.bookingCount), { minLength: 3, maxLength: 8 }),
    }),
  );

// ——— The run ———

let t: TestApp;
let admin: Actor;
/** What the server failed with (a 500's cause), shown with a failing command. */
const serverErrors: string[] = [];
const log: ProviderLog = { refunds: [], transfers: [], refused: [] };

let accounts = 0;

/**
 * A registered account with a live session, made in the database: a run needs a fresh seller
 * (one that has not set up payouts yet) and a buyer per booking (whose bookings a minute are
 * limited), and signing up through the API costs a password hash each.
 */
async function quickActor(role: 'buyer' | 'seller'): Promise<Actor> {
  accounts += 1;
  const email = `money-${role}-${accounts}-${Date.now()}@example.com`;
  const [user] = await t.db
    .insert(users)
    .values({ email, name: `A ${role}`, role })
    .returning({ id: users.id });
  if (!user) throw new Error('no user was made');
  const token = await t.app.tokens.issue({
    userId: user.id,
    sessionId: await startSession(t.db, user.id),
  });
  return { uid: user.id, email, token, headers: bearer(token) };
}

beforeAll(async () => {
  t = await createTestApp({
    env: { PLATFORM_FEE_PERCENT: String(FEE_PERCENT) },
    jobs: { retryDelaySeconds: 1 },
    wrapPayments: (provider) => watchedProvider(provider, log),
    beforeReady: (app) =>
      app.addHook('onError', async (request, _reply, error) => {
        const cause = (error as { cause?: unknown }).cause;
        serverErrors.push(
          `${request.method} ${request.url}: ${error.stack ?? String(error)}` +
            (cause ? `\ncaused by ${String(cause)} ${JSON.stringify(cause)}` : ''),
        );
      }),
  });
  admin = await createActor(t.app, 'admin');
}, 60_000);
afterAll(() => t?.close());

type Scenario = {
  bookingCount: number;
  shared: boolean[];
  prices: number[];
  starts: Start[];
  startFailures: (Failure | undefined)[];
  sellerHasPayouts: boolean;
};

/**
 * A run's seller, buyers, products and bookings, through the API, and each booking brought to
 * where the scenario starts it: through the same operations, whose answers are checked as any
 * command's, and the books checked once at the end.
 */
async function setUpRun(scenario: Scenario): Promise<{ model: Model; w: World }> {
  const count = scenario.bookingCount;
  const seller = await quickActor('seller');
  const buyers = await Promise.all(Array.from({ length: count }, () => quickActor('buyer')));
  const productOf = [0];
  for (let index = 1; index < count; index += 1) {
    const previous = at(productOf, index - 1);
    productOf.push(scenario.shared[index - 1] ? previous : previous + 1);
  }
  const productIds = await Promise.all(
    Array.from({ length: at(productOf, count - 1) + 1 }, (_, product) =>
      createProductAs(t.app, seller, { resalePrice: at(scenario.prices, product) }),
    ),
  );
  const bookingIds = await Promise.all(
    buyers.map((buyer, index) => bookAs(t.app, buyer, at(productIds, at(productOf, index)))),
  );
  const model: Model = {
    payouts: false,
    products: productIds.map(() => 'unsold'),
    bookings: bookingIds.map((_, index) => ({
      product: at(productOf, index),
      priceCents: Math.round(at(scenario.prices, at(productOf, index)) * 100),
      status: 'unpaid',
      funds: 'none',
      intent: 'none',
      wrongTries: 0,
      lockedOut: false,
      due: false,
      dispute: 'none',
    })),
  };
  const w: World = {
    t,
    log,
    admin,
    seller,
    buyers,
    bookingIds,
    productIds,
    intents: [],
    prices: model.bookings.map((b) => b.priceCents),
  };
  if (scenario.sellerHasPayouts) await runOne(w, model, { kind: 'setUpPayouts' }, false);
  const ops = startOps(scenario.starts.slice(0, count), scenario.startFailures);
  for (const op of ops) await runOne(w, model, op, false);
  await checkBooks(w, model, `the start ${JSON.stringify(scenario.starts.slice(0, count))}`);
  return { model, w };
}

describe('money held until the handover (property)', () => {
  it(
    'keeps the ledger balanced, held money non-negative and the provider called once per refund and transfer',
    async () => {
      const started = Date.now();
      console.log(`money properties: seed ${SEED}, ${NUM_RUNS} runs`);
      await fc.assert(
        fc.asyncProperty(scenarioArb, async ({ scenario, commands }) => {
          stats.sequences += 1;
          const { model, w } = await timed('(set-up)', () => setUpRun(scenario));
          await fc.asyncModelRun(() => ({ model, real: w }), commands);
          await timed('(settling)', () => settleAndCheck(w));
        }),
        {
          numRuns: NUM_RUNS,
          seed: SEED,
          endOnFailure: true,
          ...(process.env.MONEY_PROPERTIES_PATH ? { path: process.env.MONEY_PROPERTIES_PATH } : {}),
        },
      );
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const statuses = [...stats.statuses].sort(([a], [b]) => a.localeCompare(b));
      console.log(
        `money properties: ${stats.sequences} sequences, ${stats.commands} commands, ` +
          `${stats.operations} operations (${stats.parallel} parallel pairs), ` +
          `${stats.fired} of ${stats.injected} injected provider failures fired, in ${seconds} s; ` +
          `seed ${SEED}\n` +
          statuses.map(([key, n]) => `  ${key}: ${n}`).join('\n') +
          '\nmilliseconds spent: ' +
          [...stats.ms].map(([key, ms]) => `${key} ${Math.round(ms)}`).join(', '),
      );
      // The runs reached the states that matter.
      expect(stats.sequences).toBe(NUM_RUNS);
      expect(stats.fired).toBeGreaterThan(0);
      expect(stats.parallel).toBeGreaterThan(0);
    },
    Math.max(600_000, NUM_RUNS * 12_000),
  );
});
