import { z } from 'zod';
import { idSchema } from './common.ts';
import { bookingSideSchema, messageSchema } from './marketplace.ts';

/**
 * Asking before booking (DESIGN §17): a conversation of one asker (its buyer) and a listing's
 * seller, with no booking and no contact details, as one of the two reads it. Its text follows
 * the rules of a booking thread's message (`messageBodySchema`).
 */
const questionFields = {
  _id: idSchema,
  productId: idSchema,
  /** The listing as it is now. */
  productName: z.string(),
  productImg: z.string(),
  /** The reader's side: `buyer` asked, `seller` sells the listing. */
  side: bookingSideSchema,
  /** The other person's display name: never an email address or a phone number. */
  otherName: z.string(),
  /**
   * The asker's open booking of the listing (unpaid, paid or completed), whose thread carries the
   * conversation on from its first question; null while there is none.
   */
  bookingId: idSchema.nullable(),
};

export const questionSchema = z
  .object({
    ...questionFields,
    /** Oldest first; once `bookingId` is set, the booking's thread has them and goes on. */
    messages: z.array(messageSchema),
  })
  .meta({ id: 'Question' });
export type Question = z.infer<typeof questionSchema>;

/** A conversation in the reader's list, newest activity first. */
export const questionSummarySchema = z
  .object({
    ...questionFields,
    lastMessageAt: z.string(),
    /** Messages from the other side the reader has not read. */
    unreadMessages: z.number().int().min(0),
  })
  .meta({ id: 'QuestionSummary' });
export type QuestionSummary = z.infer<typeof questionSummarySchema>;

/**
 * What asking answers: the conversation the question went into, oldest first. That is the asker's
 * open booking's thread when there is one (`bookingId`), else the conversation before booking
 * (`questionId`). A booking's thread may carry on a conversation before booking, so both may be
 * set.
 */
export const questionAskedSchema = z
  .object({
    questionId: idSchema.nullable(),
    bookingId: idSchema.nullable(),
    productId: idSchema,
    productName: z.string(),
    messages: z.array(messageSchema),
  })
  .meta({ id: 'QuestionAsked' });
export type QuestionAsked = z.infer<typeof questionAskedSchema>;
