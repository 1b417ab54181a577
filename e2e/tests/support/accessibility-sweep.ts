import { beforeAll, expect, it } from 'vitest';
import {
  openScreen,
  prepareScreens,
  VIEWPORTS,
  type Screen,
  type Theme,
} from '../../src/screens.ts';
import { severeViolations, useReloop } from './reloop.ts';

// The journeys check every screen they pass through in the light theme on a desktop; the sweep
// checks every screen in the other three looks, since a colour or a layout can fail in one and
// not the others. One file per look, so the three run side by side, none alone at the end.
// Each screen takes about 6 s to open, settle and analyse on a 2-core machine, and more while
// other journeys run beside it: a look's sweep of ~40 screens needs longer than the 2 minutes
// one journey gets.
const SWEEP = { timeout: 9 * 60_000 };

/** Declares the sweep of every screen in one look: `theme` at `width`. */
export function sweepScreens(theme: Theme, width: keyof typeof VIEWPORTS): void {
  const reloop = useReloop();
  let screens: Screen[] = [];
  beforeAll(async () => {
    screens = await prepareScreens(reloop().server.url);
  }, 60_000);

  it(
    `finds no serious accessibility problem on any screen, ${theme}, ${width}`,
    SWEEP,
    async () => {
      const { browser, server } = reloop();
      const problems: string[] = [];
      for (const screen of screens) {
        const page = await openScreen(browser, server.url, screen, theme, VIEWPORTS[width]);
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
