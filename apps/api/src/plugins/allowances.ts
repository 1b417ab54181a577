import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { messages } from '@reloop/shared';
import { HttpError } from '../http-errors.ts';

/**
 * What one user may send to others in a minute, whichever call sends it: a booking note is a
 * message to the seller, so it spends the message allowance as a message does. Counted per user
 * (two people behind one address each get their own), in Redis when it is configured, through
 * the rate-limit plugin's store (security.ts registers it first).
 */
export interface Allowance {
  /** Spends one, or refuses with 429 and `Retry-After` once the minute's are spent. */
  spend(request: FastifyRequest): Promise<void>;
}

/**
 * Account emails anyone may ask for (a reset link, a verification link, a new address's
 * confirmation): counted per client address and per email address, so neither one client
 * nor many can flood an inbox. Spent alike whether or not an account has the address, so a
 * 429 says nothing about one.
 */
export interface EmailAllowance {
  spend(request: FastifyRequest, email: string): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    allowances: Record<keyof typeof ALLOWANCES, Allowance> & { accountEmails: EmailAllowance };
  }
}

const ALLOWANCES = {
  /** Messages in a booking's thread, and notes sent with a booking. */
  messages: 20,
  /** Bookings made. */
  bookings: 10,
};

/** Account emails an hour, per client address and per recipient. */
const ACCOUNT_EMAILS = { perClient: 20, perRecipient: 5 };

export const allowancesPlugin = fp(
  async (app: FastifyInstance) => {
    /**
     * A counter of `max` a window per `keyOf(request)`, kept under `name` apart from the others
     * in the one store; spending past it is a 429 with `message`.
     */
    const counter = (
      name: string,
      limit: { max: number; timeWindow: string; message: string },
      keyOf: (request: FastifyRequest) => string,
    ) => {
      const limiter = app.createRateLimit({
        max: limit.max,
        timeWindow: limit.timeWindow,
        keyGenerator: (request) => `${name}:${keyOf(request)}`,
      });
      return async (request: FastifyRequest) => {
        const result = await limiter(request);
        if (!result.isAllowed && result.isExceeded) {
          throw new HttpError(429, limit.message, { 'retry-after': String(result.ttlInSeconds) });
        }
      };
    };
    const allowance = (name: string, max: number): Allowance => ({
      spend: counter(
        name,
        { max, timeWindow: '1 minute', message: messages.tooManyRequests },
        (request) => request.session?.user.id ?? request.ip,
      ),
    });
    const hourly = (max: number) => ({
      max,
      timeWindow: '1 hour',
      message: messages.tooManyAccountEmails,
    });
    // The address an email is for, handed from spend() to the counter's key.
    const recipients = new WeakMap<FastifyRequest, string>();
    const perClient = counter(
      'account-emails-client',
      hourly(ACCOUNT_EMAILS.perClient),
      (request) => request.ip,
    );
    const perRecipient = counter(
      'account-emails-recipient',
      hourly(ACCOUNT_EMAILS.perRecipient),
      (request) => recipients.get(request) ?? '',
    );
    app.decorate('allowances', {
      messages: allowance('messages', ALLOWANCES.messages),
      bookings: allowance('bookings', ALLOWANCES.bookings),
      accountEmails: {
        async spend(request, email) {
          recipients.set(request, email.toLowerCase());
          await perClient(request);
          await perRecipient(request);
        },
      },
    });
  },
  { name: 'allowances', dependencies: ['@fastify/rate-limit'] },
);
