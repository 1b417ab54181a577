import type { FastifyBaseLogger } from 'fastify';
import { and, eq, gt, inArray, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { bookings, payments } from '../db/schema.ts';
import { HttpError } from '../http-errors.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { completeOrder } from './orders.ts';
import type { PaymentProvider } from './provider.ts';
import { refundPayment, sendClaimedRefund } from './refunds.ts';

/**
 * What a crash, a restart or a closed tab can leave half done, settled at start-up: a payment
 * the provider took with no order recorded (recorded now, or refunded if the product is gone),
 * a refund claimed but never confirmed (sent again with the same idempotency key, so the
 * provider returns the first refund), and a refund the provider refused when it was decided.
 * The webhook does the same for Stripe as events arrive.
 */
export interface Settlement {
  recorded: number;
  refunded: number;
  failed: number;
}

/** Payments older than this were abandoned; checking each with the provider costs a call. */
const UNPAID_LOOKBACK = '30 days';
/** One instance settles at a time (transaction-scoped, so a crash releases it). */
const SETTLEMENT_LOCK = 0x5e771e;

export async function settleInterruptedPayments(
  db: Database,
  provider: PaymentProvider,
  jobs: JobQueue,
  log: Pick<FastifyBaseLogger, 'info' | 'error'>,
): Promise<Settlement> {
  const settlement: Settlement = { recorded: 0, refunded: 0, failed: 0 };
  await db.transaction(async (tx) => {
    const [lock] = await tx
      .execute<{ locked: boolean }>(
        sql`select pg_try_advisory_xact_lock(${SETTLEMENT_LOCK}) as locked`,
      )
      .then((result) => result.rows);
    if (!lock?.locked) return;
    const pending = await db
      .select({ payment: payments, booking: bookings })
      .from(payments)
      .innerJoin(bookings, eq(bookings.id, payments.bookingId))
      .where(
        or(
          eq(payments.status, 'refunding'),
          // A refund decided (a paid booking cancelled, a complaint resolved) while the provider
          // could not send it.
          and(eq(payments.status, 'succeeded'), inArray(bookings.funds, ['refunded', 'split'])),
          and(
            eq(payments.status, 'requires_payment'),
            gt(payments.createdAt, sql`now() - ${UNPAID_LOOKBACK}::interval`),
          ),
        ),
      );
    for (const { payment, booking } of pending) {
      try {
        if (payment.status === 'refunding') {
          await sendClaimedRefund(db, provider, payment);
          settlement.refunded += 1;
          continue;
        }
        if (payment.status === 'succeeded') {
          await refundPayment(db, provider, booking.id, 'succeeded');
          settlement.refunded += 1;
          continue;
        }
        const intent = await provider.retrieveIntent(payment.intentId);
        if (intent?.status !== 'succeeded') continue;
        await completeOrder(db, provider, jobs, booking, intent.id, intent);
        settlement.recorded += 1;
      } catch (error) {
        // A 409 from completeOrder means the payment could not buy the product and was refunded.
        if (error instanceof HttpError && error.details.refundId) {
          settlement.refunded += 1;
          continue;
        }
        settlement.failed += 1;
        log.error({ err: error, bookingId: booking.id }, 'could not settle a payment');
      }
    }
  });
  if (settlement.recorded + settlement.refunded + settlement.failed > 0) {
    log.info(settlement, 'settled interrupted payments');
  }
  return settlement;
}
