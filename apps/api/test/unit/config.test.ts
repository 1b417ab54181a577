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
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: '/srv/reloop',
      databaseUrl: 'postgres://reloop@db:5432/reloop',
      admin: { email: 'boss@example.com', password: 'long enough' },
      seedDemo: false,
      publicUrl: 'https://reloop.example',
    });
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
    });
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ PORT: '8e3' }, 'PORT'],
    [{ PORT: '0x50' }, 'PORT'],
    [{ PORT: ' 80' }, 'PORT'],
    [{ SEED_DEMO: 'yes' }, 'SEED_DEMO'],
    [{ DATABASE_URL: 'mysql://localhost/reloop' }, 'DATABASE_URL'],
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
