import { createHmac, timingSafeEqual } from 'node:crypto';
import type { NoticePreference } from '@reloop/shared';

/**
 * One-click unsubscribe (RFC 8058): each notice carries a link that turns its kind of email
 * off without signing in. The link names the user and the kind and is signed (HMAC-SHA256 with
 * a key of its own derived from JWT_SECRET), so nobody can make one for someone else; it never
 * expires, as a mail program may use it long after the email arrived.
 */
const PREFERENCES: readonly NoticePreference[] = [
  'bookings',
  'messages',
  'reviews',
  'watchlist',
  'savedSearches',
];

export class UnsubscribeLinks {
  readonly #key: Buffer;

  constructor(jwtSecret: string) {
    this.#key = createHmac('sha256', jwtSecret).update('reloop unsubscribe links').digest();
  }

  token(userId: string, preference: NoticePreference): string {
    return `${userId}.${preference}.${this.#mac(userId, preference).toString('base64url')}`;
  }

  /** The user and kind a token names, or undefined for anything Reloop did not sign. */
  read(token: string): { userId: string; preference: NoticePreference } | undefined {
    const [userId, preference, mac, ...rest] = token.split('.');
    if (!userId || !mac || rest.length > 0) return undefined;
    if (!PREFERENCES.includes(preference as NoticePreference)) return undefined;
    const expected = this.#mac(userId, preference as NoticePreference);
    const given = Buffer.from(mac, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    return { userId, preference: preference as NoticePreference };
  }

  #mac(userId: string, preference: NoticePreference): Buffer {
    return createHmac('sha256', this.#key).update(`${userId}.${preference}`).digest();
  }
}
