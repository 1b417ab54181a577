import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { notifications, products, questionMessages, questions, users } from '../db/schema.ts';
import { excerpt, MESSAGE_EMAIL_GAP, noticeDraft, type Draft, type Resolved } from './drafts.ts';

/**
 * The email of a question or an answer before booking (DESIGN §17), under the messages
 * preference, as a booking thread's message is: not sent once the conversation was read, nor
 * within MESSAGE_EMAIL_GAP of the conversation's last one to the same person.
 */
export async function questionNotice(
  context: Resolved,
  notificationId: string,
): Promise<Draft | undefined> {
  const sender = alias(users, 'sender');
  const recipientSide = sql`case ${notifications.userId} when ${questions.buyerId} then 'buyer' else 'seller' end`;
  const [row] = await context.db
    .select({
      userId: users.id,
      email: users.email,
      reachable: sql<boolean>`${users.deletedAt} is null and ${users.emailVerifiedAt} is not null`,
      wanted: users.notifyMessages,
      readAt: notifications.readAt,
      questionId: questions.id,
      asked: sql<boolean>`${notifications.userId} = ${questions.sellerId}`,
      productName: products.name,
      senderName: sender.name,
      lastMessage: sql<string | null>`(select ${questionMessages.text} from ${questionMessages}
        where ${questionMessages.questionId} = ${questions.id} and ${questionMessages.from} <> ${recipientSide}
        order by ${questionMessages.createdAt} desc limit 1)`,
      emailedLately: sql<boolean>`exists (select from ${notifications} earlier
        where earlier.user_id = ${notifications.userId} and earlier.question_id = ${notifications.questionId}
          and earlier.id <> ${notifications.id}
          and earlier.created_at between ${notifications.createdAt} - ${MESSAGE_EMAIL_GAP}::interval and ${notifications.createdAt})`,
    })
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.userId))
    .innerJoin(questions, eq(questions.id, notifications.questionId))
    .innerJoin(products, eq(products.id, questions.productId))
    .innerJoin(
      sender,
      sql`${sender.id} = case ${notifications.userId} when ${questions.buyerId} then ${questions.sellerId} else ${questions.buyerId} end`,
    )
    .where(eq(notifications.id, notificationId));
  if (!row?.reachable || !row.wanted || row.readAt || row.emailedLately) return undefined;
  const product = row.productName;
  const other = row.senderName || (row.asked ? 'A buyer' : 'The seller');
  return noticeDraft(context, row, 'messages', {
    subject: row.asked ? `A question about ${product}` : `An answer about ${product}`,
    paragraphs: [
      row.asked ? `${other} asked about ${product}:` : `${other} wrote about ${product}:`,
      `“${excerpt(row.lastMessage ?? '')}”`,
    ],
    action: 'Read and reply',
    url: `${context.baseUrl}/dashboard/questions/${row.questionId}`,
  });
}
