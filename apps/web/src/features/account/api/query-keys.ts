/** The account feature's query keys. */
export const accountKeys = {
  notificationPreferences: ['account', 'notification-preferences'],
} as const;
