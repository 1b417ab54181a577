import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterEach, describe, expect, it } from 'vitest';
import { Mailbox } from '../helpers/mailbox.ts';
import { PUBLIC_URL, VERIFICATION_SUBJECT, emailsSettled, tokenIn } from '../helpers/mailed-app.ts';
import { createTestApp, signUp, type TestApp } from '../helpers/test-app.ts';

/**
 * How email leaves Reloop (DESIGN §14): queued with its event and sent by the queue's worker,
 * so an SMTP server that is down delays an email, never loses it nor fails the call that
 * caused it; without SMTP_URL, each email is saved as an .eml file under DATA_DIR/mail.
 */
const RESET_SUBJECT = 'Reset your Reloop password';
let t: TestApp | undefined;
let mailbox: Mailbox | undefined;
afterEach(async () => {
  await t?.close();
  await mailbox?.stop();
  t = undefined;
  mailbox = undefined;
});

/** Polls `check` until it returns a value, or fails after `timeoutMs` saying what it waited for. */
async function until<T>(
  what: string,
  check: () => Promise<T | undefined>,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`still waiting after ${timeoutMs} ms for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('an SMTP server that is down', () => {
  it('fails no call, and the email goes once it is back, exactly once', async () => {
    const box = await Mailbox.start();
    mailbox = box;
    const app = await createTestApp({
      env: { SMTP_URL: box.url, PUBLIC_URL },
      jobs: { retryDelaySeconds: 1 },
    });
    t = app;
    const user = await signUp(app.app);
    await box.receive(user.email, { subject: VERIFICATION_SUBJECT });
    const port = box.port;
    await box.stop();

    const started = performance.now();
    const response = await app.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset',
      payload: { email: user.email },
    });
    const elapsedMs = performance.now() - started;
    expect(response.statusCode, response.body).toBe(202);
    expect(response.json()).toEqual({});
    expect(elapsedMs).toBeLessThan(1000);

    // The worker tried, could not connect, and keeps the email for a retry.
    const failed = await until('a failed attempt to send the reset', async () => {
      const { rows } = await app.db.execute<{ state: string; output: unknown }>(
        sql`select state, output from pgboss.job
          where name = 'email' and data->>'kind' = 'passwordReset'`,
      );
      return rows[0]?.state === 'retry' ? rows[0] : undefined;
    });
    expect(JSON.stringify(failed.output)).toContain('ECONNREFUSED');
    expect(box.to(user.email).map((email) => email.subject)).toEqual([VERIFICATION_SUBJECT]);

    await box.resume();
    expect(box.port).toBe(port);
    const email = await box.receive(user.email, { subject: RESET_SUBJECT, timeoutMs: 15_000 });
    const confirmed = await app.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset/confirm',
      payload: { token: tokenIn(email, '/reset-password'), password: 'after the outage' },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(204);

    await emailsSettled(app.db);
    expect(box.to(user.email).map((each) => each.subject)).toEqual([
      VERIFICATION_SUBJECT,
      RESET_SUBJECT,
    ]);
  });
});

describe('without SMTP_URL', () => {
  it('saves each email as an .eml file under DATA_DIR/mail, with its link', async () => {
    const app = await createTestApp({ env: { PUBLIC_URL } });
    t = app;
    const folder = path.join(app.config.dataDir, 'mail');
    const user = await signUp(app.app);

    const file = await until('an .eml file in DATA_DIR/mail', async () => {
      const files = await readdir(folder).catch(() => []);
      return files.find((name) => name.endsWith('.eml'));
    });
    await emailsSettled(app.db);
    expect(await readdir(folder)).toEqual([file]);
    const email = await simpleParser(await readFile(path.join(folder, file)));
    expect(email.subject).toBe(VERIFICATION_SUBJECT);
    expect(email.to && !Array.isArray(email.to) ? email.to.text : '').toBe(user.email);
    const link = /http:\/\/reloop\.test\/verify-email\?token=([\w.-]+)/.exec(email.text ?? '');
    expect(link, email.text).not.toBeNull();
    expect(email.html).toContain(link?.[0]);

    // The saved link works as an emailed one would.
    const verified = await app.app.inject({
      method: 'POST',
      url: '/api/auth/verify-email',
      payload: { token: link?.[1] },
    });
    expect(verified.statusCode, verified.body).toBe(200);
  });
});
