// The notices' part of the bench (DESIGN §14): booking create with the seller's email on and
// off, and a burst of bookings whose emails must all arrive, once each, at a loopback SMTP
// server the bench runs.
import { setTimeout as sleep } from 'node:timers/promises';
import { SMTPServer } from 'smtp-server';
import { withClient } from './database.ts';

export interface BenchMailbox {
  /** SMTP_URL for the server under test. */
  url: string;
  /** Emails received, counted by Message-ID: a retry of one already received is a duplicate. */
  distinct(): number;
  duplicates(): number;
  stop(): Promise<void>;
}

/** A loopback SMTP server that accepts everything and counts what it gets. */
export async function startBenchMailbox(): Promise<BenchMailbox> {
  const seen = new Map<string, number>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      let head = '';
      stream.on('data', (chunk: Buffer) => {
        if (head.length < 8192) head += chunk.toString('latin1');
      });
      stream.on('end', () => {
        const id = /^message-id:\s*(\S+)/im.exec(head)?.[1] ?? `(no Message-ID ${seen.size})`;
        seen.set(id, (seen.get(id) ?? 0) + 1);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  if (!address || typeof address === 'string') throw new Error('the SMTP server has no port');
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    distinct: () => seen.size,
    duplicates: () => [...seen.values()].reduce((sum, count) => sum + count - 1, 0),
    stop: () => new Promise((resolve) => server.close(() => resolve())),
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
  let count = mailbox.distinct();
  let lastAt = performance.now();
  while (count < expected && performance.now() - lastAt < quietMs) {
    await sleep(50);
    const now = mailbox.distinct();
    if (now !== count) {
      count = now;
      lastAt = performance.now();
    }
  }
  return lastAt - startedAt;
}
