import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, dataOf, type ApiSchema } from '../../../lib/api-client.ts';
import { authKeys } from './query-keys.ts';

/**
 * The links emailed to prove an address: the one sent at sign-up (`/verify-email?token=…`) and
 * the one sent to a new address (`…&change=1`). Each works once.
 */
export type EmailLinkResult =
  { kind: 'verified' } | { kind: 'changed'; user: ApiSchema<'AuthUser'> };

export async function followEmailLink(token: string, change: boolean): Promise<EmailLinkResult> {
  if (change) {
    const { user } = await dataOf(api.POST('/api/auth/email/confirm', { body: { token } }));
    return { kind: 'changed', user };
  }
  await dataOf(api.POST('/api/auth/verify-email', { body: { token } }));
  return { kind: 'verified' };
}

/**
 * Following the link as the page opens. A query, not a mutation, so that the one call is shared
 * by every render of the page: React's StrictMode mounts it twice, and a remount (back and
 * forward) shows the first answer instead of spending the link again. Nothing retries it: a
 * second try of a one-use link can only fail.
 */
export const emailLinkQueryOptions = (token: string, change: boolean) =>
  queryOptions({
    queryKey: authKeys.emailLink(token, change),
    // No abort signal: leaving the page must not cut the call short once the link is spent.
    queryFn: () => followEmailLink(token, change),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
    retryOnMount: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

export const useEmailLink = (token: string, change: boolean, ready: boolean) =>
  useQuery({ ...emailLinkQueryOptions(token, change), enabled: ready && token !== '' });
