import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';
import { wholeNumberText } from '@reloop/shared';

/**
 * Every environment variable Reloop reads, parsed once at start. Anything invalid stops
 * start-up with a single line naming the variable, rather than failing later mid-request.
 */
const booleanFlag = z.enum(['true', 'false']).transform((value) => value === 'true');

/** A decimal number carried as text: digits with an optional fraction, nothing else. */
const decimalText = ({ min, max }: { min: number; max: number }) =>
  z
    .string()
    .regex(/^\d{1,6}(\.\d{1,6})?$/, 'must be a number such as 48 or 0.5')
    .transform(Number)
    .pipe(z.number().min(min).max(max));

const envSchema = z
  .object({
    PORT: wholeNumberText({ min: 0, max: 65535 }).default(3000),
    HOST: z.string().min(1).default('localhost'),
    METRICS_PORT: wholeNumberText({ min: 0, max: 65535 }).optional(),
    METRICS_HOST: z.string().min(1).optional(),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
    JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    ADMIN_EMAIL: z.string().trim().toLowerCase().pipe(z.email()).optional(),
    ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
    SEED_DEMO: booleanFlag.default(true),
    PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
    STRIPE_SECRET_KEY: z.string().startsWith('sk_').optional(),
    STRIPE_PUBLISHABLE_KEY: z.string().startsWith('pk_').optional(),
    STRIPE_WEBHOOK_SECRET: z.string().startsWith('whsec_').optional(),
    OIDC_ISSUER: z.url({ protocol: /^https?$/ }).optional(),
    OIDC_CLIENT_ID: z.string().min(1).optional(),
    OIDC_CLIENT_SECRET: z.string().min(1).optional(),
    REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
    REDIS_KEY_PREFIX: z
      .string()
      .regex(/^[\w:.-]{1,50}$/, 'must be 1–50 of A–Z a–z 0–9 _ : . -')
      .default('reloop:'),
    S3_BUCKET: z.string().min(1).optional(),
    S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
    S3_REGION: z.string().min(1).default('us-east-1'),
    S3_FORCE_PATH_STYLE: booleanFlag.default(false),
    S3_PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
    AWS_ACCESS_KEY_ID: z.string().min(1).optional(),
    AWS_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    TRUST_PROXY: z
      .string()
      .regex(/^[\w.:/, -]+$/, 'must list addresses, ranges or loopback')
      .optional(),
    SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
    MAIL_FROM: z.string().trim().min(3).default('Reloop <no-reply@localhost>'),
    COMPLAINT_WINDOW_HOURS: decimalText({ min: 0.0001, max: 24 * 90 }).default(48),
    PLATFORM_FEE_PERCENT: decimalText({ min: 0, max: 50 }).default(0),
    SEARCH_DIGEST_HOURS: decimalText({ min: 0.0001, max: 24 * 30 }).default(24),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
  })
  .superRefine((env, ctx) => {
    requireTogether(ctx, env, ['ADMIN_EMAIL', 'ADMIN_PASSWORD']);
    requireTogether(ctx, env, [
      'STRIPE_SECRET_KEY',
      'STRIPE_PUBLISHABLE_KEY',
      'STRIPE_WEBHOOK_SECRET',
    ]);
    requireTogether(ctx, env, ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET']);
    requireTogether(ctx, env, ['AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY']);
    for (const name of ['S3_ENDPOINT', 'S3_PUBLIC_URL'] as const) {
      if (env[name] !== undefined && env.S3_BUCKET === undefined) {
        ctx.addIssue({ code: 'custom', path: [name], message: 'needs S3_BUCKET' });
      }
    }
    // Every instance on a shared database must sign tokens with the same secret; one
    // generated into a single instance's DATA_DIR would sign its users out of the others.
    if (env.DATABASE_URL !== undefined && env.JWT_SECRET === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['JWT_SECRET'],
        message: 'is required when DATABASE_URL is set (every instance must share it)',
      });
    }
  });

type Env = z.infer<typeof envSchema>;

function requireTogether(ctx: z.RefinementCtx, env: Env, names: (keyof Env)[]): void {
  const present = names.filter((name) => env[name] !== undefined);
  if (present.length === 0 || present.length === names.length) return;
  for (const name of names.filter((n) => env[n] === undefined)) {
    ctx.addIssue({
      code: 'custom',
      path: [name],
      message: `is required when ${present.join(' and ')} ${present.length > 1 ? 'are' : 'is'} set`,
    });
  }
}

export interface AppConfig {
  port: number;
  host: string;
  /** Where `GET /metrics` answers, apart from the public port; off without METRICS_PORT. */
  metrics: { port: number; host: string } | undefined;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Absent only until resolveJwtSecret() fills it from DATA_DIR. */
  jwtSecret: string | undefined;
  admin: { email: string; password: string } | undefined;
  seedDemo: boolean;
  publicUrl: string | undefined;
  stripe: { secretKey: string; publishableKey: string; webhookSecret: string } | undefined;
  oidc: { issuer: string; clientId: string; clientSecret: string } | undefined;
  /** Counters shared by every instance (rate limits, the sign-in throttle); memory without it. */
  redis: { url: string; keyPrefix: string } | undefined;
  /** Images in an S3-compatible bucket; files under DATA_DIR/images without it. */
  s3: S3Config | undefined;
  /** The balancers whose X-Forwarded-For names the client (fastify's `trustProxy`). */
  trustProxy: string | undefined;
  /** Where email goes: SMTP_URL, or files under DATA_DIR/mail without it. */
  mail: { smtpUrl: string | undefined; from: string };
  /** Escrow (DESIGN §15): how long a buyer may complain after the handover, and Reloop's fee. */
  money: MoneySettings;
  /** The least time between two digests of one user's saved-search matches (DESIGN §17). */
  searchDigestEveryMs: number;
  logLevel: Env['LOG_LEVEL'];
}

