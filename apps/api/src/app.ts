import { randomUUID } from 'node:crypto';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { publicBaseUrl, type AppConfig } from './config.ts';
import type { Database, DatabaseHandle } from './db/client.ts';
import { MemorySignInThrottle, type SignInThrottle } from './identity/sign-in-throttle.ts';
import { TokenService } from './identity/tokens.ts';
import { registerImageServing } from './images/serving.ts';
import { DiskImageStore, type BucketImageStore, type ImageStore } from './images/storage.ts';
import { LiveEventHub, type LiveEventHubOptions } from './events/hub.ts';
import { startLiveEventPruning } from './events/pruning.ts';
import { JobQueue, type JobQueueOptions } from './jobs/queue.ts';
import { startMail } from './mail/mailer.ts';
import { meteredPayments } from './metrics/metered-payments.ts';
import { registerMetrics } from './metrics/listener.ts';
import { UnsubscribeLinks } from './mail/unsubscribe.ts';
import { connectRedis } from './redis.ts';
import { authPlugin } from './plugins/auth.ts';
import { CategoryCatalog } from './products/categories.ts';
import { registerDocs } from './plugins/docs.ts';
import { registerErrorHandler } from './plugins/errors.ts';
import { registerSecurity } from './plugins/security.ts';
import { allowancesPlugin } from './plugins/allowances.ts';
import { responseSerializerCompiler } from './plugins/serializer.ts';
import { registerStaticFiles } from './plugins/static-files.ts';
import { registerSeo } from './seo/routes.ts';
import type { PaymentProvider } from './payments/provider.ts';
import {
  createStripeClient,
  StripePaymentProvider,
  type StripeConnection,
} from './payments/stripe-provider.ts';
import { settleInterruptedPayments } from './payments/reconciliation.ts';
import { startRefunds } from './payments/refund-jobs.ts';
import { startReleases, type Escrow } from './money/escrow.ts';
import { startReveals, type Reputation } from './reviews/reviews.ts';
import { startSuspensionEnds } from './moderation/suspensions.ts';
import { startDigests, type Digests } from './saved-searches/digest.ts';
import { startListingNews } from './watchlist/listing-news.ts';
import { startPayouts } from './money/payouts.ts';
import { TestPaymentProvider } from './payments/test-provider.ts';
import accountRoutes from './routes/api/auth/account.ts';
import authRoutes from './routes/api/auth/index.ts';
import bookingRoutes from './routes/api/bookings/index.ts';
import messageRoutes from './routes/api/messages/index.ts';
import questionRoutes from './routes/api/questions/index.ts';
import moneyRoutes from './routes/api/money/index.ts';
import reviewRoutes from './routes/api/reviews/index.ts';
import savedSearchRoutes from './routes/api/saved-searches/index.ts';
import watchlistRoutes from './routes/api/watchlist/index.ts';
import notificationRoutes from './routes/api/notifications/index.ts';
import eventRoutes from './routes/api/events/index.ts';
import saleRoutes from './routes/api/sales/index.ts';
import paymentRoutes from './routes/api/payments/index.ts';
import stripeWebhookRoutes from './routes/api/payments/stripe-webhook.ts';
import oidcRoutes from './routes/api/auth/oidc.ts';
import { OidcSignIn } from './identity/oidc.ts';
import productRoutes from './routes/api/products/index.ts';
import userRoutes from './routes/api/users/index.ts';
import moderationRoutes from './routes/api/moderation/index.ts';
import imageRoutes from './routes/api/images/index.ts';
import systemRoutes from './routes/api/system/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    db: Database;
    tokens: TokenService;
    images: ImageStore;
    /** The counters every instance shares; undefined when REDIS_URL is not set. */
    redis: Redis | undefined;
    signInThrottle: SignInThrottle;
    /** True from the moment closing starts: readiness fails, answers close their connection. */
    readonly isClosing: boolean;
    payments: PaymentProvider;
    categories: CategoryCatalog;
    /** Work that runs later or again (emails first): DESIGN §14. */
    jobs: JobQueue;
    unsubscribeLinks: UnsubscribeLinks;
    /** Held money, complaints, releases and payouts (DESIGN §15). */
    escrow: Escrow;
    /** Reviews, their reveal and the ratings they make (DESIGN §16). */
    reputation: Reputation;
    /** This instance's open event streams and the events they get (DESIGN §17). */
    liveEvents: LiveEventHub;
    /** Where `GET /metrics` answers once the app is ready; undefined without METRICS_PORT. */
    readonly metricsPort: number | undefined;
  }
}

