import { useMutation } from '@tanstack/react-query';
import { api, dataOf } from '../../../lib/api-client.ts';

/**
 * Turns off the kind of notice email an unsubscribe link names, without signing in. Only ever
 * on a click: link scanners open the page, and must not unsubscribe anybody.
 */
export const unsubscribe = (token: string) =>
  dataOf(api.POST('/api/auth/unsubscribe', { params: { query: { token } } }));

export const useUnsubscribe = () => useMutation({ mutationFn: unsubscribe });
