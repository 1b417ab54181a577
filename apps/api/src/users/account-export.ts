import { asc, eq, or, sql } from 'drizzle-orm';
import type { AccountExport } from '@reloop/shared';
import type { Database } from '../db/client.ts';
import {
  bookingMessages,
  bookings,
  notifications,
  products,
  questionMessages,
  questions,
  savedSearches,
  users,
  watches,
} from '../db/schema.ts';
import { preferencesOf } from '../identity/account-settings.ts';
import type { UserRow } from '../identity/accounts.ts';

/**
 * Everything Reloop holds about a user, for them to take away (DESIGN §14): read in one
 * repeatable-read transaction, so the parts agree with each other.
 */
const iso = (time: Date | null) => time?.toISOString() ?? null;
const inDollars = (cents: number) => cents / 100;

export async function exportAccount(db: Database, user: UserRow): Promise<AccountExport> {
  return db.transaction(
    async (tx) => {
      const listings = await tx
        .select()
        .from(products)
        .where(eq(products.sellerId, user.id))
        .orderBy(asc(products.createdAt), asc(products.id));
      const ownBookings = await tx
        .select()
        .from(bookings)
        .where(eq(bookings.buyerId, user.id))
        .orderBy(asc(bookings.createdAt), asc(bookings.id));
      const sales = await tx
        .select({
          booking: bookings,
          buyerName: sql<string>`(select buyer.name from ${users} buyer where buyer.id = ${bookings.buyerId})`,
        })
        .from(bookings)
        .where(eq(bookings.sellerId, user.id))
        .orderBy(asc(bookings.createdAt), asc(bookings.id));
      const thread = await tx
        .select({ message: bookingMessages, buyerId: bookings.buyerId })
        .from(bookingMessages)
        .innerJoin(bookings, eq(bookings.id, bookingMessages.bookingId))
        .where(or(eq(bookings.buyerId, user.id), eq(bookings.sellerId, user.id)))
        .orderBy(asc(bookingMessages.createdAt), asc(bookingMessages.id));
      const conversations = await tx
        .select({ question: questions, productName: products.name })
        .from(questions)
        .innerJoin(products, eq(products.id, questions.productId))
        .where(or(eq(questions.buyerId, user.id), eq(questions.sellerId, user.id)))
        .orderBy(asc(questions.createdAt), asc(questions.id));
      const questionThread = await tx
        .select({ message: questionMessages })
        .from(questionMessages)
        .innerJoin(questions, eq(questions.id, questionMessages.questionId))
        .where(or(eq(questions.buyerId, user.id), eq(questions.sellerId, user.id)))
        .orderBy(asc(questionMessages.createdAt), asc(questionMessages.id));
      // Each conversation's messages, oldest first, as the user wrote or received them.
      const askers = new Map(conversations.map(({ question }) => [question.id, question.buyerId]));
      const messagesOf = new Map<string, AccountExport['questions'][number]['messages']>();
      for (const { message } of questionThread) {
        const messages = messagesOf.get(message.questionId) ?? [];
        messages.push({
          fromMe: (message.from === 'buyer') === (askers.get(message.questionId) === user.id),
          text: message.text,
          createdAt: message.createdAt.toISOString(),
        });
        messagesOf.set(message.questionId, messages);
      }
      const notices = await tx
        .select()
        .from(notifications)
        .where(eq(notifications.userId, user.id))
        .orderBy(asc(notifications.createdAt), asc(notifications.id));
      const watched = await tx
        .select({ watch: watches, productName: products.name })
        .from(watches)
        .innerJoin(products, eq(products.id, watches.productId))
        .where(eq(watches.userId, user.id))
        .orderBy(asc(watches.createdAt), asc(watches.id));
      const searches = await tx
        .select()
        .from(savedSearches)
        .where(eq(savedSearches.userId, user.id))
        .orderBy(asc(savedSearches.createdAt), asc(savedSearches.id));
      return {
        exportedAt: new Date().toISOString(),
        profile: {
          id: user.id,
          email: user.email,
          name: user.name,
          photoURL: user.image,
          phone: user.phone,
          role: user.role,
          sellerVerified: user.verified,
          emailVerified: user.emailVerifiedAt !== null,
          signsInWith: user.passwordHash ? 'password' : 'google',
          createdAt: user.createdAt.toISOString(),
          notifications: preferencesOf(user),
        },
        listings: listings.map((listing) => ({
          id: listing.id,
          name: listing.name,
          description: listing.description,
          price: inDollars(listing.resalePriceCents),
          originalPrice: inDollars(listing.originalPriceCents),
          condition: listing.condition,
          location: listing.location,
          phone: listing.phone,
          yearOfPurchase: listing.yearOfPurchase,
          photos: listing.photos,
          status: listing.status,
          advertised: listing.advertised,
          createdAt: listing.createdAt.toISOString(),
          deletedAt: iso(listing.deletedAt),
        })),
        bookings: ownBookings.map((booking) => ({
          ...dealOf(booking),
          phone: booking.phone,
          meetingLocation: booking.meetingLocation,
          note: booking.note,
        })),
        sales: sales.map(({ booking, buyerName }) => ({ ...dealOf(booking), buyerName })),
        messages: thread.map(({ message, buyerId }) => ({
          bookingId: message.bookingId,
          // An admin's word in a complaint's thread is neither side's.
          fromMe: message.from !== 'admin' && (message.from === 'buyer') === (buyerId === user.id),
          text: message.text,
          createdAt: message.createdAt.toISOString(),
        })),
        questions: conversations.map(({ question, productName }) => ({
          id: question.id,
          productId: question.productId,
          productName,
          asked: question.buyerId === user.id,
          messages: messagesOf.get(question.id) ?? [],
        })),
        notifications: notices.map((notice) => ({
          kind: notice.kind,
          bookingId: notice.bookingId,
          productId: notice.productId,
          read: notice.readAt !== null,
          createdAt: notice.createdAt.toISOString(),
        })),
        watchlist: watched.map(({ watch, productName }) => ({
          productId: watch.productId,
          productName,
          watchedAt: watch.createdAt.toISOString(),
        })),
        savedSearches: searches.map((search) => ({
          id: search.id,
          name: search.name,
          query: search.query,
          createdAt: search.createdAt.toISOString(),
        })),
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** What a booking and a sale both say about the deal. */
const dealOf = (booking: typeof bookings.$inferSelect) => ({
  id: booking.id,
  productId: booking.productId,
  productName: booking.productName,
  price: inDollars(booking.priceCents),
  status: booking.status,
  createdAt: booking.createdAt.toISOString(),
  paidAt: iso(booking.paidAt),
  completedAt: iso(booking.completedAt),
  cancelledAt: iso(booking.cancelledAt),
});
