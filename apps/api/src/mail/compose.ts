import { eq, sql } from 'drizzle-orm';
import {
  REVIEW_WINDOW_DAYS,
  accountSuspended,
  centsText,
  isBookingNotice,
  isListingNotice,
  type BookingNoticeKind,
  type BookingSide,
  type DisputeOutcome,
  type NoticePreference,
} from '@reloop/shared';
import {
  bookingMessages,
  bookings,
  disputes,
  notifications,
  payments,
  payouts,
  users,
} from '../db/schema.ts';
import { issueAccountToken, TOKEN_LIFETIME_MS } from '../identity/account-tokens.ts';
import { findActiveUserByEmail, findActiveUserById } from '../identity/accounts.ts';
import {
  excerpt,
  MESSAGE_EMAIL_GAP,
  noticeDraft,
  type Draft,
  type MailContext,
  type Resolved,
} from './drafts.ts';
import type { EmailJob } from './email-jobs.ts';
import { listingNotice, searchDigest } from './listing-notices.ts';
import { questionNotice } from './question-notices.ts';
import { renderEmail } from './layout.tsx';
import type { Email } from './transport.ts';

/**
 * Turns an email job into the email to send, reading what it needs when it is sent: an email
 * that no longer has a reason (an account that is gone, a notice turned off, an address that
 * is not verified, a thread read meanwhile) is not sent at all. One-use links are made here.
 */
export async function composeEmail(
  context: MailContext,
  job: { id: string; data: EmailJob },
): Promise<Email | undefined> {
  const baseUrl = context.baseUrl();
  const draft = await draftFor({ ...context, baseUrl }, job.data);
  if (!draft) return undefined;
  const { html, text } = await renderEmail(draft.content);
  return {
    to: draft.to,
    subject: draft.subject,
    html,
    text,
    link: draft.content.action.url,
    messageId: `<${job.id}@${new URL(baseUrl).hostname}>`,
    ...(draft.headers ? { headers: draft.headers } : {}),
  };
}

function draftFor(context: Resolved, job: EmailJob): Promise<Draft | undefined> {
  switch (job.kind) {
    case 'passwordReset':
      return passwordReset(context, job.email);
    case 'emailVerification':
      return emailVerification(context, job.userId);
    case 'emailChange':
      return emailChange(context, job.userId, job.newEmail);
    case 'emailChanged':
      return emailChanged(context, job.userId, job.oldEmail);
    case 'notice':
      if (job.event === 'question') return questionNotice(context, job.notificationId);
      return isListingNotice(job.event)
        ? listingNotice(context, job.notificationId)
        : notice(context, job.notificationId);
    case 'searchDigest':
      return searchDigest(context, job.userId, job.digestedAt);
    case 'accountSuspended':
      return accountSuspendedNotice(context, job.userId);
  }
}

const securityReason =
  'You got this email because of a change to your Reloop account. Emails like this one are always sent.';

const hours = (ms: number) => ms / 3_600_000;

async function passwordReset(context: Resolved, email: string): Promise<Draft | undefined> {
  const user = await findActiveUserByEmail(context.db, email);
  if (!user) return undefined;
  if (!user.passwordHash) {
    return {
      to: user.email,
      subject: 'Signing in to Reloop',
      content: {
        preview: 'Your account signs in with Google',
        heading: 'Your account has no password',
        paragraphs: [
          'Someone asked to reset the password of the Reloop account of this address. It signs in with Google, so there is no password to reset: use “Continue with Google” on the sign-in page.',
        ],
        action: { label: 'Sign in', url: `${context.baseUrl}/login` },
        reason: securityReason,
      },
    };
  }
  const token = await issueAccountToken(context.db, user.id, 'password_reset');
  return {
    to: user.email,
    subject: 'Reset your Reloop password',
    content: {
      preview: 'Choose a new password for your Reloop account',
      heading: 'Choose a new password',
      paragraphs: [
        `Someone, hopefully you, asked to reset the password of your Reloop account. The link works once, for the next ${TOKEN_LIFETIME_MS.password_reset / 60_000} minutes; choosing a new password signs you out everywhere else.`,
        'If it was not you, ignore this email: your password stays as it is.',
      ],
      action: {
        label: 'Choose a new password',
        url: `${context.baseUrl}/reset-password?token=${token}`,
      },
      reason: securityReason,
    },
  };
}

