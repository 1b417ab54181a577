import { sharedKeys } from '../../../lib/query-keys.ts';

/** The notifications, under the shared root every booking change refreshes. */
export const notificationKeys = {
  all: sharedKeys.notifications,
};
