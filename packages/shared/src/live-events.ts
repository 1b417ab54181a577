import { z } from 'zod';
import { idSchema } from './common.ts';
import { messageSchema, notificationKindSchema } from './marketplace.ts';

/**
 * What `GET /api/events` streams to a signed-in user (DESIGN §17), each as a server-sent event
 * of this type whose data is the JSON below.
 */
export const liveEventTypeSchema = z.enum(['message', 'notification', 'booking']);
export type LiveEventType = z.infer<typeof liveEventTypeSchema>;

/**
 * A message in a conversation the user is a side of (their own too, for their other tabs): a
 * booking's thread (`bookingId`), or a conversation before booking (`questionId`, `bookingId`
 * null).
 */
export const messageEventSchema = z.object({
  bookingId: idSchema.nullable(),
  questionId: idSchema.optional(),
  message: messageSchema,
});

/** A new notification: the bell has changed. */
export const notificationEventSchema = z.object({
  _id: idSchema,
  kind: notificationKindSchema,
  bookingId: idSchema.nullable(),
});

/** A booking of the user's changed (booked, paid, handed over, …): its lists have changed. */
export const bookingEventSchema = z.object({ bookingId: idSchema, kind: notificationKindSchema });

export interface LiveEventData {
  message: z.infer<typeof messageEventSchema>;
  notification: z.infer<typeof notificationEventSchema>;
  booking: z.infer<typeof bookingEventSchema>;
}
