import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  MAX_THREAD_MESSAGES,
  messages,
  type BookingSide,
  type Message,
  type Pagination,
  type Question,
  type QuestionAsked,
  type QuestionSummary,
} from '@reloop/shared';
import { postMessage, readThread, toMessageJson } from '../bookings/threads.ts';
import { markQuestionNoticeRead, notify } from '../bookings/notifications.ts';
import type { Database } from '../db/client.ts';
import { isoTime, jsonObject } from '../db/json.ts';
import { preparedPerDatabase, preparedSql } from '../db/prepared.ts';
import { bookings, products, questionMessages, questions, users } from '../db/schema.ts';
import { publishMessage } from '../events/publish.ts';
import { HttpError } from '../http-errors.ts';
import type { UserRow } from '../identity/accounts.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { keysetStatements, readPage, type JsonRow, type PageLimit } from '../pagination.ts';
import { listingExists } from '../products/products.ts';

/**
 * Asking before booking (DESIGN §17, decision 022): a buyer asks a listing's seller without
 * booking, in one conversation per listing and asker, which only the two of them read and write,
 * capped as a booking's thread is. Nothing in it carries an email address or a phone number. Once
 * the asker books the listing, the booking's thread starts with the conversation
 * (bookings/bookings.ts) and goes on there: asking then writes into that thread instead.
 */

type QuestionRow = typeof questions.$inferSelect;

/**
 * The asker's open booking of the question's listing (the one not cancelled nor closed, as the
 * bookings' unique index keeps one at most), whose thread carries the conversation on.
 */
const openBookingId = sql<string | null>`(select ${bookings.id} from ${bookings}
  where ${bookings.productId} = ${questions.productId} and ${bookings.buyerId} = ${questions.buyerId}
    and ${bookings.status} not in ('cancelled', 'closed'))`;

const readMarkOf = (side: BookingSide) =>
  side === 'buyer' ? questions.buyerReadAt : questions.sellerReadAt;

/** The other side's messages after `side`'s read mark. */
const unreadMessagesOf = (side: BookingSide) =>
  sql<number>`(select count(*)::int from ${questionMessages}
    where ${questionMessages.questionId} = ${questions.id}
      and ${questionMessages.from} <> ${sql.raw(`'${side}'`)}
      and ${questionMessages.createdAt} > coalesce(${readMarkOf(side)}, '-infinity'))`;

const otherPerson = alias(users, 'other_person');

/** A listed conversation: its id (the page's cursor) and its JSON. */
type SummaryRow = JsonRow<QuestionSummary> & Record<string, unknown>;

/** A conversation in `side`'s list, written by PostgreSQL (db/json.ts). */
const summaryJson = (side: BookingSide) =>
  jsonObject<QuestionSummary>('question', {
    _id: questions.id,
    productId: questions.productId,
    productName: products.name,
    productImg: products.image,
    side: sql.raw(`'${side}'::text`),
    otherName: otherPerson.name,
    bookingId: openBookingId,
    lastMessageAt: isoTime(questions.lastMessageAt),
    unreadMessages: unreadMessagesOf(side),
  });

/**
 * A user's conversations, newest activity first: those they asked and those about their
 * listings, each an index range of its own ((buyer_id | seller_id, last_message_at, id)) read up
 * to a page and merged. A conversation that moves up while the user pages may show twice or be
 * passed over; the next visit has it in place.
 */
const questionList = preparedPerDatabase((db) =>
  keysetStatements<SummaryRow>(
    'questions_of_user',
    questions,
    { createdAt: questions.lastMessageAt, id: questions.id },
    (position, limit) => {
      const statement = sql`(${sideOfList(db, 'buyer', position, limit)})
        union all (${sideOfList(db, 'seller', position, limit)})
        order by last_message_at desc, id desc limit ${limit}`;
      return {
        prepare: (name: string) => ({ execute: preparedSql<SummaryRow>(db, name, statement) }),
      };
    },
  ),
);

