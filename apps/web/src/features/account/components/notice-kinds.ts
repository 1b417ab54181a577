import type { NoticePreference } from '@reloop/shared';

/** How Settings and the unsubscribe page name each kind of notice email. */
export const noticeKinds: Record<
  NoticePreference,
  { label: string; description: string; topic: string }
> = {
  bookings: {
    label: 'Bookings and sales',
    description:
      'Someone books or pays, a booking is cancelled or refunded, a handover is confirmed.',
    topic: 'your bookings and sales',
  },
  messages: {
    label: 'Messages',
    description:
      'A new message in one of your conversations (one email per conversation at most every 15 minutes).',
    topic: 'new messages',
  },
  reviews: {
    label: 'Reviews',
    description: 'Someone reviews you after a sale.',
    topic: 'reviews of you',
  },
  watchlist: {
    label: 'Watchlist',
    description: 'A listing you watch gets cheaper, or is sold.',
    topic: 'listings you watch',
  },
  savedSearches: {
    label: 'Saved searches',
    description: 'New listings match one of your saved searches (one email a day at most).',
    topic: 'your saved searches',
  },
};

/** The kinds in the order Settings lists them. */
export const noticePreferences = Object.keys(noticeKinds) as NoticePreference[];
