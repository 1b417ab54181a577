import pg from 'pg';
import type { LiveEventType } from '@reloop/shared';
import type { JobLog } from '../jobs/queue.ts';
import { LIVE_EVENTS_CHANNEL } from './publish.ts';

/**
 * Where a stream is in the events: (transaction id, event id). An event is read only once
 * every transaction of this database older than its own has ended ("settled"), so every event
 * that settles later has a higher position than any read before it, and a stream that sent up
 * to a position has missed nothing below it. Written on the wire as the event's id,
 * `<transaction>-<id>`.
 */
export interface Position {
  transaction: bigint;
  id: bigint;
}

const POSITION = /^(\d{1,20})-(\d{1,19})$/;

export const formatPosition = (position: Position): string =>
  `${position.transaction}-${position.id}`;

/** The position a `Last-Event-ID` names, or undefined for text that is not one. */
export function parsePosition(text: string): Position | undefined {
  const match = POSITION.exec(text);
  return match?.[1] && match[2]
    ? { transaction: BigInt(match[1]), id: BigInt(match[2]) }
    : undefined;
}

export const isAfter = (a: Position, b: Position): boolean =>
  a.transaction > b.transaction || (a.transaction === b.transaction && a.id > b.id);

const START: Position = { transaction: 0n, id: 0n };

export interface LiveEvent {
  position: Position;
  userId: string;
  type: LiveEventType;
  /** The event's JSON as the database wrote it. */
  data: string;
}

/** One open stream: whom it is for, and where its events go. */
export interface Subscriber {
  userId: string;
  sessionId: string;
  send(event: LiveEvent): void;
  /** A comment line that keeps an idle stream open through proxies. */
  heartbeat(): void;
  /** The session ended (signed out, account deleted) or the instance is closing. */
  end(): void;
}

export interface LiveEventHubOptions {
  /** How often streams get a heartbeat and their sessions are checked again. */
  heartbeatMs: number;
}

/** Rows read per query; a longer backlog is read in several. */
const PAGE = 500;
/**
 * How soon to look again when committed events wait behind a transaction still open: at once
 * for the usual one of a few milliseconds, less and less often for a long one.
 */
const SETTLE_RETRY_MS = { first: 5, most: 200 };
/** How often to read without a NOTIFY: one lost with its sender still reaches its streams. */
const SWEEP_MS = 2_000;
/** How long to wait before listening again after the connection was lost. */
const RECONNECT_MS = 1_000;

/**
 * The lowest transaction id that may still write live events: the oldest transaction running in
 * this database, or the next id to be given out. Transaction ids are the server's, not the
 * database's, so the server-wide oldest (`pg_snapshot_xmin`) would hold events back behind any
 * long transaction of any database on it (creating a database, a bulk load). It is read before
 * the events, in a statement of its own: a transaction running then is below it or not yet
 * given an id, and one given its id later is above it.
 */
const SETTLED_BELOW = `select least(pg_snapshot_xmax(now.snapshot), (
    select min(running) from pg_snapshot_xip(now.snapshot) running
    where running::text::numeric % 4294967296 in (
      select backend_xid::text::numeric from pg_stat_activity
      where datname = current_database() and backend_xid is not null)
  ))::text as bound
  from (select pg_current_snapshot() as snapshot) now`;

/** Ordered by the table's columns: `id` alone would be the text written out. `$1`: the bound. */
const SELECT_EVENTS = `select transaction_id::text as transaction, id::text as id, user_id, type,
    data::text as data, transaction_id < $1::xid8 as settled
  from live_events`;

interface EventRow {
  transaction: string;
  id: string;
  user_id: string;
  type: LiveEventType;
  data: string;
  settled: boolean;
}

const toEvent = (row: EventRow): LiveEvent => ({
  position: { transaction: BigInt(row.transaction), id: BigInt(row.id) },
  userId: row.user_id,
  type: row.type,
  data: row.data,
});

/** The leading settled rows of a page read in position order: what may be sent now. */
function settledEvents(rows: EventRow[]): { events: LiveEvent[]; waiting: boolean } {
  const firstUnsettled = rows.findIndex((row) => !row.settled);
  const settled = firstUnsettled === -1 ? rows : rows.slice(0, firstUnsettled);
  return { events: settled.map(toEvent), waiting: firstUnsettled !== -1 };
}

