import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';

/** One email as Reloop sends it: both parts, and any headers of its own. */
export interface Email {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** The link the email is about, logged where the email is only saved (no SMTP_URL). */
  link: string;
  headers?: Record<string, string>;
  /** Stable per job, so a retry after a lost reply is recognisably the same message. */
  messageId: string;
}

export interface MailTransport {
  send(email: Email): Promise<void>;
  close(): void;
}

/**
 * How long an SMTP conversation may take at each step. The job's claim lasts longer
 * (jobs/queue.ts), so only a worker that died has its email taken back and sent again.
 */
const SMTP_TIMEOUT_MS = 30_000;

/** Connections kept open to the SMTP server and reused, rather than one per email. */
const SMTP_CONNECTIONS = 4;

/**
 * Mail to the server SMTP_URL names. Its own settings (`?maxConnections=…`, `tls.…`, as
 * nodemailer reads them from the URL) win over these defaults.
 */
export function smtpTransport(smtpUrl: string, from: string): MailTransport {
  const url = new URL(smtpUrl);
  const defaults = {
    pool: 'true',
    maxConnections: String(SMTP_CONNECTIONS),
    connectionTimeout: String(SMTP_TIMEOUT_MS),
    greetingTimeout: String(SMTP_TIMEOUT_MS),
    socketTimeout: String(SMTP_TIMEOUT_MS),
  };
  for (const [name, value] of Object.entries(defaults)) {
    if (!url.searchParams.has(name)) url.searchParams.set(name, value);
  }
  const transporter: Transporter = nodemailer.createTransport(url.toString(), { from });
  return {
    send: async (email) => {
      await transporter.sendMail(message(email, from));
    },
    close: () => transporter.close(),
  };
}

/**
 * Without SMTP_URL (the embedded default): each email is saved as a file a mail program opens
 * (`DATA_DIR/mail/*.eml`) and logged in one line, so someone running Reloop on their own
 * machine can follow a reset link.
 */
export function outboxTransport(
  folder: string,
  from: string,
  log: Pick<FastifyBaseLogger, 'info'>,
): MailTransport {
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    send: async (email) => {
      const sent = await transporter.sendMail(message(email, from));
      await mkdir(folder, { recursive: true });
      const file = path.join(
        folder,
        `${new Date().toISOString().replace(/:/g, '-')}-${randomUUID()}.eml`,
      );
      await writeFile(file, sent.message as Buffer);
      log.info(`email to ${email.to}: "${email.subject}" ${email.link} (saved in ${file})`);
    },
    close: () => transporter.close(),
  };
}

function message(email: Email, from: string): nodemailer.SendMailOptions {
  return {
    from,
    to: email.to,
    subject: email.subject,
    text: email.text,
    html: email.html,
    messageId: email.messageId,
    ...(email.headers ? { headers: email.headers } : {}),
  };
}
