import { clearToken, storedToken } from './token.ts';

/**
 * The one way the web app talks to the API: JSON in and out, the stored token as Bearer, and
 * the spec's reaction to a dead session (toast "unauthorized access", sign out, go to /login).
 */
export class ApiError extends Error {
  override name = 'ApiError';

  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown,
  ) {
    super(message);
  }
}

/** Where the API is served on this origin; `apiRequest` paths are relative to it. */
const API_BASE = '/api';

type Listener = () => void;
const unauthorizedListeners = new Set<Listener>();

/** The auth layer subscribes here to sign out and navigate when the API rejects the session. */
export function onUnauthorized(listener: Listener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** A token other than the stored one (the sign-in token before it is exchanged). */
  token?: string;
  signal?: AbortSignal;
  /**
   * Checking or ending the session, where a dead one is an answer, not an incident: the
   * stored token is forgotten without "unauthorized access" and without leaving the page.
   */
  quiet?: boolean;
}

export interface ApiResponse<T> {
  data: T;
  headers: Headers;
}

export async function apiRequest<T>(
  path: string,
  options: RequestOptions = {},
): Promise<ApiResponse<T>> {
  const method = options.method ?? 'GET';
  const usesStoredToken = options.token === undefined;
  const token = options.token ?? storedToken();
  const headers: Record<string, string> = { accept: 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const response = await fetch(`${API_BASE}${path}`, {
    method,
    headers,
    body,
    signal: options.signal,
  });
  const data: unknown = response.status === 204 ? null : await response.json().catch(() => null);
  if (!response.ok) {
    const message =
      typeof data === 'object' &&
      data !== null &&
      'message' in data &&
      typeof data.message === 'string'
        ? data.message
        : response.statusText || `Request failed with ${response.status}`;
    // The stored session is dead (401), or a list the user may no longer read (403 on a GET).
    // A sign-in token sent explicitly failing says nothing about the stored session.
    const rejected = response.status === 401 || (response.status === 403 && method === 'GET');
    if (token && usesStoredToken && rejected) {
      clearToken();
      if (!options.quiet) for (const listener of unauthorizedListeners) listener();
    }
    throw new ApiError(response.status, message, data);
  }
  return { data: data as T, headers: response.headers };
}

/**
 * The `apiRequest` path for a URL the API handed out (a `Link` target). Only URLs into the API
 * on this origin are accepted, since every request carries the user's token.
 */
export function apiPathOf(url: string): string {
  const target = new URL(url, window.location.origin);
  if (target.origin !== window.location.origin || !target.pathname.startsWith(`${API_BASE}/`)) {
    throw new Error(`The API linked to a URL outside itself: ${url}`);
  }
  return target.pathname.slice(API_BASE.length) + target.search;
}

export const api = {
  get: async <T>(path: string, signal?: AbortSignal) =>
    (await apiRequest<T>(path, { signal })).data,
  post: async <T>(path: string, body?: unknown, token?: string) =>
    (await apiRequest<T>(path, { method: 'POST', body, ...(token ? { token } : {}) })).data,
  put: async <T>(path: string, body?: unknown) =>
    (await apiRequest<T>(path, { method: 'PUT', body })).data,
  patch: async <T>(path: string, body?: unknown, token?: string) =>
    (await apiRequest<T>(path, { method: 'PATCH', body, ...(token ? { token } : {}) })).data,
  delete: async <T>(path: string) => (await apiRequest<T>(path, { method: 'DELETE' })).data,
};

export const errorMessage = (error: unknown): string =>
  error instanceof Error ? error.message : 'Something went wrong';