/**
 * The live events of this instance's open streams (DESIGN §17). One connection, opened with the
 * first stream, LISTENs for the NOTIFY that follows each commit with events, from any instance;
 * on it the hub reads what is new for anyone and hands each event to its user's streams here. The table, not the NOTIFY,
 * is the truth: a reconnecting stream reads what it missed from it, and the hub reads it again
 * every few seconds, so a NOTIFY lost (its sender died after the commit, the connection
 * dropped) delays events but never loses them.
 */
export class LiveEventHub {
  readonly #url: string;
  readonly #log: JobLog;
  readonly #options: LiveEventHubOptions;
  readonly #streams = new Map<string, Set<Subscriber>>();
  #cursor: Position = START;
  #listener: pg.Client | undefined;
  #listening: Promise<void> | undefined;
  #reading: Promise<void> | undefined;
  #readAgain = false;
  #timers: NodeJS.Timeout[] = [];
  #retry: NodeJS.Timeout | undefined;
  #retryMs = SETTLE_RETRY_MS.first;
  #stopped = false;
  #closing = false;

  constructor(url: string, log: JobLog, options: LiveEventHubOptions) {
    this.#url = url;
    this.#log = log;
    this.#options = options;
  }

  /**
   * Resolves once this instance listens, from the newest settled event on, with its streams
   * kept alive and checked. The first stream starts it: an instance nobody streams from holds no
   * connection for it. A failed start is tried again by the next stream.
   */
  listening(): Promise<void> {
    this.#listening ??= this.#start().catch((error: unknown) => {
      this.#listening = undefined;
      throw error;
    });
    return this.#listening;
  }

  async #start(): Promise<void> {
    await this.#listen();
    const bound = await this.#settledBelow();
    const { rows } = await this.#query<EventRow>(
      `${SELECT_EVENTS} where transaction_id < $1::xid8
        order by live_events.transaction_id desc, live_events.id desc limit 1`,
      [bound],
    );
    if (rows[0]) this.#cursor = toEvent(rows[0]).position;
    this.#timers = [
      setInterval(() => this.#readSoon(), SWEEP_MS),
      setInterval(() => void this.#heartbeat(), this.#options.heartbeatMs),
    ];
  }

  /**
   * A query on the listening connection, the hub's only one: its reads go one after another,
   * which they would anyway, and an instance costs the database one connection for its streams.
   */
  #query<Row extends pg.QueryResultRow>(text: string, values?: unknown[]) {
    if (!this.#listener) throw new Error('live events connection is down');
    return this.#listener.query<Row>(text, values);
  }

  /** From now on, `subscriber` gets its user's events as they settle. */
  subscribe(subscriber: Subscriber): () => void {
    if (this.#closing) {
      subscriber.end();
      return () => undefined;
    }
    let streams = this.#streams.get(subscriber.userId);
    if (!streams) {
      streams = new Set();
      this.#streams.set(subscriber.userId, streams);
    }
    streams.add(subscriber);
    return () => {
      streams.delete(subscriber);
      if (streams.size === 0 && this.#streams.get(subscriber.userId) === streams) {
        this.#streams.delete(subscriber.userId);
      }
    };
  }

  /**
   * `userId`'s settled events after `after`, in order: what a stream that reconnects with
   * `Last-Event-ID` missed. Events still waiting to settle arrive live.
   */
  async missedEvents(userId: string, after: Position): Promise<LiveEvent[]> {
    const missed: LiveEvent[] = [];
    for (let from = after; ;) {
      const bound = await this.#settledBelow();
      const { rows } = await this.#query<EventRow>(
        `${SELECT_EVENTS} where user_id = $2 and (transaction_id, id) > ($3::xid8, $4::bigint)
          order by live_events.transaction_id, live_events.id limit ${PAGE}`,
        [bound, userId, from.transaction.toString(), from.id.toString()],
      );
      const { events, waiting } = settledEvents(rows);
      missed.push(...events);
      const last = events.at(-1);
      if (waiting || rows.length < PAGE || !last) return missed;
      from = last.position;
    }
  }

  /** How many streams this instance holds open now (the metrics endpoint reports it). */
  get openStreams(): number {
    let open = 0;
    for (const streams of this.#streams.values()) open += streams.size;
    return open;
  }

  /** Ends every open stream, and every stream opened from now on. */
  endStreams(): void {
    this.#closing = true;
    for (const streams of [...this.#streams.values()]) {
      for (const stream of [...streams]) stream.end();
    }
  }

  async stop(): Promise<void> {
    this.endStreams();
    this.#stopped = true;
    for (const timer of this.#timers) clearInterval(timer);
    clearTimeout(this.#retry);
    await this.#reading;
    await this.#listener?.end().catch(() => undefined);
  }

  async #settledBelow(): Promise<string> {
    const { rows } = await this.#query<{ bound: string }>(SETTLED_BELOW);
    const bound = rows[0]?.bound;
    if (!bound) throw new Error('no transaction bound read');
    return bound;
  }

  async #listen(): Promise<void> {
    const client = new pg.Client({
      connectionString: this.#url,
      application_name: 'reloop-events',
    });
    client.on('notification', () => this.#readSoon());
    // A lost connection (a database restart, a network cut) is made again, and the events
    // committed meanwhile are read at once.
    client.on('error', (error) => this.#log.warn({ err: error }, 'live events listener lost'));
    client.on('end', () => {
      if (this.#stopped || this.#listener !== client) return;
      this.#listener = undefined;
      setTimeout(() => void this.#relisten(), RECONNECT_MS);
    });
    await client.connect();
    await client.query(`listen ${LIVE_EVENTS_CHANNEL}`);
    this.#listener = client;
  }

  async #relisten(): Promise<void> {
    if (this.#stopped) return;
    try {
      await this.#listen();
      this.#readSoon();
    } catch (error) {
      this.#log.warn({ err: error }, 'live events listener not back yet');
      setTimeout(() => void this.#relisten(), RECONNECT_MS);
    }
  }

  /** Reads now, or once more after the read under way: never two at once. */
  #readSoon(): void {
    if (this.#stopped) return;
    if (this.#reading) {
      this.#readAgain = true;
      return;
    }
    this.#reading = this.#readNew()
      .catch((error: unknown) => this.#log.warn({ err: error }, 'reading live events failed'))
      .finally(() => {
        this.#reading = undefined;
        if (this.#readAgain) {
          this.#readAgain = false;
          this.#readSoon();
        }
      });
  }

  /** Hands every event settled since the cursor to its streams here, in order. */
  async #readNew(): Promise<void> {
    for (;;) {
      const bound = await this.#settledBelow();
      const { rows } = await this.#query<EventRow>(
        `${SELECT_EVENTS} where (transaction_id, id) > ($2::xid8, $3::bigint)
          order by live_events.transaction_id, live_events.id limit ${PAGE}`,
        [bound, this.#cursor.transaction.toString(), this.#cursor.id.toString()],
      );
      const { events, waiting } = settledEvents(rows);
      for (const event of events) {
        this.#cursor = event.position;
        for (const stream of this.#streams.get(event.userId) ?? []) stream.send(event);
      }
      if (waiting) {
        // Committed, but behind a transaction still open: look again in a moment.
        clearTimeout(this.#retry);
        this.#retry = setTimeout(() => this.#readSoon(), this.#retryMs);
        this.#retryMs = Math.min(2 * this.#retryMs, SETTLE_RETRY_MS.most);
        return;
      }
      this.#retryMs = SETTLE_RETRY_MS.first;
      if (rows.length < PAGE) return;
    }
  }

  /**
   * Keeps idle streams open through proxies, and ends the streams whose session has ended
   * (signed out, signed out everywhere, the account deleted): one query for all of them.
   */
  async #heartbeat(): Promise<void> {
    const subscribers = [...this.#streams.values()].flatMap((streams) => [...streams]);
    if (subscribers.length === 0) return;
    let live: Set<string> | undefined;
    try {
      const { rows } = await this.#query<{ id: string }>(
        `select sessions.id from sessions join users on users.id = sessions.user_id
          where sessions.id = any($1::uuid[]) and sessions.revoked_at is null
            and users.deleted_at is null`,
        [[...new Set(subscribers.map((stream) => stream.sessionId))]],
      );
      live = new Set(rows.map((row) => row.id));
    } catch (error) {
      // Unchecked this time, not ended: the database being away is no reason to sign anyone out.
      this.#log.warn({ err: error }, "checking live streams' sessions failed");
    }
    for (const stream of subscribers) {
      if (live && !live.has(stream.sessionId)) stream.end();
      else stream.heartbeat();
    }
  }
}
