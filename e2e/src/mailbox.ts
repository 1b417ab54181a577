import { createServer, type AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server on loopback for the browser journeys: Reloop sends to it through SMTP_URL as
 * it would to any mail server, and each message is parsed as a mail program reads it. No mock
 * transport stands in for SMTP (DESIGN §14).
 */
export interface ReceivedEmail {
  /** The envelope's recipients, lower-case. */
  to: string[];
  subject: string;
  text: string;
  html: string;
}

export class Mailbox {
  readonly received: ReceivedEmail[] = [];
  #waiters = new Set<() => void>();

  private constructor(
    private readonly server: SMTPServer,
    readonly port: number,
  ) {}

  /** Listens on a free loopback port, without STARTTLS (nodemailer then talks plain SMTP). */
  static async start(): Promise<Mailbox> {
    let arrive: (email: ReceivedEmail) => void = () => undefined;
    const server = new SMTPServer({
      authOptional: true,
      secure: false,
      disabledCommands: ['STARTTLS'],
      logger: false,
      closeTimeout: 100,
      onData: (stream, session, callback) => {
        simpleParser(stream)
          .then((parsed) => {
            const to = session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase());
            arrive(received(parsed, to));
            callback();
          })
          .catch((error: unknown) => callback(error as Error));
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    const mailbox = new Mailbox(server, (server.server.address() as AddressInfo).port);
    arrive = (email) => {
      mailbox.received.push(email);
      for (const waiter of [...mailbox.#waiters]) waiter();
    };
    return mailbox;
  }

  /** What SMTP_URL names to send here. */
  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  /** The first email to `address` with `subject`, waiting for it up to `timeoutMs`. */
  async receive(address: string, subject: string, timeoutMs = 20_000): Promise<ReceivedEmail> {
    const wanted = address.toLowerCase();
    const find = () =>
      this.received.find((email) => email.to.includes(wanted) && email.subject === subject);
    const found = await new Promise<ReceivedEmail | undefined>((resolve) => {
      const check = () => {
        const email = find();
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
      const arrived = this.received.map((email) => `${email.to.join(', ')}: ${email.subject}`);
      throw new Error(
        `no email "${subject}" to ${address} within ${timeoutMs} ms; arrived: ${arrived.join(' | ') || 'none'}`,
      );
    }
    return found;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

function received(parsed: ParsedMail, to: string[]): ReceivedEmail {
  return {
    to,
    subject: parsed.subject ?? '',
    text: parsed.text ?? '',
    html: typeof parsed.html === 'string' ? parsed.html : '',
  };
}

/**
 * The links to `pathname` in an email's text part and in its HTML part's hrefs, as written
 * (a relative one too, so a test can tell it is not absolute).
 */
export function linksTo(
  email: ReceivedEmail,
  pathname: string,
): { text: string[]; html: string[] } {
  const to = (link: string) => new URL(link, 'http://relative.invalid').pathname === pathname;
  const inText = new RegExp(`[^\\s<>"'(\\[]*${pathname}\\?[^\\s<>"')\\]]+`, 'g');
  const fromText = [...email.text.matchAll(inText)].map((match) => match[0]);
  const fromHtml = [...email.html.matchAll(/href="([^"]+)"/g)].map((match) =>
    (match[1] ?? '').replaceAll('&amp;', '&'),
  );
  return { text: fromText.filter(to), html: fromHtml.filter(to) };
}

/** A TCP port nothing listens on right now, for a server that must know its address up front. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
