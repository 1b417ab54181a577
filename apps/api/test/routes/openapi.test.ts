import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  API_TYPES_FILE,
  renderApiTypes,
  servedDocument,
} from '../../../../scripts/api-types/render.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * The OpenAPI document is a contract: redocly lints it (with the repository's redocly.yaml),
 * and the web app's generated API types must be the ones this document gives.
 */
const root = fileURLToPath(new URL('../../../../', import.meta.url));
const redocly = createRequire(import.meta.url).resolve('@redocly/cli/bin/cli.js');

let t: TestApp;
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'reloop-openapi-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));
afterEach(() => t.close());

interface LintResult {
  exitCode: number;
  totals: { errors: number; warnings: number };
  problems: { severity: string; ruleId: string; message: string }[];
}

/** Runs `redocly lint` on the document, offline: no telemetry, no update check. */
async function lint(document: object, name: string): Promise<LintResult> {
  const file = path.join(dir, `${name}.json`);
  await writeFile(file, JSON.stringify(document));
  const { stdout, exitCode } = await promisify(execFile)(
    process.execPath,
    [redocly, 'lint', file, '--config', path.join(root, 'redocly.yaml'), '--format', 'json'],
    { env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } },
  ).then(
    ({ stdout }) => ({ stdout, exitCode: 0 }),
    // Problems found: the report on stdout says which.
    (error: { stdout?: string; code?: number }) => ({
      stdout: error.stdout ?? '',
      exitCode: error.code ?? 1,
    }),
  );
  return { exitCode, ...(JSON.parse(stdout) as Omit<LintResult, 'exitCode'>) };
}

describe('the OpenAPI document', () => {
  it('passes redocly lint with no errors nor warnings, every optional feature off or on', async () => {
    t = await createTestApp();
    const plain = await lint(await servedDocument(t.app), 'plain');
    await t.close();
    t = await createTestApp({
      env: {
        STRIPE_SECRET_KEY: 'sk_test_openapi',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_openapi',
        STRIPE_WEBHOOK_SECRET: 'whsec_openapi',
        OIDC_ISSUER: 'https://issuer.example',
        OIDC_CLIENT_ID: 'client',
        OIDC_CLIENT_SECRET: 'secret',
      },
    });
    const everything = await lint(await servedDocument(t.app), 'everything');
    for (const result of [plain, everything]) {
      expect(result.problems).toEqual([]);
      expect(result).toMatchObject({ exitCode: 0, totals: { errors: 0, warnings: 0 } });
    }
  });

  it('gives the web app the API types checked in (otherwise run `npm run api:types`)', async () => {
    t = await createTestApp();
    const expected = await renderApiTypes(await servedDocument(t.app));
    const checkedIn = await readFile(API_TYPES_FILE, 'utf8');
    expect(
      checkedIn === expected,
      `${path.relative(root, API_TYPES_FILE)} is not what the API documents: run \`npm run api:types\``,
    ).toBe(true);
  });
});
