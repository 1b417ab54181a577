import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import type { StripeConnection } from '../../src/payments/stripe-provider.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/**
 * A small stand-in for the Stripe API on loopback: the PaymentIntents, Refunds and Connect
 * (Accounts, Account Links, Transfers) calls the provider makes, with Stripe's idempotency keys
 * (a key sent again gets the first answer, and nothing happens twice) and error shape. Tests
 * play the buyer's side (what Stripe.js would do in the browser) with `succeed`, can bend an
 * intent's amount, and finish a seller's onboarding with `enableAccount`.
 */
interface StubIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  /** The charge, once the payment succeeded: what a transfer's source_transaction names. */
  latest_charge: string | null;
}

/** A Connect Express account: it cannot be paid until its seller finishes onboarding. */
interface StubAccount {
  id: string;
  object: 'account';
  type: string;
  email: string | null;
  payouts_enabled: boolean;
  charges_enabled: boolean;
  details_submitted: boolean;
  capabilities: { transfers: 'inactive' | 'pending' | 'active' };
  metadata: Record<string, string>;
}

interface StubRefund {
  id: string;
  object: 'refund';
  payment_intent: string;
  /** What was asked for; Stripe refunds the whole charge without it. */
  amount: number | null;
  status: string;
}

interface StubTransfer {
  id: string;
  object: 'transfer';
  amount: number;
  currency: string;
  destination: string;
  source_transaction: string | null;
  transfer_group: string | null;
  metadata: Record<string, string>;
  /** The Idempotency-Key it was created with. */
  idempotencyKey: string | undefined;
}

export interface StripeStub {
  connection: StripeConnection;
  intents: Map<string, StubIntent>;
  refunds: StubRefund[];
  accounts: Map<string, StubAccount>;
  /** Account Links handed out, for the account they onboard. */
  accountLinks: { account: string; url: string; return_url: string; refresh_url: string }[];
  transfers: StubTransfer[];
  /** Every call, e.g. 'POST /v1/payment_intents', with its idempotency key. */
  calls: { call: string; idempotencyKey: string | undefined }[];
  succeed(id: string): StubIntent;
  /** The seller finished onboarding: payouts enabled and transfers active. */
  enableAccount(id: string): StubAccount;
  close(): Promise<void>;
}

const id = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;