function sideOfList(db: Database, side: BookingSide, position: SQL, limit: PageLimit) {
  const json = summaryJson(side);
  const [mine, theirs] =
    side === 'buyer'
      ? [questions.buyerId, questions.sellerId]
      : [questions.sellerId, questions.buyerId];
  return (
    db
      // Named as the union's rows are read: id, last_message_at, json.
      .select({
        id: questions.id,
        lastMessageAt: questions.lastMessageAt,
        json: json.text.as('json'),
      })
      .from(questions)
      .innerJoin(products, eq(products.id, questions.productId))
      .innerJoin(otherPerson, eq(otherPerson.id, theirs))
      .crossJoinLateral(json.lateral)
      .where(and(eq(mine, sql.placeholder('userId')), position))
      .orderBy(desc(questions.lastMessageAt), desc(questions.id))
      .limit(limit)
  );
}

export const listQuestions = (db: Database, userId: string, page: Pagination) =>
  readPage(questionList(db), { userId }, page);

/** The reader's side of a conversation; 403 for anyone but its two people. */
function sideOf(question: Pick<QuestionRow, 'buyerId' | 'sellerId'>, user: UserRow): BookingSide {
  if (question.buyerId === user.id) return 'buyer';
  if (question.sellerId === user.id) return 'seller';
  throw new HttpError(403, messages.forbidden);
}

const messagesOf = async (db: Database, questionId: string): Promise<Message[]> =>
  (
    await db
      .select()
      .from(questionMessages)
      .where(eq(questionMessages.questionId, questionId))
      .orderBy(asc(questionMessages.createdAt), asc(questionMessages.id))
      .limit(MAX_THREAD_MESSAGES)
  ).map(toMessageJson);

/**
 * Moves `side`'s read mark up to a message's time (the database's own, as read-marks.ts says),
 * never back; once it moves, the reader's question notice is read too.
 */
async function haveRead(
  db: Database,
  question: QuestionRow,
  side: BookingSide,
  userId: string,
  messageId: string,
): Promise<void> {
  const mark = readMarkOf(side);
  const messageTime = sql`(select ${questionMessages.createdAt} from ${questionMessages} where ${questionMessages.id} = ${messageId})`;
  const moved = await db
    .update(questions)
    .set(side === 'buyer' ? { buyerReadAt: messageTime } : { sellerReadAt: messageTime })
    .where(and(eq(questions.id, question.id), sql`coalesce(${mark}, '-infinity') < ${messageTime}`))
    .returning({ id: questions.id });
  if (moved.length > 0) await markQuestionNoticeRead(db, userId, question.id);
}

/** The conversation, oldest first, for one of its two people; reading it marks it read. */
export async function readQuestion(
  db: Database,
  user: UserRow,
  questionId: string,
): Promise<Question> {
  const buyer = alias(users, 'buyer');
  const seller = alias(users, 'seller');
  const [row] = await db
    .select({
      question: questions,
      productName: products.name,
      productImg: products.image,
      buyerName: buyer.name,
      sellerName: seller.name,
      bookingId: openBookingId,
    })
    .from(questions)
    .innerJoin(products, eq(products.id, questions.productId))
    .innerJoin(buyer, eq(buyer.id, questions.buyerId))
    .innerJoin(seller, eq(seller.id, questions.sellerId))
    .where(eq(questions.id, questionId));
  if (!row) throw new HttpError(404, messages.questionNotFound);
  const side = sideOf(row.question, user);
  const thread = await messagesOf(db, questionId);
  const last = thread.at(-1);
  // Up to the last message read, not now(): one sent meanwhile stays unread.
  if (last) await haveRead(db, row.question, side, user.id, last._id);
  return {
    _id: questionId,
    productId: row.question.productId,
    productName: row.productName,
    productImg: row.productImg,
    side,
    otherName: side === 'buyer' ? row.sellerName : row.buyerName,
    bookingId: row.bookingId,
    messages: thread,
  };
}

/**
 * Adds a message to a locked conversation in `tx`: within the cap, read by its writer up to it,
 * its time the conversation's latest, streamed to both people as it commits, and a notice to the
 * other one.
 */