async function emailVerification(context: Resolved, userId: string): Promise<Draft | undefined> {
  const user = await findActiveUserById(context.db, userId);
  if (!user || user.emailVerifiedAt) return undefined;
  const token = await issueAccountToken(context.db, user.id, 'email_verification');
  return {
    to: user.email,
    subject: 'Confirm your email address for Reloop',
    content: {
      preview: 'One click to confirm your address',
      heading: 'Confirm your email address',
      paragraphs: [
        'Confirm that this address is yours, so Reloop can tell you when someone books, pays or writes to you.',
        `The link works for ${hours(TOKEN_LIFETIME_MS.email_verification)} hours. If you did not sign up for Reloop, ignore this email.`,
      ],
      action: { label: 'Confirm my email', url: `${context.baseUrl}/verify-email?token=${token}` },
      reason: securityReason,
    },
  };
}

async function emailChange(
  context: Resolved,
  userId: string,
  newEmail: string,
): Promise<Draft | undefined> {
  const user = await findActiveUserById(context.db, userId);
  if (!user) return undefined;
  const token = await issueAccountToken(context.db, user.id, 'email_change', newEmail);
  return {
    to: newEmail,
    subject: 'Confirm your new email address for Reloop',
    content: {
      preview: 'Confirm the change of your Reloop address',
      heading: 'Confirm your new email address',
      paragraphs: [
        `You asked to change the email address of your Reloop account from ${user.email} to this one. It changes when you follow the link, within ${hours(TOKEN_LIFETIME_MS.email_change)} hours.`,
        'If you did not ask for this, ignore this email: nothing changes.',
      ],
      action: {
        label: 'Use this address',
        url: `${context.baseUrl}/verify-email?token=${token}&change=1`,
      },
      reason: securityReason,
    },
  };
}

async function emailChanged(
  context: Resolved,
  userId: string,
  oldEmail: string,
): Promise<Draft | undefined> {
  const user = await findActiveUserById(context.db, userId);
  if (!user) return undefined;
  return {
    to: oldEmail,
    subject: 'Your Reloop email address was changed',
    content: {
      preview: `Your account now uses ${user.email}`,
      heading: 'Your email address was changed',
      paragraphs: [
        `The Reloop account that used ${oldEmail} now signs in with ${user.email}, and its emails go there.`,
        'If you did not do this, someone else may have your password: reset it now and write to us.',
      ],
      action: { label: 'Reset my password', url: `${context.baseUrl}/forgot-password` },
      reason: securityReason,
    },
  };
}

/** Which preference turns each notice off. */
const preferenceOf: Record<BookingNoticeKind, NoticePreference> = {
  booked: 'bookings',
  paid: 'bookings',
  cancelled: 'bookings',
  completed: 'bookings',
  disputed: 'bookings',
  resolved: 'bookings',
  released: 'bookings',
  paid_out: 'bookings',
  message: 'messages',
  review_invited: 'reviews',
  reviewed: 'reviews',
};

/** Notices about the seller's money lead to the earnings page. */
const earningsNotices: BookingNoticeKind[] = ['released', 'paid_out'];

/** When held money goes to the seller, in words: "Sunday 29 November, 14:00 UTC". */
const releaseTime = new Intl.DateTimeFormat('en-GB', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'UTC',
  timeZoneName: 'short',
});

