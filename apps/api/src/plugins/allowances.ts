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

declare module 'fastify' {
  interface FastifyInstance {
    allowances: Record<keyof typeof ALLOWANCES, Allowance>;
  }
}

const ALLOWANCES = {
  /** Messages in a booking's thread, and notes sent with a booking. */
  messages: 20,
  /** Bookings made. */
  bookings: 10,
};

export const allowancesPlugin = fp(
  async (app: FastifyInstance) => {
    const allowance = (name: string, max: number): Allowance => {
      const limiter = app.createRateLimit({
        max,
        timeWindow: '1 minute',
        // The name keeps each allowance's counter apart in the one store.
        keyGenerator: (request) => `${name}:${request.session?.user.id ?? request.ip}`,
      });
      return {
        async spend(request) {
          const result = await limiter(request);
          if (!result.isAllowed && result.isExceeded) {
            throw new HttpError(429, messages.tooManyRequests, {
              'retry-after': String(result.ttlInSeconds),
            });
          }
        },
      };
    };
    app.decorate('allowances', {
      messages: allowance('messages', ALLOWANCES.messages),
      bookings: allowance('bookings', ALLOWANCES.bookings),
    });
  },
  { name: 'allowances', dependencies: ['@fastify/rate-limit'] },
);
