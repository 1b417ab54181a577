// The notices' part of the bench (DESIGN §14): booking create with the seller's email on and
// off, and a burst of bookings whose emails must all arrive, once each, at a loopback SMTP
// server the bench runs.
import { fork } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { withClient } from './database.ts';

export interface BenchMailbox {
  /** SMTP_URL for the server under test. */
  url: string;
  /** Emails received, counted by Message-ID: a retry of one already received is a duplicate. */
  counts(): Promise<{ distinct: number; duplicates: number }>;
  stop(): Promise<void>;
}

/** A loopback SMTP server, in a child process, that accepts everything and counts what it gets. */
export async function startBenchMailbox(): Promise<BenchMailbox> {
  const child = fork(fileURLToPath(new URL('./mailbox-server.ts', import.meta.url)), {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (message: { port: number }) => resolve(message.port));
    child.once('exit', (code) => reject(new Error(`the bench's SMTP server exited with ${code}`)));
  });
  return {
    url: `smtp://127.0.0.1:${port}`,
    counts: () =>
      new Promise((resolve) => {
        child.once('message', resolve);
        child.send('counts');
      }),
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * Splits products to book by their seller: those whose sellers want booking emails (verified,
 * as a real seller who followed the link) and those whose sellers get none (not verified). Both
 * halves book alike; only the first queues an email in the booking's transaction.
 */
export async function splitBySellerEmail(
  sqlUrl: string,
  productIds: string[],
): Promise<{ emailOn: string[]; emailOff: string[] }> {
  return withClient(sqlUrl, async (client) => {
    const { rows } = await client.query<{ id: string; on: boolean }>(
      `select id, (hashtext(seller_id::text) & 1) = 0 as on from products where id = any($1::uuid[])`,
      [productIds],
    );
    await client.query(
      `update users set email_verified_at = case when (hashtext(id::text) & 1) = 0 then now() end,
         notify_bookings = true
       where id in (select seller_id from products where id = any($1::uuid[]))`,
      [productIds],
    );
    const byId = new Map(rows.map((row) => [row.id, row.on]));
    return {
      emailOn: productIds.filter((id) => byId.get(id) === true),
      emailOff: productIds.filter((id) => byId.get(id) === false),
    };
  });
}

/** The sellers of `productIds` get booking emails from now on. */
export async function sellersGetBookingEmails(sqlUrl: string, productIds: string[]) {
  await withClient(sqlUrl, (client) =>
    client.query(
      `update users set email_verified_at = now(), notify_bookings = true
       where id in (select seller_id from products where id = any($1::uuid[]))`,
      [productIds],
    ),
  );
}

/**
 * Emails queued since `since`: the email jobs the job queue holds (one per booking of a seller
 * who wanted it, as the booking's transaction decided), each of which must arrive once.
 */
export async function emailsQueued(sqlUrl: string, since: Date): Promise<number> {
  return withClient(sqlUrl, async (client) => {
    const { rows } = await client.query<{ count: number }>(
      `select count(*)::int as count from pgboss.job where name = 'email' and created_on >= $1`,
      [since],
    );
    return rows[0]?.count ?? 0;
  });
}

/**
 * Waits until `mailbox` holds `expected` distinct emails, or nothing new arrived for
 * `quietMs`; resolves to when the last one came (ms since `startedAt`).
 */
export async function drain(
  mailbox: BenchMailbox,
  expected: number,
  startedAt: number,
  quietMs = 30_000,
): Promise<number> {
  let count = (await mailbox.counts()).distinct;
  let lastAt = performance.now();
  while (count < expected && performance.now() - lastAt < quietMs) {
    await sleep(50);
    const now = (await mailbox.counts()).distinct;
    if (now !== count) {
      count = now;
      lastAt = performance.now();
    }
  }
  return lastAt - startedAt;
}