export interface AppOptions {
  config: AppConfig;
  jwtSecret: string;
  database: DatabaseHandle;
  /** The built web app to serve; absent in API-only tests. */
  webDistDir?: string;
  /** Counts failed sign-ins; in this process's memory unless another store is given. */
  signInThrottle?: SignInThrottle;
  /** Where the Stripe SDK connects when Stripe is configured; tests use a loopback stub. */
  stripeConnection?: StripeConnection;
  /** The job queue's retry pace; tests shorten it. */
  jobs?: JobQueueOptions;
  /** How often event streams get a heartbeat and have their sessions checked; tests shorten it. */
  liveEvents?: Partial<LiveEventHubOptions>;
  /** Wraps the configured payment provider; tests use it to make the provider fail. */
  wrapPayments?: (provider: PaymentProvider) => PaymentProvider;
  logger?: boolean;
}

const REQUEST_ID = /^[\w.:-]{1,100}$/;
const PRETTY_LOGS = {
  target: 'pino-pretty',
  options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname', singleLine: true },
};

/** Builds the whole HTTP app; server.ts only adds listening and signals. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.authorization'],
            // A person at a terminal reads lines; anything else (a file, a log shipper) gets JSON.
            ...(process.stdout.isTTY ? { transport: PRETTY_LOGS } : {}),
          },
    // Reuse a caller's request id (e.g. from a proxy) when it looks sane, so logs correlate.
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    bodyLimit: 1024 * 1024,
    // While closing, a request on an open keep-alive connection is answered (with `Connection:
    // close`), not refused with a 503: the client sent it before it could know. server.ts drains
    // the connections itself (drainOnClose), so forceCloseConnections keeps its default.
    return503OnClosing: false,
    // Behind a balancer, the client is the address X-Forwarded-For names: the sign-in throttle
    // and the rate limits count per client, not per balancer.
    trustProxy: config.trustProxy ?? false,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);

  // The S3 and Redis clients (about 20 MB and 100–200 ms each) load only when configured.
  const images: DiskImageStore | BucketImageStore = config.s3
    ? await new (await import('./images/s3-store.ts')).S3ImageStore(config.s3).checkReachable()
    : new DiskImageStore(path.join(config.dataDir, 'images'));
  const redis = config.redis ? await connectRedis(config.redis, app.log) : undefined;
  app.decorate('config', config);
  app.decorate('db', database.db);
  app.decorate('tokens', new TokenService(options.jwtSecret));
  app.decorate<ImageStore>('images', images);
  app.decorate('redis', redis);
  app.decorate('categories', new CategoryCatalog(database.db));
  app.decorate(
    'signInThrottle',
    options.signInThrottle ??
      (redis
        ? new (await import('./identity/redis-sign-in-throttle.ts')).RedisSignInThrottle(redis)
        : new MemorySignInThrottle()),
  );
  const jobs = new JobQueue(database.url, app.log, options.jobs);
  app.decorate('jobs', jobs);
  const liveEvents = new LiveEventHub(database.url, app.log, {
    heartbeatMs: 15_000,
    ...options.liveEvents,
  });
  app.decorate('liveEvents', liveEvents);
  const metered =
    config.metrics && registerMetrics(app, config.metrics, { database, jobs, liveEvents });
  app.decorate('metricsPort', { getter: () => metered?.listener.port });
  const provider: PaymentProvider = config.stripe
    ? new StripePaymentProvider(
        createStripeClient(config.stripe.secretKey, options.stripeConnection),
        config.stripe.webhookSecret,
      )
    : new TestPaymentProvider(database.db);
  const wrapped = options.wrapPayments?.(provider) ?? provider;
  const payments = metered ? meteredPayments(wrapped, metered.metrics) : wrapped;
  app.decorate('payments', payments);
  app.decorate('unsubscribeLinks', new UnsubscribeLinks(options.jwtSecret));
  const escrow: Escrow = { db: database.db, jobs, payments, settings: config.money };
  app.decorate('escrow', escrow);
  const mail = startMail(app);
  startRefunds(app);
  startReleases(escrow);
  startPayouts(escrow);
  const reputation: Reputation = { db: database.db, jobs };
  app.decorate('reputation', reputation);
  startReveals(reputation);
  startSuspensionEnds(database.db, jobs);
  startLiveEventPruning(database.db, jobs);
  const digests: Digests = { db: database.db, jobs, everyMs: config.searchDigestEveryMs };
  startListingNews(digests);
  startDigests(digests);

  // Settling what a crash or a closed tab left half paid may call the provider for each
  // payment: it runs beside serving, and closing waits for it so the database stays open.
  let settling: Promise<unknown> = Promise.resolve();
  app.addHook('onReady', async () => {
    await jobs.start();
    settling = settleInterruptedPayments(database.db, payments, jobs, app.log).catch(
      (error: unknown) => app.log.error({ err: error }, 'settling interrupted payments failed'),
    );
  });
  app.addHook('onClose', async () => {
    await settling;
    // Running jobs finish first: an email being sent is sent, not sent again after a restart.
    await jobs.stop();
    await liveEvents.stop();
    mail.close();
    redis?.disconnect();
    await database.close();
  });

  // Registered first, so it runs before any other preClose hook (server.ts drains after it).
  let closing = false;
  app.decorate('isClosing', { getter: () => closing });
  app.addHook('preClose', async () => {
    closing = true;
    // Open streams would hold the drain until its timeout; their clients reconnect elsewhere.
    liveEvents.endStreams();
  });

  registerErrorHandler(app);
  await registerSecurity(app, {
    stripe: payments.name === 'stripe',
    redis,
    imageOrigin: config.s3?.publicUrl && new URL(config.s3.publicUrl).origin,
  });
  await registerDocs(app);
  await app.register(authPlugin);
  await app.register(allowancesPlugin);

  await app.register(systemRoutes, { prefix: '/api' });
  await app.register(authRoutes, { prefix: '/api' });
  await app.register(accountRoutes, { prefix: '/api' });
  if (config.oidc) {
    const settings = new OidcSignIn(config.oidc, options.jwtSecret);
    await app.register(oidcRoutes, { prefix: '/api', settings });
  }
  await app.register(imageRoutes, { prefix: '/api' });
  await app.register(userRoutes, { prefix: '/api' });
  await app.register(productRoutes, { prefix: '/api' });
  await app.register(moderationRoutes, { prefix: '/api' });
  await app.register(bookingRoutes, { prefix: '/api' });
  await app.register(saleRoutes, { prefix: '/api' });
  await app.register(messageRoutes, { prefix: '/api' });
  await app.register(questionRoutes, { prefix: '/api' });
  await app.register(notificationRoutes, { prefix: '/api' });
  await app.register(eventRoutes, { prefix: '/api' });
  await app.register(paymentRoutes, {
    prefix: '/api',
    testProvider: provider instanceof TestPaymentProvider ? provider : undefined,
  });
  await app.register(moneyRoutes, { prefix: '/api' });
  await app.register(reviewRoutes, { prefix: '/api' });
  await app.register(watchlistRoutes, { prefix: '/api' });
  await app.register(savedSearchRoutes, { prefix: '/api' });
  if (provider instanceof StripePaymentProvider) {
    // The webhook verifies signatures with the Stripe provider itself; what it records goes
    // through the app's provider, as every other call's does.
    await app.register(stripeWebhookRoutes, { prefix: '/api', provider, payments });
  }
  await registerImageServing(app, images);
  await registerSeo(app, {
    db: app.db,
    categories: app.categories,
    siteUrl: () => publicBaseUrl(config, app.server.address()),
  });
  await registerStaticFiles(app, {
    webDistDir: options.webDistDir,
    db: app.db,
    publicUrl: config.publicUrl,
  });

  return app;
}