export interface MoneySettings {
  complaintWindowMs: number;
  /** Of each released sale, rounded to the cent. */
  feePercent: number;
}

export interface S3Config {
  bucket: string;
  /** An S3-compatible server's address; AWS's own endpoint for the region without it. */
  endpoint: string | undefined;
  region: string;
  forcePathStyle: boolean;
  /** Where browsers can fetch the bucket's objects directly (a CDN or a public bucket). */
  publicUrl: string | undefined;
  /** Without them the AWS SDK looks further (a profile, the machine's role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
}

/**
 * Whether users reach Reloop over https, as PUBLIC_URL says: only then may browsers be told to
 * insist on https (HSTS) and cookies be marked Secure. Without PUBLIC_URL nothing says so.
 */
export const servedOverHttps = (config: Pick<AppConfig, 'publicUrl'>): boolean =>
  config.publicUrl?.startsWith('https:') === true;

/**
 * Where links in emails, the payment provider's return links and the sitemaps point: PUBLIC_URL, or else this
 * instance's own address as it listens (PORT=0 picks a port only when listening, so it is read
 * then).
 */
export function publicBaseUrl(
  config: Pick<AppConfig, 'publicUrl' | 'host' | 'port'>,
  listening: AddressInfo | string | null,
): string {
  if (config.publicUrl) return config.publicUrl;
  const host = ['0.0.0.0', '::'].includes(config.host) ? 'localhost' : config.host;
  const port = typeof listening === 'object' && listening ? listening.port : config.port;
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses the environment; throws a ConfigError whose message fits on one line. */
export function loadConfig(source: NodeJS.ProcessEnv): AppConfig {
  // An empty variable (FOO=) means "not set", as shells and .env files commonly produce.
  const defined = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(defined);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join('.')} ${issue.message.replace(/^Invalid input: /, '')}`,
    );
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  const env = parsed.data;
  return {
    port: env.PORT,
    host: env.HOST,
    metrics:
      env.METRICS_PORT === undefined
        ? undefined
        : { port: env.METRICS_PORT, host: env.METRICS_HOST ?? env.HOST },
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    jwtSecret: env.JWT_SECRET,
    admin:
      env.ADMIN_EMAIL && env.ADMIN_PASSWORD
        ? { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD }
        : undefined,
    seedDemo: env.SEED_DEMO,
    publicUrl: env.PUBLIC_URL?.replace(/\/+$/, ''),
    stripe:
      env.STRIPE_SECRET_KEY && env.STRIPE_PUBLISHABLE_KEY && env.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: env.STRIPE_SECRET_KEY,
            publishableKey: env.STRIPE_PUBLISHABLE_KEY,
            webhookSecret: env.STRIPE_WEBHOOK_SECRET,
          }
        : undefined,
    oidc:
      env.OIDC_ISSUER && env.OIDC_CLIENT_ID && env.OIDC_CLIENT_SECRET
        ? {
            issuer: env.OIDC_ISSUER,
            clientId: env.OIDC_CLIENT_ID,
            clientSecret: env.OIDC_CLIENT_SECRET,
          }
        : undefined,
    redis: env.REDIS_URL ? { url: env.REDIS_URL, keyPrefix: env.REDIS_KEY_PREFIX } : undefined,
    s3: env.S3_BUCKET
      ? {
          bucket: env.S3_BUCKET,
          endpoint: env.S3_ENDPOINT,
          region: env.S3_REGION,
          forcePathStyle: env.S3_FORCE_PATH_STYLE,
          publicUrl: env.S3_PUBLIC_URL?.replace(/\/+$/, ''),
          credentials:
            env.AWS_ACCESS_KEY_ID && env.AWS_SECRET_ACCESS_KEY
              ? { accessKeyId: env.AWS_ACCESS_KEY_ID, secretAccessKey: env.AWS_SECRET_ACCESS_KEY }
              : undefined,
        }
      : undefined,
    trustProxy: env.TRUST_PROXY,
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM },
    money: {
      complaintWindowMs: Math.round(env.COMPLAINT_WINDOW_HOURS * 3_600_000),
      feePercent: env.PLATFORM_FEE_PERCENT,
    },
    searchDigestEveryMs: Math.round(env.SEARCH_DIGEST_HOURS * 3_600_000),
    logLevel: env.LOG_LEVEL,
  };
}

/**
 * Without JWT_SECRET a secret is generated once and kept in DATA_DIR, so tokens survive a
 * restart without anyone having to invent a secret for a local run.
 */
export function resolveJwtSecret(config: AppConfig): string {
  if (config.jwtSecret) return config.jwtSecret;
  const file = path.join(config.dataDir, 'jwt-secret');
  try {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= 32) return stored;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const secret = randomBytes(48).toString('base64url');
  mkdirSync(config.dataDir, { recursive: true });
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
