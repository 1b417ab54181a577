import { expect, it } from 'vitest';
import { inBrowser, useReloop } from './support/reloop.ts';

const reloop = useReloop();

/**
 * A card on a 390 px wide phone is 358 CSS px wide (`sizes`: the width less 2rem), 716 device
 * pixels at DPR 2: of the 360, 720 and 1440 px variants Chromium takes the narrowest at least that
 * wide, the 720 (the demo photos' originals are 800 px JPEGs).
 */
it('loads the search results as phone-sized WebP variants on a phone, never the originals', async () => {
  await inBrowser(
    reloop(),
    'phone images',
    async (page) => {
      const images: string[] = [];
      page.on('request', (request) => {
        const { pathname } = new URL(request.url());
        if (pathname.startsWith('/api/images/')) images.push(pathname);
      });
      await page.goto('/search?q=laptop');
      const firstPhoto = page.locator('article img').first();
      await firstPhoto.waitFor();
      await expect
        .poll(() =>
          firstPhoto.evaluate((image: HTMLImageElement) => image.complete && image.currentSrc),
        )
        .toMatch(/\.w720\.webp$/);
      expect(images.length).toBeGreaterThan(0);
      expect(images.filter((path) => !/\.w(360|720)\.webp$/.test(path))).toEqual([]);
    },
    { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true },
  );
});
