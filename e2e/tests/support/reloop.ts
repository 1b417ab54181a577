import { readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { ApiClient } from '../../src/api.ts';
import { connectChromium } from '../../src/browser.ts';
import { startServer, type RunningServer } from '../../src/server.ts';
import { createPostgresDatabase } from '../../src/postgres.ts';

export { DEMO_PASSWORD } from '../../src/api.ts';
const artifactsDir = fileURLToPath(new URL('../../artifacts/', import.meta.url));

export interface Reloop {
  server: RunningServer;
  browser: Browser;
  api: ApiClient;
}

/**
 * Starts a fresh Reloop (demo data, test payments, its embedded PostgreSQL — or, when asked, a
 * new database on a PostgreSQL server through DATABASE_URL) for the test file, and connects to
 * the run's headless chromium; the getter is valid inside tests. `env` adds to the server's
 * environment, read when it starts (after the file's earlier beforeAll hooks).
 */
export function useReloop(
  options: { postgresUrl?: string; env?: () => Record<string, string> } = {},
): () => Reloop {
  let reloop: Reloop | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const database = options.postgresUrl
      ? await createPostgresDatabase(options.postgresUrl)
      : undefined;
    dropDatabase = database?.drop;
    const server = await startServer({ ...database?.serverEnv, ...options.env?.() });
    const browser = await connectChromium(inject('chromiumEndpoint'));
    reloop = { server, browser, api: new ApiClient(server.url) };
  }, 60_000);
  afterAll(async () => {
    // Closes this file's contexts and its connection; the browser stays for the other files.
    await reloop?.browser.close();
    await reloop?.server.stop();
    await dropDatabase?.();
  }, 30_000);
  return () => {
    if (!reloop) throw new Error('Reloop is not running');
    return reloop;
  };
}

export interface PageOptions extends BrowserContextOptions {
  /** An API token to start signed in with (as after a login). */
  token?: string | undefined;
}

/**
 * Runs `journey` in a fresh browser context. When it fails, a screenshot and the page's console
 * log are written to e2e/artifacts/<name>.{png,log} before the error is passed on.
 */
export async function inBrowser(
  reloop: Reloop,
  name: string,
  journey: (page: Page) => Promise<void>,
  { token, ...contextOptions }: PageOptions = {},
): Promise<void> {
  const context = await reloop.browser.newContext({
    baseURL: reloop.server.url,
    viewport: { width: 1280, height: 800 },
    ...contextOptions,
  });
  if (token) {
    await context.addInitScript((saved) => localStorage.setItem('jwttoken', saved), token);
  }
  const page = await context.newPage();
  const consoleLines: string[] = [];
  page.on('console', (message) => consoleLines.push(`[${message.type()}] ${message.text()}`));
  page.on('pageerror', (error) => consoleLines.push(`[pageerror] ${error.message}`));
  try {
    await journey(page);
  } catch (error) {
    const file = `${artifactsDir}${name.replaceAll(/[^\w-]+/g, '-')}`;
    await mkdir(artifactsDir, { recursive: true });
    await page.screenshot({ path: `${file}.png` }).catch(() => undefined);
    await writeFile(`${file}.log`, `${page.url()}\n${consoleLines.join('\n')}\n`);
    // CI keeps only its output, not the artifacts: the error itself says where the page stood.
    if (error instanceof Error) error.message += await whereThePageStood(page, consoleLines);
    throw error;
  } finally {
    await context.close();
  }
}

/**
 * Runs `journey` with a booking's buyer and seller each signed in (as their API clients are) in a
 * browser of their own, both open at once.
 */
export function asBuyerAndSeller(
  reloop: Reloop,
  name: string,
  people: { buyer: ApiClient; seller: ApiClient },
  journey: (buyerPage: Page, sellerPage: Page) => Promise<void>,
): Promise<void> {
  return inBrowser(
    reloop,
    `${name}-buyer`,
    (buyerPage) =>
      inBrowser(reloop, `${name}-seller`, (sellerPage) => journey(buyerPage, sellerPage), {
        token: people.seller.token,
      }),
    { token: people.buyer.token },
  );
}

/** The page's address, headings, alerts and last console lines, for a failure's message. */
async function whereThePageStood(page: Page, consoleLines: string[]): Promise<string> {
  const texts = (role: 'heading' | 'alert') =>
    page
      .getByRole(role)
      .allInnerTexts()
      .catch(() => ['(unreadable)']);
  return [
    '',
    `  page: ${page.url()}`,
    `  headings: ${JSON.stringify(await texts('heading'))}`,
    `  alerts: ${JSON.stringify(await texts('alert'))}`,
    ...consoleLines.slice(-10).map((line) => `  console: ${line}`),
  ].join('\n');
}

/**
 * Ends every transition and animation at once while axe looks: a button fading to its hover
 * colour under the pointer (after a click that navigated) shows colours halfway that no settled
 * state has, and axe judged such a frame as too little contrast.
 */
const SETTLED =
  '*, *::before, *::after { transition: none !important; animation: none !important; }';

/** The serious and critical accessibility violations axe finds on the page as it settles. */
export async function severeViolations(page: Page): Promise<string[]> {
  const settled = await page.addStyleTag({ content: SETTLED });
  const { violations } = await new AxeBuilder({ page }).analyze();
  await settled.evaluate((style) => style.parentNode?.removeChild(style));
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.nodes
          .slice(0, 3)
          .map((node) => `${node.target.join(' ')} ${node.any[0]?.message ?? ''}`.trim())
          .join(' | ')}`,
    );
}

/** Asserts axe finds no serious or critical accessibility violation on the page as it settles. */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  expect(await severeViolations(page), `accessibility of ${screen}`).toEqual([]);
}

/** Waits for a toast with exactly this text. */
export async function expectToast(page: Page, text: string): Promise<void> {
  await page.getByRole('status').filter({ hasText: text }).first().waitFor();
}

let unique = 0;
/** An email no other test uses. */
export const newEmail = (who: string) => `${who}-${Date.now()}-${(unique += 1)}@example.com`;

/** The demo data's path to a photo that the browser can upload. */
export const samplePhoto = fileURLToPath(
  new URL('../../../apps/api/seed/images/avatar-buyer.jpg', import.meta.url),
);

/**
 * `samplePhoto` under each of `names`, as a file input takes them: several photos of one
 * listing, which its uploads tell apart by their file names.
 */
export function samplePhotos(
  ...names: string[]
): { name: string; mimeType: string; buffer: Buffer }[] {
  const buffer = readFileSync(samplePhoto);
  return names.map((name) => ({ name, mimeType: 'image/jpeg', buffer }));
}

/** The API token the page is signed in with, as the web app stored it. */
export const tokenIn = (page: Page) => page.evaluate(() => localStorage.getItem('jwttoken') ?? '');

/** Signs up through the API as the web app does and returns a client with the API token. */
export async function registerByApi(
  api: ApiClient,
  role: 'buyer' | 'seller',
  name: string,
): Promise<{ email: string; client: ApiClient }> {
  const email = newEmail(role);
  const { idToken } = await api.request<{ idToken: string }>('POST', '/auth/signup', {
    email,
    password: 'correct horse',
    displayName: name,
  });
  const { token } = await api.request<{ token: string }>(
    'POST',
    '/jwtgenerate',
    { email },
    idToken,
  );
  await api.request('POST', '/register', { userEmail: email, userName: name, role }, token);
  return { email, client: new ApiClient(api.baseUrl, token) };
}
