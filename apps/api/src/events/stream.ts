import type { ServerResponse } from 'node:http';
import {
  isAfter,
  formatPosition,
  type LiveEvent,
  type LiveEventHub,
  type Position,
} from './hub.ts';

/**
 * Unsent bytes a stream may hold: a client that stops reading is cut off, to reconnect with
 * `Last-Event-ID` and miss nothing, instead of the instance keeping its backlog in memory.
 */
const MAX_UNSENT_BYTES = 1024 * 1024;

/** How long a client waits before reconnecting a stream that ended. */
const RETRY_MS = 2_000;

export interface StreamFor {
  userId: string;
  sessionId: string;
  /** The `Last-Event-ID` the client reconnected with: the stream starts after it. */
  after: Position | undefined;
}

/**
 * Writes `who`'s live events to `response` as server-sent events until either side ends it.
 * With `after`, the events the client missed come first; live ones that arrive meanwhile wait,
 * and nothing is sent twice or out of order (positions only go up).
 */
export async function streamLiveEvents(
  hub: LiveEventHub,
  response: ServerResponse,
  who: StreamFor,
): Promise<void> {
  let sentUpTo = who.after;
  let waiting: LiveEvent[] | undefined = who.after ? [] : undefined;
  const write = (event: LiveEvent) => {
    if (sentUpTo && !isAfter(event.position, sentUpTo)) return;
    sentUpTo = event.position;
    response.write(
      `id: ${formatPosition(event.position)}\nevent: ${event.type}\ndata: ${event.data}\n\n`,
    );
    if (response.writableLength > MAX_UNSENT_BYTES) end();
  };
  const unsubscribe = hub.subscribe({
    userId: who.userId,
    sessionId: who.sessionId,
    send: (event) => (waiting ? waiting.push(event) : write(event)),
    heartbeat: () => response.write(': heartbeat\n\n'),
    end,
  });
  function end() {
    unsubscribe();
    response.end();
  }
  response.on('close', unsubscribe);
  response.write(`retry: ${RETRY_MS}\n\n`);
  if (!who.after) return;
  try {
    for (const event of await hub.missedEvents(who.userId, who.after)) write(event);
    for (const event of waiting ?? []) write(event);
    waiting = undefined;
  } catch {
    // The client reconnects from what it has, and reads what it missed then.
    end();
  }
}