async function notice(context: Resolved, notificationId: string): Promise<Draft | undefined> {
  const otherSideId = sql`case ${notifications.side} when 'seller' then ${bookings.buyerId} else ${bookings.sellerId} end`;
  const [row] = await context.db
    .select({
      userId: users.id,
      email: users.email,
      emailVerifiedAt: users.emailVerifiedAt,
      deletedAt: users.deletedAt,
      wants: {
        bookings: users.notifyBookings,
        messages: users.notifyMessages,
        reviews: users.notifyReviews,
        watchlist: users.notifyWatchlist,
        savedSearches: users.notifySavedSearches,
      },
      kind: notifications.kind,
      side: notifications.side,
      readAt: notifications.readAt,
      bookingId: bookings.id,
      productName: bookings.productName,
      priceCents: bookings.priceCents,
      cancelledBy: bookings.cancelledBy,
      releaseAt: bookings.releaseAt,
      outcome: disputes.outcome,
      refundCents: disputes.refundCents,
      payoutCents: payouts.amountCents,
      paid: sql<boolean>`${payments.status} is not null and ${payments.status} <> 'requires_payment'`,
      otherName: sql<string>`(select other.name from ${users} other where other.id = ${otherSideId})`,
      lastMessage: sql<string | null>`(select ${bookingMessages.text} from ${bookingMessages}
        where ${bookingMessages.bookingId} = ${bookings.id} and ${bookingMessages.from} <> ${notifications.side}
        order by ${bookingMessages.createdAt} desc limit 1)`,
      emailedLately: sql<boolean>`exists (select from ${notifications} earlier
        where earlier.user_id = ${notifications.userId} and earlier.booking_id = ${notifications.bookingId}
          and earlier.kind = 'message' and earlier.id <> ${notifications.id}
          and earlier.created_at between ${notifications.createdAt} - ${MESSAGE_EMAIL_GAP}::interval and ${notifications.createdAt})`,
    })
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.userId))
    .innerJoin(bookings, eq(bookings.id, notifications.bookingId))
    .leftJoin(payments, eq(payments.bookingId, bookings.id))
    .leftJoin(disputes, eq(disputes.bookingId, bookings.id))
    .leftJoin(payouts, eq(payouts.bookingId, bookings.id))
    .where(eq(notifications.id, notificationId));
  // Gone (a newer notice replaced it), or nobody to tell: no email. (Every notice joined to a
  // booking has its side and a booking's kind.)
  if (!row || row.deletedAt || !row.emailVerifiedAt) return undefined;
  if (row.side === null || !isBookingNotice(row.kind)) return undefined;
  const preference = preferenceOf[row.kind];
  if (!row.wants[preference]) return undefined;
  if (row.kind === 'message' && (row.readAt || row.emailedLately)) return undefined;

  const place = row.side === 'seller' ? 'sales' : 'orders';
  const page = `${context.baseUrl}/dashboard/${place}`;
  const other = row.otherName || (row.side === 'seller' ? 'The buyer' : 'The seller');
  const product = row.productName;
  const price = centsText(row.priceCents);
  const draft = noticeText(row.kind, {
    other,
    product,
    price,
    side: row.side,
    cancelledBy: row.cancelledBy,
    paid: row.paid,
    lastMessage: row.lastMessage,
    releaseAt: row.releaseAt ? releaseTime.format(row.releaseAt) : '',
    outcome: row.outcome,
    refund: centsText(row.refundCents ?? 0),
    payout: centsText(row.payoutCents ?? 0),
  });
  const url =
    row.kind === 'message'
      ? `${page}/${row.bookingId}/messages`
      : earningsNotices.includes(row.kind)
        ? `${context.baseUrl}/dashboard/earnings`
        : row.kind === 'reviewed'
          ? `${context.baseUrl}/seller/${row.userId}`
          : page;
  return noticeDraft(context, row, preference, { ...draft, url });
}

interface NoticeFacts {
  other: string;
  product: string;
  price: string;
  side: BookingSide;
  cancelledBy: BookingSide | null;
  paid: boolean;
  lastMessage: string | null;
  releaseAt: string;
  outcome: DisputeOutcome | null;
  refund: string;
  payout: string;
}

