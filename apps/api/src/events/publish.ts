import { sql } from 'drizzle-orm';
import type { LiveEventData, LiveEventType, Message } from '@reloop/shared';
import { afterCommit } from '../db/after-commit.ts';
import type { Database } from '../db/client.ts';
import { liveEvents } from '../db/schema.ts';

/** The channel on which instances tell each other that live events were committed. */
export const LIVE_EVENTS_CHANNEL = 'reloop_live_events';

/** An event for one user, of one of the types `GET /api/events` streams. */
export type NewLiveEvent = {
  [Type in LiveEventType]: { userId: string; type: Type; data: LiveEventData[Type] };
}[LiveEventType];

/**
 * Writes live events in `tx`, the transaction of what happened, and, once it commits, tells
 * every instance to read them (DESIGN §17). The NOTIFY goes after the commit, never inside: a
 * transaction that sends one holds a database-wide lock through its commit, which halved the
 * rate of bookings when their jobs did so (decision 018).
 */
export async function publish(tx: Database, events: readonly NewLiveEvent[]): Promise<void> {
  if (events.length === 0) return;
  await tx.insert(liveEvents).values([...events]);
  liveEventsWritten();
}

/**
 * A message in a conversation (a booking's thread, or one before booking), to both of its
 * people: the writer's other tabs see it too.
 */
export const publishMessage = (
  tx: Database,
  people: { buyerId: string; sellerId: string },
  conversation: Omit<LiveEventData['message'], 'message'>,
  message: Message,
): Promise<void> =>
  publish(
    tx,
    [people.buyerId, people.sellerId].map((userId) => ({
      userId,
      type: 'message' as const,
      data: { ...conversation, message },
    })),
  );

/** For a statement that wrote live events itself: every instance reads them after the commit. */
export const liveEventsWritten = (): void => afterCommit(announce);

/** Per database: whether a NOTIFY is on its way, and whether another commit came meanwhile. */
const announcing = new WeakMap<Database, { again: boolean }>();

/**
 * One NOTIFY at a time per process, and one more if events were committed while it was on its
 * way: a burst of commits costs two, not one each. A NOTIFY that fails loses nothing: the
 * events are in the table, and every instance reads it again within seconds (events/hub.ts).
 */
function announce(db: Database): void {
  const pending = announcing.get(db);
  if (pending) {
    pending.again = true;
    return;
  }
  const state = { again: false };
  announcing.set(db, state);
  void (async () => {
    try {
      do {
        state.again = false;
        await db.execute(sql`select pg_notify(${LIVE_EVENTS_CHANNEL}, '')`);
      } while (state.again);
    } catch (error) {
      console.warn(`live events not announced: ${(error as Error).message}`);
    } finally {
      announcing.delete(db);
    }
  })();
}
