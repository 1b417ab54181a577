import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { StripeConnection } from '../../src/payments/stripe-provider.ts';

/**
 * A small stand-in for the Stripe API on loopback: the PaymentIntents and Refunds calls the
 * provider makes, with Stripe's idempotency keys and error shape. Tests play the buyer's side
 * (what Stripe.js would do in the browser) with `succeed`, and can bend an intent's amount.
 */
interface StubIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
}

export interface StripeStub {
  connection: StripeConnection;
  intents: Map<string, StubIntent>;
  refunds: { id: string; payment_intent: string }[];
  /** Every call, e.g. 'POST /v1/payment_intents', with its idempotency key. */
  calls: { call: string; idempotencyKey: string | undefined }[];
  succeed(id: string): StubIntent;
  close(): Promise<void>;
}

const id = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;

export async function startStripeStub(): Promise<StripeStub> {
  const intents = new Map<string, StubIntent>();
  const refunds: StripeStub['refunds'] = [];
  const calls: StripeStub['calls'] = [];
  const replies = new Map<string, { status: number; body: unknown }>();

  const handle = (method: string, path: string, form: URLSearchParams) => {
    if (method === 'POST' && path === '/v1/payment_intents') {
      const intent: StubIntent = {
        id: id('pi'),
        object: 'payment_intent',
        amount: Number(form.get('amount')),
        currency: form.get('currency') ?? '',
        status: 'requires_payment_method',
        client_secret: '',
        metadata: { bookingId: form.get('metadata[bookingId]') ?? '' },
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
      const refund = {
        id: id('re'),
        object: 'refund',
        payment_intent: intentId,
        status: 'succeeded',
      };
      refunds.push(refund);
      return { status: 200, body: refund };
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
      const remembered = idempotencyKey && replies.get(idempotencyKey);
      const reply = remembered || handle(method, path, new URLSearchParams(raw));
      if (idempotencyKey) replies.set(idempotencyKey, reply);
      response.writeHead(reply.status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    connection: { host: '127.0.0.1', port, protocol: 'http' },
    intents,
    refunds,
    calls,
    succeed(intentId) {
      const intent = intents.get(intentId);
      if (!intent) throw new Error(`the stub has no intent ${intentId}`);
      intent.status = 'succeeded';
      return intent;
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
