// The live events part of the bench (DESIGN §17, scripts/bench.ts runs it on PostgreSQL):
//   - 2,000 event streams held open on one instance, each a generated user's own session: the
//     resident memory they add to the instance (goal ≤ 100 MB), beside what the same number of
//     open responses add to a bare node:http server (the ceiling);
//   - the delay from sending a message to its event arriving on the other side's stream, with
//     two instances behind haproxy, so most messages are written on one instance and streamed
//     by the other (goal p99 ≤ 100 ms), beside a bare LISTEN/NOTIFY round trip on the same
//     PostgreSQL (the ceiling).
import { fork } from 'node:child_process';
import http from 'node:http';
import { loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { haproxyInstalled, startHaproxy } from '../../apps/api/test/helpers/haproxy.ts';
import {
  openEventStream,
  type EventStreamClient,
} from '../../apps/api/test/helpers/event-stream.ts';
import { startInstance } from '../../apps/api/test/helpers/server-process.ts';
import { withClient } from './database.ts';
import { formatRows, median } from './measure.ts';
import { treeMemory } from './memory.ts';
import { mintSessions } from './sessions.ts';
import { scratchDir, withCleanup } from './setup.ts';

const STREAMS = 2_000;
const STREAMS_MEMORY_MB = 100;
const DELAY_P99_MS = 100;
/** Conversations whose sellers write, and messages each: within the 20-a-minute allowance. */
const CONVERSATIONS = 200;
const MESSAGES_EACH = 5;
/** One message every this many ms across all conversations: a busy marketplace's chat. */
const PACE_MS = 40;
const ROUNDS = 3;
const SETTLE_MS = 5_000;

export interface LiveEventsRun {
  sqlUrl: string;
  /** The instances' JWT_SECRET (the sessions are signed with it), SMTP_URL, … */
  env: Record<string, string>;
  log: (line: string) => void;
}

const percentile = (sorted: number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? NaN;
const ms = (value: number) => `${value.toFixed(1)} ms`;
const spread = (values: number[]) =>
  `${ms(median(values))} (${ms(Math.min(...values))}–${ms(Math.max(...values))})`;

/** Its two instances and the balancer stop when it ends: the parts after it time jobs alone. */
export function benchLiveEvents(run: LiveEventsRun): Promise<boolean> {
  return withCleanup(async (cleanup) => {
    const { log } = run;
    log('\n--- live events (DESIGN §17) ---');
    const dataDir = await scratchDir(cleanup);
    const env = { ...run.env, DATABASE_URL: run.sqlUrl };
    const [a, b] = await Promise.all([startInstance(env, dataDir), startInstance(env, dataDir)]);
    for (const instance of [a, b]) {
      cleanup.add(async () => {
        instance.process.child.kill('SIGTERM');
        await instance.process.exited;
      });
    }
    const memoryOk = await benchStreamMemory(run, a.url, a.process.child.pid ?? 0);
    if (!haproxyInstalled) {
      log('message-to-event delay: skipped (no haproxy; apt-get install haproxy)');
      return memoryOk;
    }
    const balancer = await startHaproxy([a.port, b.port]);
    cleanup.add(() => balancer.stop());
    // Straight to the instances first, for comparison: streams on A, messages written on B.
    await benchDelay(
      run,
      { streams: a.url, messages: b.url },
      'no balancer: streams on A, messages to B',
      false,
    );
    const delayOk = await benchDelay(
      run,
      { streams: balancer.url, messages: balancer.url },
      'haproxy over A and B: streams and messages',
    );
    return delayOk && memoryOk;
  });
}

/** Opens `count` streams with `tokens` on `url`, all at once, and waits for every one. */
async function openStreams(url: string, tokens: string[]): Promise<EventStreamClient[]> {
  const streams: EventStreamClient[] = [];
  for (let start = 0; start < tokens.length; start += 100) {
    streams.push(
      ...(await Promise.all(
        tokens.slice(start, start + 100).map((token) => openEventStream(url, token)),
      )),
    );
  }
  const refused = streams.filter((stream) => stream.status !== 200).length;
  if (refused > 0) throw new Error(`${refused} of ${tokens.length} streams refused`);
  return streams;
}

/** Resident memory of one process, once its heap had a moment to settle. */
async function settledRssMb(pid: number): Promise<number> {
  await sleep(SETTLE_MS);
  return treeMemory(pid).rssMb;
}

async function benchStreamMemory(run: LiveEventsRun, url: string, pid: number): Promise<boolean> {
  const { log } = run;
  const { rows } = await withClient(run.sqlUrl, (client) =>
    client.query<{ id: string }>(
      `select id from users where role = 'buyer' and deleted_at is null order by id limit ${STREAMS}`,
    ),
  );
  const tokens = await mintSessions(
    run.sqlUrl,
    rows.map((row) => row.id),
    run.env.JWT_SECRET ?? '',
  );
  const before = await settledRssMb(pid);
  const streams = await openStreams(url, tokens);
  const after = await settledRssMb(pid);
  for (const stream of streams) stream.close();

  const ceiling = await streamCeiling(tokens.length);
  const added = after - before;
  const ok = added <= STREAMS_MEMORY_MB;
  log(
    formatRows(
      [
        'open streams',
        'instance RSS before',
        'with them open',
        'added',
        'ceiling (bare node:http)',
        'goal',
      ],
      [
        [
          String(streams.length),
          `${before} MB`,
          `${after} MB`,
          `${added} MB`,
          `${ceiling} MB`,
          `≤ ${STREAMS_MEMORY_MB} MB${ok ? '' : '  MISSED'}`,
        ],
      ],
    ),
  );
  return ok;
}

/** What `count` open responses add to a bare node:http server's resident memory. */
async function streamCeiling(count: number): Promise<number> {
  const child = fork(fileURLToPath(new URL('./stream-ceiling-server.ts', import.meta.url)), {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  try {
    const port = await new Promise<number>((resolve) =>
      child.once('message', (message: { port: number }) => resolve(message.port)),
    );
    const before = await settledRssMb(child.pid ?? 0);
    const streams = await openStreams(
      `http://127.0.0.1:${port}`,
      Array.from({ length: count }, () => 'ceiling'),
    );
    const after = await settledRssMb(child.pid ?? 0);
    for (const stream of streams) stream.close();
    return after - before;
  } finally {
    child.disconnect();
  }
}

interface Conversation {
  bookingId: string;
  sellerToken: string;
  buyerStream: EventStreamClient;
}

/** Sends one message in `conversation` through `url`; resolves with its delays. */
async function timedMessage(url: string, conversation: Conversation, text: string) {
  const sent = performance.now();
  const posted = new Promise<number>((resolve, reject) => {
    const body = JSON.stringify({ text });
    const request = http.request(
      new URL(`/api/bookings/${conversation.bookingId}/messages`, url),
      {
        method: 'POST',
        headers: {
          authorization: `Bearer ${conversation.sellerToken}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      },
      (response) => {
        response.resume();
        response.on('end', () =>
          response.statusCode === 201
            ? resolve(performance.now() - sent)
            : reject(new Error(`message answered ${response.statusCode}`)),
        );
      },
    );
    request.on('error', reject);
    request.end(body);
  });
  const arrived = conversation.buyerStream.next(
    (event) =>
      event.type === 'message' &&
      (event.data as { message: { text: string } }).message.text === text,
    10_000,
  );
  const [postMs] = await Promise.all([posted, arrived]);
  return { postMs, eventMs: performance.now() - sent };
}

async function benchDelay(
  run: LiveEventsRun,
  urls: { streams: string; messages: string },
  title: string,
  judged = true,
): Promise<boolean> {
  const { log } = run;
  // Conversations of generated bookings still open, each with a buyer and a seller of its own.
  const { rows } = await withClient(run.sqlUrl, (client) =>
    client.query<{ id: string; buyer_id: string; seller_id: string }>(
      `select distinct on (buyer_id) id, buyer_id, seller_id from bookings
        where status in ('unpaid', 'paid', 'completed') order by buyer_id, id limit ${CONVERSATIONS * 4}`,
    ),
  );
  const sellersSeen = new Set<string>();
  const picked = rows
    .filter((row) => !sellersSeen.has(row.seller_id) && sellersSeen.add(row.seller_id))
    .slice(0, CONVERSATIONS);
  const secret = run.env.JWT_SECRET ?? '';
  const buyerTokens = await mintSessions(
    run.sqlUrl,
    picked.map((row) => row.buyer_id),
    secret,
  );
  const sellerTokens = await mintSessions(
    run.sqlUrl,
    picked.map((row) => row.seller_id),
    secret,
  );
  const streams = await openStreams(urls.streams, buyerTokens);
  const conversations = picked.map((row, index) => ({
    bookingId: row.id,
    sellerToken: sellerTokens[index] ?? '',
    buyerStream: streams[index] as EventStreamClient,
  }));
  log(
    `${title}: ${conversations.length} conversations, a stream open for each buyer; ${ROUNDS} rounds of ${((conversations.length * MESSAGES_EACH) / ROUNDS) | 0} ` +
      `messages, one every ${PACE_MS} ms; load average ${loadavg()[0]?.toFixed(1)}`,
  );

  const rounds: Record<'eventMs' | 'postMs' | 'afterPostMs' | 'ceilingMs', number[]>[] = [];
  let sentCount = 0;
  let failed = 0;
  const perRound = Math.floor((conversations.length * MESSAGES_EACH) / ROUNDS);
  for (let round = 0; round < ROUNDS; round += 1) {
    // Settled as they go: a message refused or an event never come is counted, not thrown while
    // the next ones are still being sent.
    const timings: Promise<PromiseSettledResult<{ postMs: number; eventMs: number }>>[] = [];
    for (let index = 0; index < perRound; index += 1) {
      const conversation = conversations[sentCount % conversations.length] as Conversation;
      timings.push(
        timedMessage(urls.messages, conversation, `${title}: message ${sentCount}`).then(
          (value) => ({ status: 'fulfilled', value }),
          (reason: unknown) => ({ status: 'rejected', reason }),
        ),
      );
      sentCount += 1;
      await sleep(PACE_MS);
    }
    const settled = await Promise.all(timings);
    const done = settled.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
    failed += settled.length - done.length;
    rounds.push({
      eventMs: done.map((timing) => timing.eventMs).sort((x, y) => x - y),
      postMs: done.map((timing) => timing.postMs).sort((x, y) => x - y),
      afterPostMs: done.map((timing) => timing.eventMs - timing.postMs).sort((x, y) => x - y),
      ceilingMs: (await notifyRoundTrips(run.sqlUrl, perRound)).sort((x, y) => x - y),
    });
  }
  for (const stream of streams) stream.close();

  const p = (key: keyof (typeof rounds)[number], share: number) =>
    spread(rounds.map((round) => percentile(round[key], share)));
  const p99s = rounds.map((round) => percentile(round.eventMs, 0.99));
  const ok = median(p99s) <= DELAY_P99_MS && failed === 0;
  if (failed > 0) log(`${failed} messages failed: refused, or their event never came within 10 s`);
  log(
    formatRows(
      ['', 'p50 (median of rounds, min–max)', 'p99', 'goal'],
      [
        [
          'message sent → event on the other side',
          p('eventMs', 0.5),
          p('eventMs', 0.99),
          judged ? `p99 ≤ ${DELAY_P99_MS} ms${ok ? '' : '  MISSED'}` : '(for comparison)',
        ],
        ['message sent → 201', p('postMs', 0.5), p('postMs', 0.99), ''],
        ['201 → event (the stream’s own part)', p('afterPostMs', 0.5), p('afterPostMs', 0.99), ''],
        ['ceiling: bare NOTIFY → LISTEN', p('ceilingMs', 0.5), p('ceilingMs', 0.99), ''],
      ],
    ),
  );
  return ok;
}

/** `count` NOTIFYs on one connection, each timed until another connection LISTENing gets it. */
async function notifyRoundTrips(sqlUrl: string, count: number): Promise<number[]> {
  const listener = new pg.Client({ connectionString: sqlUrl });
  const sender = new pg.Client({ connectionString: sqlUrl });
  await Promise.all([listener.connect(), sender.connect()]);
  try {
    await listener.query('listen bench_ceiling');
    const times: number[] = [];
    for (let index = 0; index < count; index += 1) {
      const received = new Promise<void>((resolve) =>
        listener.once('notification', () => resolve()),
      );
      const sent = performance.now();
      await sender.query(`select pg_notify('bench_ceiling', '')`);
      await received;
      times.push(performance.now() - sent);
    }
    return times;
  } finally {
    await Promise.all([listener.end(), sender.end()]);
  }
}
