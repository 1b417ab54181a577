import http from 'node:http';
import type { Role } from '@reloop/shared';
import { nextLink } from './behaviour.ts';
import { SUCCESS_CARD } from './marketplace.ts';

/**
 * JSON calls to a running server over real sockets, for the process-level tests. Keep-alive
 * like a browser; a call that gets no complete response rejects with the socket's error, so a
 * test can tell a refused connection (nothing was sent) from a request that was lost.
 */
export interface HttpResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: unknown;
}

export interface CallOptions {
  token?: string;
  body?: unknown;
  /** A slow upload: the first half of the body goes at once, the rest once this settles. */
  bodyHeldUntil?: Promise<unknown>;
}

export class HttpClient {
  readonly agent: http.Agent;

  constructor(
    private readonly baseUrl: string,
    maxSockets = 20,
  ) {
    this.agent = new http.Agent({ keepAlive: true, maxSockets });
  }

  call(method: string, path: string, options: CallOptions = {}): Promise<HttpResponse> {
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    const headers: http.OutgoingHttpHeaders = {};
    if (payload !== undefined) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = Buffer.byteLength(payload);
    }
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    return new Promise((resolve, reject) => {
      const request = http.request(
        new URL(path, this.baseUrl),
        { method, headers, agent: this.agent },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('error', reject);
          response.on('end', () => {
            // A body cut short ends too: only a complete one parses.
            if (!response.complete) return reject(new Error('response cut short'));
            const text = Buffer.concat(chunks).toString();
            try {
              const body: unknown = text ? JSON.parse(text) : undefined;
              resolve({ status: response.statusCode ?? 0, headers: response.headers, body });
            } catch (error) {
              reject(error);
            }
          });
        },
      );
      request.on('error', reject);
      if (payload !== undefined && options.bodyHeldUntil) {
        const half = Math.floor(payload.length / 2);
        request.write(payload.slice(0, half));
        void options.bodyHeldUntil.then(() => request.end(payload.slice(half)));
      } else {
        request.end(payload);
      }
    });
  }

  /** Calls and insists on `expected`; for setup steps that must succeed. */
  async expect<T>(
    expected: number,
    method: string,
    path: string,
    options: CallOptions = {},
  ): Promise<T> {
    const response = await this.call(method, path, options);
    if (response.status !== expected) {
      throw new Error(`${method} ${path} → ${response.status} ${JSON.stringify(response.body)}`);
    }
    return response.body as T;
  }

  /** Every item of a keyset-paginated list, following its `Link: rel="next"` headers. */
  async all<T>(path: string, token: string): Promise<T[]> {
    const items: T[] = [];
    for (let next: string | undefined = path; next;) {
      const response = await this.call('GET', next, { token });
      if (response.status !== 200) throw new Error(`GET ${next} → ${response.status}`);
      items.push(...(response.body as T[]));
      next = nextLink(response);
    }
    return items;
  }

  close(): void {
    this.agent.destroy();
  }
}

let accounts = 0;

/** Signs up, exchanges the token and registers with a role, as the web app does; the API token. */
export async function registerAccount(
  client: HttpClient,
  role: Exclude<Role, 'admin'>,
): Promise<{ email: string; token: string }> {
  accounts += 1;
  const email = `${role}${accounts}-${Date.now()}@example.com`;
  const { idToken } = await client.expect<{ idToken: string }>(201, 'POST', '/api/auth/signup', {
    body: { email, password: 'correct horse battery', displayName: `A ${role}` },
  });
  const { token } = await client.expect<{ token: string }>(200, 'POST', '/api/jwtgenerate', {
    token: idToken,
    body: { email },
  });
  await client.expect(200, 'POST', '/api/register', {
    token,
    body: { userEmail: email, userName: `A ${role}`, role, userImg: '' },
  });
  return { email, token };
}

/** Pays for the booking as `buyer` with the test provider's success card; the payment's id. */
export async function payWithTestCard(
  client: HttpClient,
  buyer: { email: string; token: string },
  bookingId: string,
): Promise<string> {
  const { clientSecret } = await client.expect<{ clientSecret: string }>(
    200,
    'POST',
    '/api/create-payment-intent',
    { token: buyer.token, body: { bookingId } },
  );
  await client.expect(200, 'POST', '/api/payments/test/confirm', {
    body: {
      clientSecret,
      card: SUCCESS_CARD,
      billingDetails: { name: 'Buyer', email: buyer.email },
    },
  });
  return clientSecret.split('_secret_')[0] ?? '';
}

/** The id of the first category, which every product needs. */
export async function firstCategoryId(client: HttpClient): Promise<string> {
  const [category] = await client.expect<{ _id: string }[]>(200, 'GET', '/api/productcategory');
  if (!category) throw new Error('categories are not seeded');
  return category._id;
}
