import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';
import { wholeNumberText } from '@reloop/shared';

/**
 * Every environment variable Reloop reads, parsed once at start. Anything invalid stops
 * start-up with a single line naming the variable, rather than failing later mid-request.
 */
const booleanFlag = z.enum(['true', 'false']).transform((value) => value === 'true');

const envSchema = z
  .object({
    PORT: wholeNumberText({ min: 0, max: 65535 }).default(3000),
    HOST: z.string().min(1).default('localhost'),
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
  dataDir: string;
  databaseUrl: string | undefined;
  /** Absent only until resolveJwtSecret() fills it from DATA_DIR. */
  jwtSecret: string | undefined;
  admin: { email: string; password: string } | undefined;
  seedDemo: boolean;
  publicUrl: string | undefined;
  stripe: { secretKey: string; publishableKey: string; webhookSecret: string } | undefined;
  oidc: { issuer: string; clientId: string; clientSecret: string } | undefined;
  logLevel: Env['LOG_LEVEL'];
}

/**
 * Whether users reach Reloop over https, as PUBLIC_URL says: only then may browsers be told to
 * insist on https (HSTS) and cookies be marked Secure. Without PUBLIC_URL nothing says so.
 */
export const servedOverHttps = (config: Pick<AppConfig, 'publicUrl'>): boolean =>
  config.publicUrl?.startsWith('https:') === true;

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