async function appendQuestionMessage(
  tx: Database,
  jobs: JobQueue,
  question: QuestionRow,
  from: BookingSide,
  text: string,
): Promise<Message> {
  const [conversation] = await tx
    .select({ length: sql<number>`count(*)::int` })
    .from(questionMessages)
    .where(eq(questionMessages.questionId, question.id));
  if ((conversation?.length ?? 0) >= MAX_THREAD_MESSAGES) {
    throw new HttpError(409, messages.threadFull);
  }
  const [created] = await tx
    .insert(questionMessages)
    .values({ questionId: question.id, from, text })
    .returning();
  if (!created) throw new Error('insert returned no row');
  // now() is the transaction's time, which the message's created_at is too.
  await tx
    .update(questions)
    .set({
      lastMessageAt: sql`now()`,
      ...(from === 'buyer' ? { buyerReadAt: sql`now()` } : { sellerReadAt: sql`now()` }),
    })
    .where(eq(questions.id, question.id));
  const message = toMessageJson(created);
  await publishMessage(tx, question, { bookingId: null, questionId: question.id }, message);
  const recipient = from === 'buyer' ? question.sellerId : question.buyerId;
  await notify(
    tx,
    jobs,
    { userId: recipient },
    { productId: question.productId, questionId: question.id },
    'question',
  );
  return message;
}

const lockQuestion = async (tx: Database, where: SQL): Promise<QuestionRow | undefined> =>
  (await tx.select().from(questions).where(where).for('update'))[0];

/**
 * Asks a listing's seller `text`: into the asker's open booking's thread when there is one, or
 * else into their conversation before booking with the seller, which the first question opens.
 * 404 for a listing that is gone, 403 for one's own, 409 once it is sold.
 */
export async function askQuestion(
  db: Database,
  jobs: JobQueue,
  user: UserRow,
  productId: string,
  text: string,
): Promise<QuestionAsked> {
  const [product] = await db
    .select({ sellerId: products.sellerId, status: products.status, name: products.name })
    .from(products)
    .where(and(listingExists, eq(products.id, productId)));
  if (!product) throw new HttpError(404, messages.productNotFound);
  if (product.sellerId === user.id) throw new HttpError(403, messages.ownListingQuestion);
  const bookingId = await openBookingOf(db, productId, user.id);
  const asked = { productId, productName: product.name };
  if (bookingId) {
    await postMessage(db, jobs, user, bookingId, text);
    const [earlier] = await db
      .select({ id: questions.id })
      .from(questions)
      .where(askedBy(productId, user.id));
    return {
      ...asked,
      questionId: earlier?.id ?? null,
      bookingId,
      messages: await readThread(db, user, bookingId),
    };
  }
  if (product.status !== 'unsold') throw new HttpError(409, messages.productSold);
  const questionId = await db.transaction(async (tx) => {
    await tx
      .insert(questions)
      .values({
        productId,
        buyerId: user.id,
        sellerId: product.sellerId,
        lastMessageAt: sql`now()`,
      })
      .onConflictDoNothing();
    const question = await lockQuestion(tx, askedBy(productId, user.id));
    if (!question) throw new Error(`question about ${productId} vanished`);
    await appendQuestionMessage(tx, jobs, question, 'buyer', text);
    return question.id;
  });
  return { ...asked, questionId, bookingId: null, messages: await messagesOf(db, questionId) };
}

const askedBy = (productId: string, buyerId: string) =>
  sql`${questions.productId} = ${productId} and ${questions.buyerId} = ${buyerId}`;

/** The buyer's open booking of a listing: not cancelled nor closed, one at most. */
async function openBookingOf(
  db: Database,
  productId: string,
  buyerId: string,
): Promise<string | null> {
  const [booking] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(
      and(
        eq(bookings.productId, productId),
        eq(bookings.buyerId, buyerId),
        sql`${bookings.status} not in ('cancelled', 'closed')`,
      ),
    );
  return booking?.id ?? null;
}

/**
 * Writes in a conversation before booking, either of its two people: 409 once it goes on in a
 * booking's thread, or once its listing is sold or gone.
 */
export async function postQuestionMessage(
  db: Database,
  jobs: JobQueue,
  user: UserRow,
  questionId: string,
  text: string,
): Promise<Message> {
  return db.transaction(async (tx) => {
    // Locked first, so the cap, the checks and the insert are one step.
    const question = await lockQuestion(tx, eq(questions.id, questionId));
    if (!question) throw new HttpError(404, messages.questionNotFound);
    const from = sideOf(question, user);
    if (await openBookingOf(tx, question.productId, question.buyerId)) {
      throw new HttpError(409, messages.questionInBooking);
    }
    const [product] = await tx
      .select({ status: products.status })
      .from(products)
      .where(and(listingExists, eq(products.id, question.productId)));
    if (product?.status !== 'unsold') throw new HttpError(409, messages.questionClosed);
    return appendQuestionMessage(tx, jobs, question, from, text);
  });
}