export async function startStripeStub(): Promise<StripeStub> {
  const intents = new Map<string, StubIntent>();
  const refunds: StripeStub['refunds'] = [];
  const accounts: StripeStub['accounts'] = new Map();
  const accountLinks: StripeStub['accountLinks'] = [];
  const transfers: StripeStub['transfers'] = [];
  const calls: StripeStub['calls'] = [];
  /** The first answer to each idempotency key, as it was sent then. */
  const replies = new Map<string, { status: number; text: string }>();

  const handle = (
    method: string,
    path: string,
    form: URLSearchParams,
    idempotencyKey: string | undefined,
  ) => {
    if (method === 'POST' && path === '/v1/payment_intents') {
      const intent: StubIntent = {
        id: id('pi'),
        object: 'payment_intent',
        amount: Number(form.get('amount')),
        currency: form.get('currency') ?? '',
        status: 'requires_payment_method',
        client_secret: '',
        metadata: { bookingId: form.get('metadata[bookingId]') ?? '' },
        latest_charge: null,
      };
      intent.client_secret = `${intent.id}_secret_${randomBytes(8).toString('hex')}`;
      intents.set(intent.id, intent);
      return { status: 200, body: intent };
    }
    const intentPath = /^\/v1\/payment_intents\/([\w]+)$/.exec(path);
    if (method === 'GET' && intentPath?.[1]) {
      const intent = intents.get(intentPath[1]);
      if (intent) return { status: 200, body: intent };
      return missing(`No such payment_intent: '${intentPath[1]}'`);
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const intentId = form.get('payment_intent') ?? '';
      if (!intents.has(intentId)) return missing(`No such payment_intent: '${intentId}'`);
      const amount = form.get('amount');
      const refund: StubRefund = {
        id: id('re'),
        object: 'refund',
        payment_intent: intentId,
        amount: amount === null ? null : Number(amount),
        status: 'succeeded',
      };
      refunds.push(refund);
      return { status: 200, body: refund };
    }
    if (method === 'POST' && path === '/v1/accounts') {
      const account: StubAccount = {
        id: id('acct'),
        object: 'account',
        type: form.get('type') ?? '',
        email: form.get('email'),
        payouts_enabled: false,
        charges_enabled: false,
        details_submitted: false,
        capabilities: { transfers: 'inactive' },
        metadata: { userId: form.get('metadata[userId]') ?? '' },
      };
      accounts.set(account.id, account);
      return { status: 200, body: account };
    }
    if (method === 'POST' && path === '/v1/account_links') {
      const account = form.get('account') ?? '';
      if (!accounts.has(account)) return missing(`No such account: '${account}'`);
      const link = {
        account,
        url: `https://connect.stripe.test/setup/e/${account}/${randomBytes(6).toString('hex')}`,
        return_url: form.get('return_url') ?? '',
        refresh_url: form.get('refresh_url') ?? '',
      };
      accountLinks.push(link);
      return { status: 200, body: { object: 'account_link', url: link.url, expires_at: 0 } };
    }
    if (method === 'POST' && path === '/v1/transfers') {
      const destination = form.get('destination') ?? '';
      if (!accounts.has(destination)) return missing(`No such destination: '${destination}'`);
      const transfer: StubTransfer = {
        id: id('tr'),
        object: 'transfer',
        amount: Number(form.get('amount')),
        currency: form.get('currency') ?? '',
        destination,
        source_transaction: form.get('source_transaction'),
        transfer_group: form.get('transfer_group'),
        metadata: { bookingId: form.get('metadata[bookingId]') ?? '' },
        idempotencyKey,
      };
      transfers.push(transfer);
      return { status: 200, body: transfer };
    }
    return missing(`Unrecognized request URL (${method}: ${path})`);
  };

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    request.on('end', () => {
      const method = request.method ?? 'GET';
      const path = (request.url ?? '/').split('?')[0] ?? '/';
      const key = request.headers['idempotency-key'];
      const idempotencyKey = typeof key === 'string' ? key : undefined;
      calls.push({ call: `${method} ${path}`, idempotencyKey });
      let reply = idempotencyKey ? replies.get(idempotencyKey) : undefined;
      if (!reply) {
        const handled = handle(method, path, new URLSearchParams(raw), idempotencyKey);
        reply = { status: handled.status, text: JSON.stringify(handled.body) };
        if (idempotencyKey) replies.set(idempotencyKey, reply);
      }
      response.writeHead(reply.status, { 'content-type': 'application/json' });
      response.end(reply.text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    connection: { host: '127.0.0.1', port, protocol: 'http' },
    intents,
    refunds,
    accounts,
    accountLinks,
    transfers,
    calls,
    succeed(intentId) {
      const intent = intents.get(intentId);
      if (!intent) throw new Error(`the stub has no intent ${intentId}`);
      intent.status = 'succeeded';
      intent.latest_charge ??= id('ch');
      return intent;
    },
    enableAccount(accountId) {
      const account = accounts.get(accountId);
      if (!account) throw new Error(`the stub has no account ${accountId}`);
      account.payouts_enabled = true;
      account.charges_enabled = true;
      account.details_submitted = true;
      account.capabilities.transfers = 'active';
      return account;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

function missing(message: string) {
  return {
    status: 404,
    body: { error: { type: 'invalid_request_error', code: 'resource_missing', message } },
  };
}

/** The webhook secret the Stripe-configured test apps verify events with. */
const STRIPE_WEBHOOK_SECRET = 'whsec_test_secret_for_reloop';
const signer = new Stripe('sk_test_signer').webhooks;

/** A test app with payments through Stripe, talking to `stub`. */
export const createStripeTestApp = (stub: StripeStub): Promise<TestApp> =>
  createTestApp({
    env: {
      STRIPE_SECRET_KEY: 'sk_test_reloop',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_reloop',
      STRIPE_WEBHOOK_SECRET,
    },
    stripeConnection: stub.connection,
  });

/**
 * Posts a Stripe event of `type` about `object` to the webhook, signed as Stripe signs it
 * unless `signature` says otherwise.
 */
export function postStripeEvent(
  app: FastifyInstance,
  event: { id: string; type: string; object: unknown },
  signature?: string,
) {
  const payload = JSON.stringify({
    id: event.id,
    object: 'event',
    type: event.type,
    data: { object: event.object },
  });
  return app.inject({
    method: 'POST',
    url: '/api/payments/stripe/webhook',
    headers: {
      'content-type': 'application/json',
      'stripe-signature':
        signature ?? signer.generateTestHeaderString({ payload, secret: STRIPE_WEBHOOK_SECRET }),
    },
    payload,
  });
}
