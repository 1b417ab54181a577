import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, resolveJwtSecret } from '../../src/config.ts';

const configError = (env: Record<string, string>) => {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('expected a ConfigError');
};

describe('loadConfig', () => {
  it('has defaults that run Reloop locally with demo data and test payments', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: 'localhost',
      dataDir: path.resolve('data'),
      databaseUrl: undefined,
      seedDemo: true,
      stripe: undefined,
      oidc: undefined,
      admin: undefined,
      metrics: undefined,
    });
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATA_DIR: '/srv/reloop',
      DATABASE_URL: 'postgres://reloop@db:5432/reloop',
      JWT_SECRET: 'x'.repeat(40),
      ADMIN_EMAIL: 'Boss@Example.com',
      ADMIN_PASSWORD: 'long enough',
      SEED_DEMO: 'false',
      PUBLIC_URL: 'https://reloop.example/',
      REDIS_URL: 'redis://cache:6379/2',
      S3_BUCKET: 'reloop-images',
      S3_ENDPOINT: 'http://minio:9000',
      S3_FORCE_PATH_STYLE: 'true',
      S3_PUBLIC_URL: 'https://images.reloop.example/',
      TRUST_PROXY: '10.0.0.0/8, 127.0.0.1',
      METRICS_PORT: '9464',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      // The metrics listen where the app does unless METRICS_HOST says otherwise.
      metrics: { port: 9464, host: '0.0.0.0' },
      dataDir: '/srv/reloop',
      databaseUrl: 'postgres://reloop@db:5432/reloop',
      admin: { email: 'boss@example.com', password: 'long enough' },
      seedDemo: false,
      publicUrl: 'https://reloop.example',
      redis: { url: 'redis://cache:6379/2', keyPrefix: 'reloop:' },
      s3: {
        bucket: 'reloop-images',
        endpoint: 'http://minio:9000',
        region: 'us-east-1',
        forcePathStyle: true,
        publicUrl: 'https://images.reloop.example',
      },
      trustProxy: '10.0.0.0/8, 127.0.0.1',
    });
  });

  it('listens for metrics on METRICS_HOST when it is set', () => {
    expect(loadConfig({ METRICS_PORT: '0', METRICS_HOST: '127.0.0.1' }).metrics).toEqual({
      port: 0,
      host: '127.0.0.1',
    });
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '', REDIS_URL: '', S3_BUCKET: '' })).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
      redis: undefined,
      s3: undefined,
    });
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ PORT: '8e3' }, 'PORT'],
    [{ PORT: '0x50' }, 'PORT'],
    [{ PORT: ' 80' }, 'PORT'],
    [{ SEED_DEMO: 'yes' }, 'SEED_DEMO'],
    [{ METRICS_PORT: 'nine' }, 'METRICS_PORT'],
    [{ DATABASE_URL: 'mysql://localhost/reloop', JWT_SECRET: 'x'.repeat(32) }, 'DATABASE_URL'],
    [{ DATABASE_URL: 'postgres://db/reloop' }, 'JWT_SECRET is required when DATABASE_URL is set'],
    [{ REDIS_URL: 'http://cache:6379' }, 'REDIS_URL'],
    [{ REDIS_URL: 'redis://cache', REDIS_KEY_PREFIX: 'a b' }, 'REDIS_KEY_PREFIX'],
    [{ S3_ENDPOINT: 'http://minio:9000' }, 'S3_ENDPOINT needs S3_BUCKET'],
    [{ S3_PUBLIC_URL: 'https://cdn.example' }, 'S3_PUBLIC_URL needs S3_BUCKET'],
    [{ S3_BUCKET: 'b', S3_FORCE_PATH_STYLE: 'yes' }, 'S3_FORCE_PATH_STYLE'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET must be at least 32 characters'],
    [{ ADMIN_EMAIL: 'admin@example.com' }, 'ADMIN_PASSWORD is required when ADMIN_EMAIL is set'],
    [
      { STRIPE_SECRET_KEY: 'sk_test_1' },
      'STRIPE_PUBLISHABLE_KEY is required when STRIPE_SECRET_KEY is set',
    ],
    [
      { OIDC_ISSUER: 'https://accounts.google.com', OIDC_CLIENT_ID: 'x' },
      'OIDC_CLIENT_SECRET is required',
    ],
  ])('rejects %o with one line naming the problem', (env, expected) => {
    const message = configError(env);
    expect(message).toContain(expected);
    expect(message).toMatch(/^Invalid configuration: /);
    expect(message).not.toContain('\n');
  });

  it('lists several problems in the same line', () => {
    const message = configError({ PORT: '-1', SEED_DEMO: 'maybe' });
    expect(message).toContain('PORT');
    expect(message).toContain('SEED_DEMO');
    expect(message).not.toContain('\n');
  });
});

describe('resolveJwtSecret', () => {
  it('generates a secret once, keeps it private in DATA_DIR and reuses it', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'reloop-secret-'));
    try {
      const config = loadConfig({ DATA_DIR: dataDir });
      const first = resolveJwtSecret(config);
      expect(first.length).toBeGreaterThanOrEqual(32);
      expect(resolveJwtSecret(config)).toBe(first);
      const file = path.join(dataDir, 'jwt-secret');
      expect((await readFile(file, 'utf8')).trim()).toBe(first);
      expect((await stat(file)).mode & 0o077).toBe(0);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('prefers JWT_SECRET when it is set', () => {
    const secret = 's'.repeat(32);
    expect(resolveJwtSecret(loadConfig({ JWT_SECRET: secret, DATA_DIR: '/nonexistent' }))).toBe(
      secret,
    );
  });
});
