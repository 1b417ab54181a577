// `npm run bench:web`: Lighthouse's mobile preset (its default: a mid-range phone on a slow 4G
// network, simulated) on the home page, a listing's page and the search page as a visitor and on
// a category page as the demo buyer, against Reloop started as `npm start` starts it (the
// production build, a scratch DATA_DIR). Then the image bytes a phone (390x844, DPR 2) loads for
// the search page's first screen: as loaded (the variants `srcset` picks) and, for the same
// images, the originals' sizes (what it loaded before there were variants).
// One unrecorded run of each page warms the server and the browser up; the measured runs are
// then interleaved (home, category, home…) so a slow moment of the machine spreads over both
// pages. Prints every run and the medians of the performance score, LCP, CLS and TBT, with the
// machine's load average (Lighthouse multiplies the CPU time it observes, so a busy machine
// scores lower), and exits 1 when a page's median score is below 95 or its median CLS is 0.05
// or more (DESIGN §9).
//
// BENCH_WEB_RUNS (default 3) runs per page; BENCH_POSTGRES_URL runs Reloop on a scratch
// database on that server instead of the embedded default. Debian's chromium (`CHROMIUM_PATH`),
// nothing but loopback traffic.
import { availableParallelism, loadavg } from 'node:os';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { ApiClient, DEMO_PASSWORD } from '../e2e/src/api.ts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../e2e/src/browser.ts';
import { createPostgresDatabase } from '../e2e/src/postgres.ts';
import { startServer } from '../e2e/src/server.ts';

const RUNS = Math.max(1, Number(process.env.BENCH_WEB_RUNS ?? 3));
const cpus = availableParallelism();
const MIN_SCORE = 95;
const MAX_CLS = 0.05;
/** Where the web app keeps its API token (apps/web/src/lib/token.ts). */
const TOKEN_KEY = 'jwttoken';
const SEARCH_PATH = '/search?q=laptop';

interface Page {
  name: string;
  path: string;
  /** The API token the browser holds during the audit; none for a visitor. */
  token: string | undefined;
}

interface Run {
  score: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
}

const log = (line: string) => console.log(line);

async function main(): Promise<boolean> {
  // The database is chosen here; one inherited from the shell must not leak in.
  delete process.env.DATABASE_URL;
  const postgresUrl = process.env.BENCH_POSTGRES_URL;
  const database = postgresUrl ? await createPostgresDatabase(postgresUrl) : undefined;
  try {
    const server = await startServer(database?.serverEnv ?? {});
    try {
      log(`Reloop at ${server.url} (${database ? 'BENCH_POSTGRES_URL' : 'embedded PostgreSQL'})`);
      return await auditPages(server.url);
    } finally {
      await server.stop();
    }
  } finally {
    await database?.drop();
  }
}

async function auditPages(baseUrl: string): Promise<boolean> {
  const api = new ApiClient(baseUrl);
  const buyer = await api.signIn('buyer@reloop.dev', DEMO_PASSWORD);
  const [category] = await api.request<{ _id: string }[]>('GET', '/productcategory');
  if (!category) throw new Error('no categories');
  const [listing] = await api.request<{ _id: string }[]>('GET', '/advertise/products');
  if (!listing) throw new Error('no advertised listings');
  const pages: Page[] = [
    { name: 'home, visitor', path: '/', token: undefined },
    { name: 'category, signed-in buyer', path: `/category/${category._id}`, token: buyer.token },
    { name: 'listing, visitor', path: `/product/${listing._id}`, token: undefined },
    { name: 'search, visitor', path: SEARCH_PATH, token: undefined },
  ];

  const chrome = await launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless', ...CHROMIUM_FLAGS],
    logLevel: 'silent',
  });
  const runs = new Map<Page, Run[]>(pages.map((page) => [page, []]));
  const auditPage = async (page: Page) => {
    await holdToken(chrome.port, baseUrl, page.token);
    return lighthouseRun(chrome.port, `${baseUrl}${page.path}`);
  };
  try {
    for (const page of pages) log(`${page.name}, warm-up: ${describe(await auditPage(page))}`);
    await holdToken(chrome.port, baseUrl, undefined);
    const images = await phoneImageBytes(chrome.port, `${baseUrl}${SEARCH_PATH}`);
    log(
      `search (${SEARCH_PATH}) on a phone, first screen: ${images.count} images, ` +
        `${formatKb(images.loaded)} loaded (variants); ${formatKb(images.originals)} as originals`,
    );
    for (let round = 1; round <= RUNS; round++) {
      for (const page of pages) {
        const run = await auditPage(page);
        runs.get(page)?.push(run);
        log(`${page.name}, run ${round}/${RUNS}: ${describe(run)}`);
      }
    }
  } finally {
    chrome.kill();
  }
  const load = loadavg().map((average) => average.toFixed(1));
  log(`\nload average (1, 5, 15 min) on ${cpus} cores: ${load.join(', ')}`);

  let passed = true;
  for (const page of pages) {
    const pageRuns = runs.get(page) ?? [];
    const median: Run = {
      score: medianOf(pageRuns.map((run) => run.score)),
      lcpMs: medianOf(pageRuns.map((run) => run.lcpMs)),
      cls: medianOf(pageRuns.map((run) => run.cls)),
      tbtMs: medianOf(pageRuns.map((run) => run.tbtMs)),
    };
    const ok = median.score >= MIN_SCORE && median.cls < MAX_CLS;
    passed &&= ok;
    log(
      `${page.name} (${page.path}), median of ${pageRuns.length}: ${describe(median)}  ` +
        (ok ? 'ok' : `MISSED (goal: score ≥ ${MIN_SCORE}, CLS < ${MAX_CLS})`),
    );
  }
  return passed;
}