function noticeText(
  kind: BookingNoticeKind,
  facts: NoticeFacts,
): { subject: string; paragraphs: string[]; action: string } {
  const { other, product, price } = facts;
  const place = facts.side === 'seller' ? 'My Sales' : 'My Orders';
  switch (kind) {
    case 'booked':
      return {
        subject: `New booking: ${product}`,
        paragraphs: [
          `${other} booked ${product} for ${price}.`,
          'Their phone and meeting place are in My Sales; you can write to them there.',
        ],
        action: 'Open My Sales',
      };
    case 'paid':
      return {
        subject: `Paid: ${product}`,
        paragraphs: [
          `${other} paid ${price} for ${product}. Reloop holds the money until the handover.`,
          'Meet to hand it over: My Sales has their phone and the meeting place. At the meetup, ask for the six-digit code in their My Orders and enter it in My Sales.',
        ],
        action: 'Open My Sales',
      };
    case 'message': {
      return {
        subject: `New message about ${product}`,
        paragraphs: [`${other} wrote:`, `“${excerpt(facts.lastMessage ?? '')}”`],
        action: 'Read and reply',
      };
    }
    case 'cancelled':
      return {
        subject: `Booking cancelled: ${product}`,
        paragraphs: [
          `${facts.cancelledBy === 'buyer' ? 'The buyer' : 'The seller'} cancelled the booking of ${product}.`,
          ...(facts.paid
            ? [
                facts.side === 'buyer'
                  ? `The ${price} you paid is refunded to the card it came from.`
                  : `The ${price} the buyer paid is refunded to them.`,
              ]
            : []),
        ],
        action: `Open ${place}`,
      };
    case 'completed':
      return {
        subject: `Handover confirmed: ${product}`,
        paragraphs: [
          `The handover of ${product} (${price}) is confirmed.`,
          facts.side === 'buyer'
            ? `If something is wrong with it, report a problem in My Orders until ${facts.releaseAt}. After that the money goes to the seller.`
            : `Reloop holds the ${price} until ${facts.releaseAt}, while the buyer checks it, then pays it to you.`,
        ],
        action: `Open ${place}`,
      };
    case 'disputed':
      return {
        subject: `A problem was reported: ${product}`,
        paragraphs: [
          `The buyer reported a problem with ${product}. The ${price} stays held until Reloop’s team decides.`,
          'Read the complaint and answer it in the conversation in My Sales.',
        ],
        action: 'Open My Sales',
      };
    case 'resolved':
      return {
        subject: `Complaint decided: ${product}`,
        paragraphs: [
          `Reloop’s team decided the complaint about ${product}: ${
            facts.outcome === 'refund'
              ? `the ${price} is refunded to the buyer.`
              : facts.outcome === 'release'
                ? `the ${price} goes to the seller.`
                : `${facts.refund} is refunded to the buyer and the rest goes to the seller.`
          }`,
        ],
        action: `Open ${place}`,
      };
    case 'released':
      return {
        subject: `Money released: ${product}`,
        paragraphs: [
          `The money for ${product} is released to you, ${facts.payout} after fees.`,
          'It is paid out to your payout account; if you have not set one up yet, do it in Earnings.',
        ],
        action: 'Open Earnings',
      };
    case 'paid_out':
      return {
        subject: `Paid out: ${product}`,
        paragraphs: [`${facts.payout} for ${product} was sent to your payout account.`],
        action: 'Open Earnings',
      };
    case 'review_invited':
      return {
        subject: `How did it go with ${other}?`,
        paragraphs: [
          `${product} changed hands. Tell other buyers and sellers how it went with ${other}: rate them from 1 to 5 stars in ${place}, within ${REVIEW_WINDOW_DAYS} days.`,
          `Neither of you sees the other’s review until both have written one, or the ${REVIEW_WINDOW_DAYS} days are over.`,
        ],
        action: `Review in ${place}`,
      };
    case 'reviewed':
      return {
        subject: `${other} reviewed you`,
        paragraphs: [
          `${other}’s review of the sale of ${product} is now on your profile.`,
          'You can answer it there, once, for everyone to read.',
        ],
        action: 'See your profile',
      };
  }
}

/** An admin suspended the account: why and until when. Not sent if lifted meanwhile. */
async function accountSuspendedNotice(
  context: Resolved,
  userId: string,
): Promise<Draft | undefined> {
  const user = await findActiveUserById(context.db, userId);
  if (!user?.suspendedUntil || user.suspendedUntil <= new Date()) return undefined;
  return {
    to: user.email,
    subject: 'Your Reloop account is suspended',
    content: {
      preview: accountSuspended(user.suspendedUntil, user.suspensionReason ?? ''),
      heading: 'Your account is suspended',
      paragraphs: [
        accountSuspended(user.suspendedUntil, user.suspensionReason ?? ''),
        'Until then you cannot sign in, your listings are hidden, and your open bookings were cancelled; paid ones are refunded to their buyers.',
        'If you think this is a mistake, answer this email.',
      ],
      action: { label: 'Open Reloop', url: `${context.baseUrl}/` },
      reason: securityReason,
    },
  };
}
