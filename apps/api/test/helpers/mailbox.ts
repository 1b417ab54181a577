import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server on loopback (DESIGN §14: tests receive real SMTP, no mock transport): the
 * app sends to it through SMTP_URL as it would to any mail server, and every message is parsed
 * as a mail program would read it. A test waits for the next email to an address, reads its
 * links, and can stop the server and start it again on the same port (an outage).
 */
export interface ReceivedEmail {
  /** The envelope's recipients (RCPT TO), lower-case. */
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  messageId: string | undefined;
  /** A header's value as sent (unfolded), or undefined; names are case-insensitive. */
  header(name: string): string | undefined;
  /** Every absolute http(s) link of the text part, and of the HTML part's hrefs, in order. */
  links(): URL[];
  /** The one link (text or HTML) whose path is `pathname`; throws unless there is exactly one. */
  link(pathname: string): URL;
}

export const DEFAULT_TIMEOUT_MS = 10_000;

export class Mailbox {
  readonly received: ReceivedEmail[] = [];
  #taken = new WeakSet<ReceivedEmail>();
  #waiters = new Set<() => void>();
  #server: SMTPServer | undefined;
  #port = 0;

  private constructor() {}

  /** A mailbox listening on a free loopback port. */
  static async start(): Promise<Mailbox> {
    const mailbox = new Mailbox();
    await mailbox.resume();
    return mailbox;
  }

  get port(): number {
    return this.#port;
  }

  /** What SMTP_URL names to send here. */
  get url(): string {
    return `smtp://127.0.0.1:${this.#port}`;
  }

  /** Starts listening again, on the port it had (a free one the first time). */
  async resume(): Promise<void> {
    if (this.#server) return;
    const server = new SMTPServer({
      disabledCommands: ['STARTTLS'],
      authOptional: true,
      logger: false,
      // Closing waits for no conversation: the test decides when the server is down.
      closeTimeout: 100,
      onData: (stream, session, callback) => {
        simpleParser(stream)
          .then((parsed) => {
            const to = session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase());
            this.#arrive(toReceived(parsed, to));
            callback();
          })
          .catch((error: unknown) => callback(error as Error));
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.server.once('error', reject);
      server.listen(this.#port, '127.0.0.1', () => {
        server.server.off('error', reject);
        resolve();
      });
    });
    this.#port = (server.server.address() as AddressInfo).port;
    this.#server = server;
  }

  /** Stops listening: connections are refused until `resume()`. */
  async stop(): Promise<void> {
    const server = this.#server;
    if (!server) return;
    this.#server = undefined;
    await new Promise<void>((resolve) => server.close(resolve));
  }

  /** Forgets every email received so far (between tests sharing one mailbox). */
  clear(): void {
    this.received.length = 0;
  }

  /** The emails received for `address`, taken or not, in arrival order. */
  to(address: string): ReceivedEmail[] {
    const wanted = address.toLowerCase();
    return this.received.filter((email) => email.to.includes(wanted));
  }

  /**
   * The first email to `address` (whose subject matches `subject`, if given) that no earlier
   * call returned, waiting for it up to `timeoutMs`. On timeout the error lists what did arrive.
   */
  async receive(
    address: string,
    options: { subject?: string | RegExp; timeoutMs?: number } = {},
  ): Promise<ReceivedEmail> {
    const { subject, timeoutMs = DEFAULT_TIMEOUT_MS } = options;
    const matches = (email: ReceivedEmail) =>
      !this.#taken.has(email) &&
      email.to.includes(address.toLowerCase()) &&
      (subject === undefined ||
        (typeof subject === 'string' ? email.subject === subject : subject.test(email.subject)));
    const found = await new Promise<ReceivedEmail | undefined>((resolve) => {
      const check = () => {
        const email = this.received.find(matches);
        if (!email) return;
        this.#waiters.delete(check);
        clearTimeout(timer);
        resolve(email);
      };
      const timer = setTimeout(() => {
        this.#waiters.delete(check);
        resolve(undefined);
      }, timeoutMs);
      this.#waiters.add(check);
      check();
    });
    if (!found) {
      const arrived = this.received.map(
        (email) =>
          `  to ${email.to.join(', ')}: "${email.subject}"${this.#taken.has(email) ? ' (taken)' : ''}`,
      );
      throw new Error(
        `no email to ${address}${subject === undefined ? '' : ` with subject ${String(subject)}`} within ${timeoutMs} ms; ` +
          (arrived.length > 0 ? `arrived:\n${arrived.join('\n')}` : 'none arrived at all'),
      );
    }
    this.#taken.add(found);
    return found;
  }

  #arrive(email: ReceivedEmail): void {
    this.received.push(email);
    for (const waiter of [...this.#waiters]) waiter();
  }
}

function toReceived(parsed: ParsedMail, to: string[]): ReceivedEmail {
  const text = parsed.text ?? '';
  const html = typeof parsed.html === 'string' ? parsed.html : '';
  const links = (): URL[] => {
    const fromText = [...text.matchAll(/https?:\/\/[^\s<>"'\])]+/g)].map((match) => match[0]);
    const fromHtml = [...html.matchAll(/href="(https?:\/\/[^"]+)"/g)].map((match) =>
      (match[1] ?? '').replaceAll('&amp;', '&'),
    );
    return [...fromText, ...fromHtml].map((link) => new URL(link));
  };
  return {
    to,
    from: parsed.from?.text ?? '',
    subject: parsed.subject ?? '',
    text,
    html,
    messageId: parsed.messageId,
    header: (name) => {
      const line = parsed.headerLines.find(
        (header) => header.key.toLowerCase() === name.toLowerCase(),
      );
      return line?.line
        .slice(line.line.indexOf(':') + 1)
        .trim()
        .replace(/\r?\n\s+/g, ' ');
    },
    links,
    link: (pathname) => {
      const found = new Set(
        links()
          .filter((link) => link.pathname === pathname)
          .map((link) => link.href),
      );
      if (found.size !== 1) {
        throw new Error(
          `expected one link to ${pathname} in "${parsed.subject}", found ${found.size}: ${[...found].join(' ')}\n${text}`,
        );
      }
      return new URL([...found][0] ?? '');
    },
  };
}
