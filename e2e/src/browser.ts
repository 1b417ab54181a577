import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserServer } from 'playwright-core';

/** Debian's chromium; never a downloaded browser. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** What this machine needs: no sandbox (root), no GPU, no background traffic. */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export const chromiumInstalled = (): boolean => existsSync(CHROMIUM_PATH);

const LAUNCH_OPTIONS = { executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_FLAGS };

/** Headless chromium with CHROMIUM_FLAGS. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch(LAUNCH_OPTIONS);
}

/**
 * One headless chromium for a whole test run, which each test file connects to (connectChromium)
 * rather than launching and closing its own.
 */
export function launchChromiumServer(): Promise<BrowserServer> {
  return chromium.launchServer(LAUNCH_OPTIONS);
}

/**
 * A connection to the run's chromium. Its contexts are its own: closing the connection closes
 * them and leaves the browser to the others.
 */
export function connectChromium(wsEndpoint: string): Promise<Browser> {
  return chromium.connect(wsEndpoint, { timeout: 30_000 });
}
