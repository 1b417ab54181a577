// The questions part of the bench (DESIGN §17, decision 022), run alone with
// BENCH_QUESTIONS_ONLY=1 on PostgreSQL, on the generated volume:
//   - booking create's statement (the app's createBooking, its transaction and commit) for
//     listings nobody asked about and for listings whose booker asked first (a conversation of
//     QUESTION_MESSAGES messages, which the statement copies into the thread), beside a bare
//     INSERT of a booking row and its commit on the same connection (the ceiling);
//   - the busiest seller's conversations (GET /api/questions's statement: two index ranges
//     merged), its first page and the page LIST_DEPTH pages deep, with the plan, beside a bare
//     round trip (the ceiling).
// Each figure is the median of ROUNDS rounds, with their spread; the rounds interleave.
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { DEFAULT_PAGE_SIZE } from '../../packages/shared/src/marketplace.ts';
import { createBooking } from '../../apps/api/src/bookings/bookings.ts';
import { runCommitHooks } from '../../apps/api/src/db/after-commit.ts';
import { SESSION_SETTINGS, type Database } from '../../apps/api/src/db/client.ts';
import * as schema from '../../apps/api/src/db/schema.ts';
import type { UserRow } from '../../apps/api/src/identity/accounts.ts';
import type { JobQueue } from '../../apps/api/src/jobs/queue.ts';
import { listQuestions } from '../../apps/api/src/questions/questions.ts';
import { recordQueries } from './explain.ts';
import { formatRows, median } from './measure.ts';

/** DESIGN §9's booking create budget (p99 of the call; the statement is most of it). */
const BOOKING_BUDGET_MS = 20;
/** A list call's budget (DESIGN §9). */
const LIST_BUDGET_MS = 50;
const ROUNDS = 5;
/** Bookings of each kind a round makes, one after another. */
const BOOKINGS_PER_ROUND = 200;
/** A conversation before booking: a few questions and answers. */
const QUESTION_MESSAGES = 6;
/** The busiest seller's conversations: enough for a page LIST_DEPTH pages deep. */
const LIST_DEPTH = 50;
const SELLER_CONVERSATIONS = DEFAULT_PAGE_SIZE * (LIST_DEPTH + 2);
const LIST_READS_PER_ROUND = 200;

export interface QuestionsRun {
  sqlUrl: string;
  log: (line: string) => void;
}

const ms = (value: number) => value.toFixed(2);
const percentile = (sorted: number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? Number.NaN;

/** p50 and p99 of one round's timings. */
function quantiles(timings: number[]) {
  const sorted = [...timings].sort((a, b) => a - b);
  return { p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99) };
}

/** Times `work` `count` times in a row, in ms. */
async function timed(count: number, work: (index: number) => Promise<unknown>) {
  const timings: number[] = [];
  for (let index = 0; index < count; index += 1) {
    const started = performance.now();
    await work(index);
    timings.push(performance.now() - started);
  }
  return timings;
}

/** No booking the bench makes queues an email: its sellers want none (set below). */
const noJobs = {
  enqueue: () => Promise.reject(new Error('the bench books for sellers without booking emails')),
} as unknown as JobQueue;

/**
 * Pairs of a buyer and an unsold listing nobody booked, `count` of them, each buyer booking at
 * most a few (within the unpaid bookings they may hold); their sellers get no booking emails.
 */
async function bookablePairs(client: pg.Client, count: number) {
  const { rows } = await client.query<{ product_id: string; buyer_id: string; email: string }>(
    `with listing as (
       select p.id, row_number() over (order by p.id) - 1 as n from products p
       where p.status = 'unsold' and p.deleted_at is null
         and not exists (select from bookings b where b.product_id = p.id)
       limit $1
     ), buyer as (
       select u.id, u.email, row_number() over (order by u.id) - 1 as n from users u
       where u.role = 'buyer' and u.deleted_at is null
         and not exists (select from bookings b where b.buyer_id = u.id)
       limit ceil($1 / 5.0)
     )
     select listing.id as product_id, buyer.id as buyer_id, buyer.email
     from listing join buyer on buyer.n = listing.n / 5`,
    [count],
  );
  if (rows.length < count) throw new Error(`only ${rows.length} of ${count} bookable pairs`);
  await client.query(
    `update users set notify_bookings = false
     where id in (select seller_id from products where id = any($1))`,
    [rows.map((row) => row.product_id)],
  );
  return rows;
}

