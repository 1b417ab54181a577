import type { NoticePreference } from '@reloop/shared';
import type { Database } from '../db/client.ts';
import type { EmailContent } from './layout.tsx';
import type { UnsubscribeLinks } from './unsubscribe.ts';

/** What composing an email reads: the database, where links point, and unsubscribe links. */
export interface MailContext {
  db: Database;
  /** PUBLIC_URL, or where this instance listens: every link in an email is absolute on it. */
  baseUrl: () => string;
  unsubscribe: UnsubscribeLinks;
}

/** The context with its base URL read once, for one email. */
export type Resolved = Omit<MailContext, 'baseUrl'> & { baseUrl: string };

/** What an email says and where it goes, before it is rendered. */
export interface Draft {
  to: string;
  subject: string;
  content: EmailContent;
  headers?: Record<string, string>;
}

/** A conversation's message email waits this long after its last one, however many arrive. */
export const MESSAGE_EMAIL_GAP = '15 minutes';

const EXCERPT_LENGTH = 300;

/** A message as an email quotes it: its first EXCERPT_LENGTH characters. */
export const excerpt = (text: string): string =>
  text.length > EXCERPT_LENGTH ? `${text.slice(0, EXCERPT_LENGTH)}…` : text;

/** What each preference's emails are about, in "you chose to hear about …". */
const preferenceTopic: Record<NoticePreference, string> = {
  bookings: 'your bookings and sales',
  messages: 'messages',
  reviews: 'reviews',
  watchlist: 'listings you watch',
  savedSearches: 'your saved searches',
};

/**
 * A notice to `user`: its words, its one link, and the footer of the preference that turns its
 * kind off, with one-click unsubscribe (RFC 8058) in the email and in its headers.
 */
export function noticeDraft(
  context: Resolved,
  user: { userId: string; email: string },
  preference: NoticePreference,
  notice: { subject: string; paragraphs: string[]; action: string; url: string },
): Draft {
  const token = context.unsubscribe.token(user.userId, preference);
  const unsubscribeUrl = `${context.baseUrl}/api/auth/unsubscribe?token=${token}`;
  return {
    to: user.email,
    subject: notice.subject,
    content: {
      preview: notice.paragraphs[0] ?? notice.subject,
      heading: notice.subject,
      paragraphs: notice.paragraphs,
      action: { label: notice.action, url: notice.url },
      reason: `You got this email because you chose to hear about ${preferenceTopic[preference]} on Reloop.`,
      unsubscribeUrl: `${context.baseUrl}/unsubscribe?token=${token}`,
    },
    headers: {
      'List-Unsubscribe': `<${unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
