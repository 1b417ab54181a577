import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { messages } from '@reloop/shared';
import { HttpError } from '../http-errors.ts';

/**
 * Security headers for every response, and per-route rate limits (routes opt in through
 * `config.rateLimit`; sign-in additionally has its own failed-attempt throttle).
 */
export async function registerSecurity(
  app: FastifyInstance,
  options: { stripe: boolean },
): Promise<void> {
  // Stripe Elements loads Stripe.js, shows card fields in Stripe's frames and talks to its API.
  const stripe = options.stripe
    ? {
        script: ['https://js.stripe.com'],
        frame: ['https://js.stripe.com', 'https://hooks.stripe.com'],
        connect: ['https://api.stripe.com'],
      }
    : { script: [], frame: [], connect: [] };
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...stripe.script],
        frameSrc: ["'self'", ...stripe.frame],
        // React and the component library set inline style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Avatars may come from an identity provider's CDN.
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        connectSrc: ["'self'", ...stripe.connect],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
  });
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new HttpError(429, messages.tooManyRequests, {
        'retry-after': String(Math.ceil(context.ttl / 1000)),
      }),
  });
}
