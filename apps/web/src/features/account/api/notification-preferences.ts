import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationPreferences } from '@reloop/shared';
import { api, dataOf } from '../../../lib/api-client.ts';
import { accountKeys } from './query-keys.ts';

/** Which notice emails the signed-in user wants (security emails are not a choice). */
export const getNotificationPreferences = (signal?: AbortSignal) =>
  dataOf(api.GET('/api/auth/notifications', { signal }));

export const notificationPreferencesQueryOptions = () =>
  queryOptions({
    queryKey: accountKeys.notificationPreferences,
    queryFn: ({ signal }) => getNotificationPreferences(signal),
  });

export const useNotificationPreferences = () => useQuery(notificationPreferencesQueryOptions());

export const saveNotificationPreferences = (preferences: NotificationPreferences) =>
  dataOf(api.PUT('/api/auth/notifications', { body: preferences }));

/** Saves the choices; what the server kept becomes what the page shows. */
export function useSaveNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveNotificationPreferences,
    onSuccess: (saved) =>
      queryClient.setQueryData(notificationPreferencesQueryOptions().queryKey, saved),
  });
}
