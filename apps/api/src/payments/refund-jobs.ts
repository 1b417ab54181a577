import { eq } from 'drizzle-orm';
import { sendRefundOwed } from '../bookings/lifecycle.ts';
import type { Database } from '../db/client.ts';
import { bookings } from '../db/schema.ts';
import type { JobQueue } from '../jobs/queue.ts';
import type { PaymentProvider } from './provider.ts';

/**
 * Refunds owed by bookings that ended with an account (a user deleting theirs, an admin
 * deleting one): queued in the deletion's transaction, one job per booking with a payment, and
 * sent by this worker, so a deletion never waits for the provider and a refund the provider
 * refuses is tried again until it goes through.
 */
const REFUND_WORKERS = 1;

export function startRefunds(app: {
  db: Database;
  payments: PaymentProvider;
  jobs: JobQueue;
}): void {
  app.jobs.work('refund', REFUND_WORKERS, async (job) => {
    const [booking] = await app.db
      .select()
      .from(bookings)
      .where(eq(bookings.id, job.data.bookingId));
    if (booking) await sendRefundOwed(app.db, app.payments, booking);
  });
}
