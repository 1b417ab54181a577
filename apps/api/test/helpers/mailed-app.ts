import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import type { Database } from '../../src/db/client.ts';
import { queueSettled } from './jobs.ts';
import { DEFAULT_TIMEOUT_MS, Mailbox, type ReceivedEmail } from './mailbox.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/**
 * The API tests' side of email: an app sending to a loopback mailbox (mailbox.ts), the links
 * it sends, and waiting for the email queue to settle.
 */

/** The subject of the link sent at sign-up (and on request) to verify an address. */
export const VERIFICATION_SUBJECT = 'Confirm your email address for Reloop';

/** The `token` query parameter of the link to `pathname` in `email`. */
export function tokenIn(email: ReceivedEmail, pathname: string): string {
  const token = email.link(pathname).searchParams.get('token');
  if (!token) throw new Error(`the link to ${pathname} in "${email.subject}" has no token`);
  return token;
}

/**
 * Waits until the email queue has nothing left to send (no job waiting, retrying or running), so
 * a test can tell that an email that did not come will not come. Polls the queue's table.
 */
export const emailsSettled = (db: Database, timeoutMs = DEFAULT_TIMEOUT_MS): Promise<void> =>
  queueSettled(db, 'email', timeoutMs);

/** Follows the verification link sent to `address` at sign-up, as its owner would. */
export async function verifyAddress(
  app: FastifyInstance,
  mailbox: Mailbox,
  address: string,
): Promise<void> {
  const email = await mailbox.receive(address, { subject: VERIFICATION_SUBJECT });
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/verify-email',
    payload: { token: tokenIn(email, '/verify-email') },
  });
  if (response.statusCode !== 200) throw new Error(`verify-email failed: ${response.body}`);
}

/** Where every emailed link of a mailed app starts. */
export const PUBLIC_URL = 'http://reloop.test';

/**
 * For a test file whose app sends real email: one mailbox for the file, and for each test a
 * fresh app sending to it (links on PUBLIC_URL, and `env`), with the mailbox emptied first.
 * `started` receives both before each test, for the file's own variables.
 */
export function useMailedApp(
  started: (running: { mailbox: Mailbox; t: TestApp }) => void,
  env: Record<string, string> = {},
): void {
  let mailbox: Mailbox | undefined;
  let t: TestApp | undefined;
  beforeAll(async () => {
    mailbox = await Mailbox.start();
  });
  afterAll(() => mailbox?.stop());
  beforeEach(async () => {
    if (!mailbox) throw new Error('the mailbox did not start');
    mailbox.clear();
    t = await createTestApp({ env: { ...env, SMTP_URL: mailbox.url, PUBLIC_URL } });
    started({ mailbox, t });
  });
  afterEach(() => t?.close());
}