/** A conversation before booking of each pair, QUESTION_MESSAGES long, as asking leaves it. */
async function askFirst(client: pg.Client, pairs: { product_id: string; buyer_id: string }[]) {
  await client.query(
    `with asked as (
       insert into questions (product_id, buyer_id, seller_id, last_message_at, buyer_read_at, seller_read_at)
       select p.id, pair.buyer_id, p.seller_id, now(), now(), now() - interval '1 minute'
       from unnest($1::uuid[], $2::uuid[]) as pair (product_id, buyer_id)
       join products p on p.id = pair.product_id
       returning id
     )
     insert into question_messages (question_id, sender_side, text, created_at)
     select asked.id, case when n % 2 = 0 then 'buyer' else 'seller' end,
       'Is the battery original, and does it come with its charger? ' || n,
       now() - (${QUESTION_MESSAGES} - n) * interval '1 minute'
     from asked cross join generate_series(0, ${QUESTION_MESSAGES - 1}) as n`,
    [pairs.map((pair) => pair.product_id), pairs.map((pair) => pair.buyer_id)],
  );
}

/**
 * The busiest seller's conversations: SELLER_CONVERSATIONS of them on their listings, one per
 * asker, a message each, at spread times. Returns the seller's id.
 */
async function busiestSellerConversations(client: pg.Client): Promise<string> {
  const { rows } = await client.query<{ seller_id: string }>(
    `select seller_id from products where deleted_at is null
     group by seller_id order by count(*) desc limit 1`,
  );
  const sellerId = rows[0]?.seller_id;
  if (!sellerId) throw new Error('no seller in the volume');
  await client.query(
    `with listing as (
       select id, row_number() over (order by id) as n, count(*) over () as listings
       from products where seller_id = $1 and deleted_at is null
     ), asker as (
       select id, row_number() over (order by id) as n from users
       where role = 'buyer' and deleted_at is null limit $2
     ), asked as (
       insert into questions (product_id, buyer_id, seller_id, last_message_at)
       select listing.id, asker.id, $1, now() - asker.n * interval '1 minute'
       from asker join listing on listing.n = 1 + asker.n % listing.listings
       on conflict do nothing
       returning id, buyer_id, last_message_at
     )
     insert into question_messages (question_id, sender_side, text, created_at)
     select id, 'buyer', 'Still available?', last_message_at from asked`,
    [sellerId, SELLER_CONVERSATIONS],
  );
  await client.query('analyze questions; analyze question_messages');
  return sellerId;
}

interface Figure {
  name: string;
  p50s: number[];
  p99s: number[];
  budgetMs?: number;
}

const row = (figure: Figure) => {
  const p99 = median(figure.p99s);
  return [
    figure.name,
    ms(median(figure.p50s)),
    ms(p99),
    `${ms(Math.min(...figure.p99s))}–${ms(Math.max(...figure.p99s))}`,
    figure.budgetMs === undefined ? '-' : `${figure.budgetMs} ms`,
    figure.budgetMs === undefined ? '' : p99 <= figure.budgetMs ? 'ok' : 'MISSED',
  ];
};

