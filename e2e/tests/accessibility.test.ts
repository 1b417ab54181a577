import { beforeAll, expect, it } from 'vitest';
import { openScreen, prepareScreens, THEMES, VIEWPORTS, type Screen } from '../src/screens.ts';
import { severeViolations, useReloop } from './support/reloop.ts';

// The journeys check every screen they pass through in the light theme on a desktop; this sweep
// checks every screen in the other three looks, since a colour or a layout can fail in one and
// not the others.
const reloop = useReloop();
// Each screen takes about 6 s to open, settle and analyse on a 2-core machine, and more while
// other journeys run beside this file: each look's sweep of ~22 screens needs longer than the
// 2 minutes one journey gets.
const SWEEP = { timeout: 6 * 60_000 };
let screens: Screen[] = [];
beforeAll(async () => {
  screens = await prepareScreens(reloop().server.url);
}, 60_000);

for (const theme of THEMES) {
  for (const [width, viewport] of Object.entries(VIEWPORTS)) {
    if (theme === 'light' && width === 'desktop') continue;
    it(
      `finds no serious accessibility problem on any screen, ${theme}, ${width}`,
      SWEEP,
      async () => {
        const { browser, server } = reloop();
        const problems: string[] = [];
        for (const screen of screens) {
          const page = await openScreen(browser, server.url, screen, theme, viewport);
          try {
            for (const violation of await severeViolations(page)) {
              problems.push(`${screen.name}: ${violation}`);
            }
          } finally {
            await page.context().close();
          }
        }
        expect(screens.length).toBeGreaterThan(10);
        expect(problems).toEqual([]);
      },
    );
  }
}
