import type { NotificationKind } from '@reloop/shared';

/**
 * What an email job carries: who and what, never the email itself nor a link's secret. The
 * worker reads the rest when it sends (the address then, the preferences then) and makes any
 * one-use link then, so no secret waits in the queue's table.
 */
export type EmailJob =
  /** To whoever holds this address, if anyone: the caller must not learn whether one does. */
  | { kind: 'passwordReset'; email: string }
  | { kind: 'emailVerification'; userId: string }
  | { kind: 'emailChange'; userId: string; newEmail: string }
  /** To the address an account just left, telling its owner. */
  | { kind: 'emailChanged'; userId: string; oldEmail: string }
  | { kind: 'notice'; notificationId: string; event: NotificationKind }
  /** A user's matches of their saved searches that their digest took at `digestedAt`. */
  | { kind: 'searchDigest'; userId: string; digestedAt: string }
  /** An admin suspended the account: why and until when are read when it is sent. */
  | { kind: 'accountSuspended'; userId: string };
