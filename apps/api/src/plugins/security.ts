import type { IncomingMessage, ServerResponse } from 'node:http';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import helmet, { type HelmetOptions } from 'helmet';
import { messages } from '@reloop/shared';
import { servedOverHttps } from '../config.ts';
import { HttpError } from '../http-errors.ts';

/**
 * Security headers for every response (helmet's, computed once: a document's for pages, an
 * API's for JSON; decision 016), and per-route rate limits (routes opt in through
 * `config.rateLimit`; sign-in additionally has its own failed-attempt throttle), counted in
 * Redis when it is configured, else in this process.
 */
export async function registerSecurity(
  app: FastifyInstance,
  options: { stripe: boolean; redis: Redis | undefined; imageOrigin: string | undefined },
): Promise<void> {
  // Stripe Elements loads Stripe.js, shows card fields in Stripe's frames and talks to its API.
  const stripe = options.stripe
    ? {
        script: ['https://js.stripe.com'],
        frame: ['https://js.stripe.com', 'https://hooks.stripe.com'],
        connect: ['https://api.stripe.com'],
      }
    : { script: [], frame: [], connect: [] };
  // Over plain http, HSTS would tell browsers to insist on an https that may not exist.
  const strictTransportSecurity = servedOverHttps(app.config);
  const documentHeaders = securityHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...stripe.script],
        frameSrc: ["'self'", ...stripe.frame],
        // React and the component library set inline style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Avatars may come from an identity provider's CDN.
        imgSrc: [
          "'self'",
          'data:',
          'blob:',
          'https:',
          ...(options.imageOrigin ? [options.imageOrigin] : []),
        ],
        connectSrc: ["'self'", ...stripe.connect],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    strictTransportSecurity,
  });
  const jsonHeaders = securityHeaders({
    contentSecurityPolicy: {
      directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
      useDefaults: false,
    },
    xFrameOptions: { action: 'deny' },
    strictTransportSecurity,
    // What only a document uses: no page is rendered from JSON.
    crossOriginOpenerPolicy: false,
    originAgentCluster: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  });
  // One synchronous hook for every response, errors and 404s included, once its type is known:
  // JSON gets the headers an API response needs (OWASP's REST set: nothing may load from it or
  // frame it, no sniffing), anything a browser may render as a page gets the document's.
  app.addHook('onSend', (request, reply, payload, done) => {
    const type = reply.getHeader('content-type');
    reply.headers(
      typeof type === 'string' && type.startsWith('application/json')
        ? jsonHeaders
        : documentHeaders,
    );
    reply.header('x-request-id', request.id);
    done(null, payload);
  });
  await app.register(rateLimit, {
    global: false,
    // With Redis every instance counts into the same window; while Redis is down requests go
    // through uncounted (the connection logs the outage) rather than the whole site refusing.
    ...(options.redis ? { redis: options.redis, nameSpace: 'rate:', skipOnError: true } : {}),
    errorResponseBuilder: (_request, context) =>
      new HttpError(429, messages.tooManyRequests, {
        'retry-after': String(Math.ceil(context.ttl / 1000)),
      }),
  });
}

/**
 * Helmet's headers depend only on its options, so they are computed once at start and every
 * response gets the same object, instead of running helmet's middleware chain per request.
 */
function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const collector = {
    setHeader: (name: string, value: string | number) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: () => {},
  };
  helmet(options)({} as IncomingMessage, collector as unknown as ServerResponse, () => {});
  return headers;
}
