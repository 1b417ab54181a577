// Takes a screenshot of every screen at desktop and mobile width, in light and dark, into
// docs/screenshots/, against a fresh server with the demo data: `npm run screenshots -w e2e`.
import { mkdir, rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { launchChromium } from './browser.ts';
import { openScreen, prepareScreens, THEMES, VIEWPORTS } from './screens.ts';
import { startServer } from './server.ts';

const outDir = fileURLToPath(new URL('../../docs/screenshots/', import.meta.url));

const server = await startServer();
try {
  const screens = await prepareScreens(server.url);
  await rm(outDir, { recursive: true, force: true });
  await mkdir(outDir, { recursive: true });
  const browser = await launchChromium();
  try {
    for (const screen of screens) {
      for (const [width, viewport] of Object.entries(VIEWPORTS)) {
        for (const theme of THEMES) {
          const page = await openScreen(browser, server.url, screen, theme, viewport);
          // The whole page at the screen's own size (a page is at least a screen tall, so a
          // taller viewport would only grow it), capped for very long lists.
          const height = await page.evaluate(() => document.documentElement.scrollHeight);
          await page.screenshot({
            path: `${outDir}${screen.name}-${width}-${theme}.jpg`,
            type: 'jpeg',
            quality: 70,
            animations: 'disabled',
            fullPage: true,
            clip: { x: 0, y: 0, width: viewport.width, height: Math.min(height, 4000) },
          });
          await page.context().close();
        }
      }
      console.log(`captured ${screen.name}`);
    }
  } finally {
    await browser.close();
  }
} finally {
  await server.stop();
}
