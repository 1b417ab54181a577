import { vi } from 'vitest';
import type { AuthUser } from '../lib/auth.tsx';

/**
 * A fake API for component tests: `fetch` answers from a table of routes such as
 * 'GET /api/productcategory'. Unknown routes answer 404 so a missing stub shows up clearly.
 * Every call is recorded with its parsed JSON body.
 */
export interface MockResponse {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/** A fixed answer, or a function of the request (return a pending promise to stay loading). */
export type MockHandler =
  | MockResponse
  | ((request: {
      url: URL;
      method: string;
      body: unknown;
      headers: Headers;
    }) => MockResponse | Promise<MockResponse>);

export interface RecordedCall {
  method: string;
  path: string;
  body: unknown;
  headers: Headers;
}

export function mockApi(routes: Record<string, MockHandler>) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request =
      input instanceof Request
        ? input
        : new Request(new URL(String(input), 'http://localhost'), init);
    const url = new URL(request.url);
    const { method, headers } = request;
    const text = await request.text();
    const body = headers.get('content-type')?.startsWith('application/json')
      ? (JSON.parse(text) as unknown)
      : text || undefined;
    calls.push({ method, path: url.pathname + url.search, body, headers });
    const handler =
      routes[`${method} ${url.pathname + url.search}`] ?? routes[`${method} ${url.pathname}`];
    const result =
      typeof handler === 'function' ? await handler({ url, method, body, headers }) : handler;
    if (!result) return jsonResponse(404, { message: `No mock for ${method} ${url.pathname}` });
    return jsonResponse(result.status ?? 200, result.body ?? null, result.headers);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}) {
  return new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

/**
 * The stored-session state of a signed-in user (verified, no phone unless `details` say
 * otherwise), plus the API answers auth needs on load.
 */
export function signedInAs(
  role: 'buyer' | 'seller' | 'admin',
  details: Partial<AuthUser> = {},
): Record<string, MockHandler> {
  const user = testUser(role, details);
  localStorage.setItem('jwttoken', `token-of-${role}`);
  return {
    'GET /api/auth/me': { body: { user } },
    [`GET /api/user/checkrole/${encodeURIComponent(user.email)}`]: { body: { role } },
  };
}

/** The signed-in user `signedInAs(role, details)` answers with. */
export const testUser = (
  role: 'buyer' | 'seller' | 'admin',
  details: Partial<AuthUser> = {},
): AuthUser => ({
  uid: '00000000-0000-4000-8000-000000000001',
  email: `${role}@example.com`,
  displayName: `Test ${role}`,
  photoURL: '',
  emailVerified: true,
  hasPassword: true,
  phone: '',
  ...details,
});
