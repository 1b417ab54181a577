import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { publicBaseUrl, type AppConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { composeEmail } from './compose.ts';
import { outboxTransport, smtpTransport, type MailTransport } from './transport.ts';
import type { UnsubscribeLinks } from './unsubscribe.ts';

/**
 * Email (DESIGN §14): the `email` queue's worker composes each job's email and hands it to
 * SMTP_URL, or without it saves it under DATA_DIR/mail. A send that fails (the SMTP server down
 * or refusing) fails the job, which the queue retries with backoff: mail waits, it is not lost.
 */
/** Worker loops, each sending up to a batch of emails at once (jobs/queue.ts). */
const MAIL_WORKERS = 2;

export function startMail(app: {
  config: AppConfig;
  db: Database;
  jobs: JobQueue;
  log: FastifyBaseLogger;
  unsubscribeLinks: UnsubscribeLinks;
  server: { address(): AddressInfo | string | null };
}): MailTransport {
  const { config } = app;
  const transport = config.mail.smtpUrl
    ? smtpTransport(config.mail.smtpUrl, config.mail.from)
    : outboxTransport(path.join(config.dataDir, 'mail'), config.mail.from, app.log);
  const context = {
    db: app.db,
    baseUrl: () => publicBaseUrl(config, app.server.address()),
    unsubscribe: app.unsubscribeLinks,
  };
  app.jobs.work('email', MAIL_WORKERS, async (job) => {
    const email = await composeEmail(context, job);
    if (email) await transport.send(email);
  });
  return transport;
}