export async function benchQuestions(run: QuestionsRun): Promise<boolean> {
  const { log } = run;
  log('\n--- asking before booking (DESIGN §17) ---');
  const client = new pg.Client({ connectionString: run.sqlUrl, options: SESSION_SETTINGS });
  await client.connect();
  try {
    const db = drizzle(client, { schema }) as unknown as Database;
    runCommitHooks(db);
    const pairs = await bookablePairs(client, 2 * ROUNDS * BOOKINGS_PER_ROUND);
    const asked = pairs.filter((_, index) => index % 2 === 1);
    const unasked = pairs.filter((_, index) => index % 2 === 0);
    await askFirst(client, asked);
    const sellerId = await busiestSellerConversations(client);
    const buyers = new Map(
      (
        await db
          .select()
          .from(schema.users)
          .where(sql`role = 'buyer'`)
      ).map((user) => [user.id, user]),
    );
    const book = (pair: (typeof pairs)[number]) =>
      createBooking(db, noJobs, buyers.get(pair.buyer_id) as UserRow, {
        productId: pair.product_id,
        buyerPhone: '5125550199',
        buyerMeetingLocation: 'Central Library',
        note: 'See you there',
      });
    // The ceiling: the booking's own row from its listing, written and committed in as many
    // round trips as the app's transaction, nothing else read or written. Cancelled, so the
    // booking the app made of the same listing stands.
    const bareInsert = async (pair: (typeof pairs)[number]) => {
      await client.query('begin');
      await client.query(
        `insert into bookings (product_id, buyer_id, seller_id, product_name, product_image,
           price_cents, phone, meeting_location, status)
         select id, $2, seller_id, name, image, resale_price_cents, '5125550199', 'Library', 'cancelled'
         from products where id = $1`,
        [pair.product_id, pair.buyer_id],
      );
      await client.query('commit');
    };

    // The list's plan, once: both ranges read from their indexes, no sort of the seller's all.
    const lastStatement = recordQueries(client);
    let page = await listQuestions(db, sellerId, { limit: DEFAULT_PAGE_SIZE });
    const plan = await explainLast(client, lastStatement());
    let deepCursor = page.nextCursor;
    for (let depth = 1; depth < LIST_DEPTH && deepCursor; depth += 1) {
      page = await listQuestions(db, sellerId, { limit: DEFAULT_PAGE_SIZE, cursor: deepCursor });
      deepCursor = page.nextCursor;
    }
    if (!deepCursor) throw new Error(`the seller's list ended before page ${LIST_DEPTH + 1}`);
    const deep = { limit: DEFAULT_PAGE_SIZE, cursor: deepCursor };

    const figures: Figure[] = [
      { name: 'booking statement, nobody asked', p50s: [], p99s: [], budgetMs: BOOKING_BUDGET_MS },
      {
        name: `booking statement, ${QUESTION_MESSAGES} messages asked first`,
        p50s: [],
        p99s: [],
        budgetMs: BOOKING_BUDGET_MS,
      },
      { name: 'ceiling: a bare booking insert and commit', p50s: [], p99s: [] },
      { name: 'questions, first page', p50s: [], p99s: [], budgetMs: LIST_BUDGET_MS },
      {
        name: `questions, page ${LIST_DEPTH + 1}`,
        p50s: [],
        p99s: [],
        budgetMs: LIST_BUDGET_MS,
      },
      { name: 'ceiling: a bare round trip', p50s: [], p99s: [] },
    ];
    const record = (figure: Figure | undefined, timings: number[]) => {
      if (!figure) return;
      const { p50, p99 } = quantiles(timings);
      figure.p50s.push(p50);
      figure.p99s.push(p99);
    };
    for (let round = 0; round < ROUNDS; round += 1) {
      // Each booking of the round its own pair.
      const pairOf = (list: typeof pairs) => (index: number) => {
        const pair = list[round * BOOKINGS_PER_ROUND + index];
        if (!pair) throw new Error('fewer pairs than bookings');
        return pair;
      };
      const [unaskedPair, askedPair] = [pairOf(unasked), pairOf(asked)];
      record(figures[0], await timed(BOOKINGS_PER_ROUND, (index) => book(unaskedPair(index))));
      record(figures[1], await timed(BOOKINGS_PER_ROUND, (index) => book(askedPair(index))));
      record(
        figures[2],
        await timed(BOOKINGS_PER_ROUND, (index) => bareInsert(unaskedPair(index))),
      );
      record(
        figures[3],
        await timed(LIST_READS_PER_ROUND, () =>
          listQuestions(db, sellerId, { limit: DEFAULT_PAGE_SIZE }),
        ),
      );
      record(
        figures[4],
        await timed(LIST_READS_PER_ROUND, () => listQuestions(db, sellerId, deep)),
      );
      record(figures[5], await timed(LIST_READS_PER_ROUND, () => client.query('select 1')));
    }
    const { rows: copied } = await client.query<{ messages: number }>(
      `select count(*)::int as messages from booking_messages m
       join bookings b on b.id = m.booking_id
       where b.product_id = any($1)`,
      [asked.map((pair) => pair.product_id)],
    );
    log(
      `${ROUNDS} interleaved rounds; ${BOOKINGS_PER_ROUND} bookings of each kind a round, one ` +
        `after another on one connection (the app's createBooking, note included); the busiest ` +
        `seller has ${SELLER_CONVERSATIONS} conversations; ${LIST_READS_PER_ROUND} list reads a round.`,
    );
    log(
      formatRows(
        ['statement', 'p50 ms', 'p99 ms', 'p99 spread', 'budget', 'verdict'],
        figures.map(row),
      ),
    );
    const expectedCopies = asked.length * (QUESTION_MESSAGES + 1);
    log(
      `threads of the bookings asked about first: ${copied[0]?.messages ?? 0} messages ` +
        `(${expectedCopies} expected: ${QUESTION_MESSAGES} copied and the note, each)`,
    );
    log(`the list's plan, first page:\n${plan}`);
    const budgetsKept = figures.every((figure) => row(figure)[5] !== 'MISSED');
    return budgetsKept && copied[0]?.messages === expectedCopies;
  } finally {
    await client.end();
  }
}

/** EXPLAIN (ANALYZE, BUFFERS) of the statement a call ran last, with its values. */
async function explainLast(
  client: pg.Client,
  statement: { text: string; values: unknown[] },
): Promise<string> {
  const { rows } = await client.query<{ 'QUERY PLAN': string }>(
    `explain (analyze, buffers, costs off) ${statement.text}`,
    statement.values,
  );
  return rows.map((line) => `  ${line['QUERY PLAN']}`).join('\n');
}