/**
 * The image bytes a phone loads for a page's first screen, in a fresh context (no cache): the
 * transferred bodies of its image requests, and the sizes of the originals of the same images
 * (each `<img>`'s `src`), fetched one by one.
 */
async function phoneImageBytes(
  port: number,
  url: string,
): Promise<{ count: number; loaded: number; originals: number }> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    const requests: Promise<number>[] = [];
    page.on('requestfinished', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/images/')) {
        requests.push(request.sizes().then((sizes) => sizes.responseBodySize));
      }
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    const loaded = (await Promise.all(requests)).reduce((sum, bytes) => sum + bytes, 0);
    const shown = await page.$$eval('img', (images) =>
      images
        .filter((image) => image.currentSrc.includes('/api/images/') && image.complete)
        .map((image) => image.src),
    );
    const originalSizes = await Promise.all(
      shown.map(async (src) => (await page.request.get(src)).body().then((body) => body.length)),
    );
    await context.close();
    return {
      count: requests.length,
      loaded,
      originals: originalSizes.reduce((sum, bytes) => sum + bytes, 0),
    };
  } finally {
    await browser.close();
  }
}

const formatKb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * Puts the page's API token in (or takes it out of) the browser's localStorage for the app's
 * origin. Lighthouse clears the HTTP cache before each run but keeps localStorage, so the audit
 * loads everything cold as someone who is already signed in.
 */
async function holdToken(port: number, baseUrl: string, token: string | undefined): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0];
    if (!context) throw new Error('chromium has no default context');
    const page = await context.newPage();
    await page.goto(`${baseUrl}/favicon.svg`);
    await page.evaluate(
      token === undefined
        ? `localStorage.removeItem('${TOKEN_KEY}')`
        : `localStorage.setItem('${TOKEN_KEY}', ${JSON.stringify(token)})`,
    );
    await page.close();
  } finally {
    await browser.close();
  }
}

/** One audit; a run Lighthouse itself reports as broken (it says to run it again) is run again once. */
async function lighthouseRun(port: number, url: string, retry = true): Promise<Run> {
  const result = await lighthouse(url, {
    port,
    logLevel: 'error',
    onlyCategories: ['performance'],
  });
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`Lighthouse returned no result for ${url}`);
  if (lhr.runtimeError) {
    const problem = `Lighthouse on ${url}: ${lhr.runtimeError.message}`;
    if (!retry) throw new Error(problem);
    log(`${problem}; running it again`);
    return lighthouseRun(port, url, false);
  }
  const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcpMs: metric('largest-contentful-paint'),
    cls: metric('cumulative-layout-shift'),
    tbtMs: metric('total-blocking-time'),
  };
}

const describe = (run: Run) =>
  `score ${run.score}, LCP ${(run.lcpMs / 1000).toFixed(2)} s, CLS ${run.cls.toFixed(3)}, ` +
  `TBT ${Math.round(run.tbtMs)} ms`;

function medianOf(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

if (!(await main())) {
  console.error('A page missed its Lighthouse goal.');
  process.exit(1);
}
