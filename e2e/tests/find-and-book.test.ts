import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { fillProductForm, photoInput, type Laptop } from './support/journeys.ts';
import {
  expectAccessible,
  expectToast,
  inBrowser,
  registerByApi,
  samplePhotos,
  useReloop,
} from './support/reloop.ts';

const reloop = useReloop();

/** A listing as the API returns it (search results and GET /product/:id). */
interface Listing {
  _id: string;
  name: string;
  model: string | null;
  cpu: string | null;
  ramGb: number | null;
  storageGb: number | null;
  screenInches: number | null;
  batteryHealth: number | null;
  yearOfUse: number;
  resalePrice: number;
  photos: string[];
}

const formatPrice = (amount: number) =>
  `$${amount.toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;
const formatStorage = (gigabytes: number) =>
  gigabytes % 1024 === 0 ? `${gigabytes / 1024} TB` : `${gigabytes} GB`;

/** The specifications table of a listing page as a buyer reads it, row label → value. */
async function specsOn(page: Page): Promise<Record<string, string>> {
  const rows = page.getByRole('table', { name: 'Specifications' }).getByRole('row');
  await rows.first().waitFor();
  const specs: Record<string, string> = {};
  for (const row of await rows.all()) {
    const label = await row.getByRole('rowheader').textContent();
    specs[label ?? ''] = (await row.getByRole('cell').textContent()) ?? '';
  }
  return specs;
}

/** What the table should say for `listing`. */
const expectedSpecs = (listing: Listing) => ({
  Model: listing.model,
  'Processor (CPU)': listing.cpu,
  'Memory (RAM)': `${listing.ramGb} GB`,
  Storage: formatStorage(listing.storageGb ?? 0),
  Screen: `${listing.screenInches} inches`,
  'Battery health': `${listing.batteryHealth}% of its original capacity`,
  'Year of purchase': String(listing.yearOfUse),
});

/** Resolves once every image under `within` has loaded and has pixels (none is broken). */
async function expectImagesLoaded(within: Locator): Promise<void> {
  await expect
    .poll(() =>
      within
        .locator('img')
        .evaluateAll((images: HTMLImageElement[]) =>
          images.every((image) => image.complete && image.naturalWidth > 0),
        ),
    )
    .toBe(true);
}

/** Searches with the navbar's box, as from any page. */
async function searchFromNavbar(page: Page, words: string): Promise<void> {
  const box = page
    .getByRole('search', { name: 'Site search' })
    .getByRole('searchbox', { name: 'Search laptops' });
  await box.fill(words);
  await box.press('Enter');
  await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('q') === words);
}

/** The search's query string as the page's URL holds it. */
const searchOf = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams);

/** Opens a result card's listing by its title (its photo links there too, out of the tab order). */
async function openResult(results: Locator, name: string): Promise<void> {
  await results.getByRole('heading', { name }).getByRole('link').click();
}

/** The names on the result cards, in order. */
const cardNames = (results: Locator) =>
  results.getByRole('article').getByRole('heading').allTextContents();

it('lets a visitor find a laptop, look it over, sign in and book it', async () => {
  const { api } = reloop();
  const buyer = await registerByApi(api, 'buyer', 'Finn Finder');
  const filters = { q: 'thinkpad', maxPrice: '800', minRamGb: '16', sort: 'price_asc' };
  const matching = await api.request<Listing[]>(
    'GET',
    `/search?${new URLSearchParams(filters).toString()}`,
  );
  // The demo data's ThinkPads: a T14 ($349) and an X1 Carbon ($699), both with 16 GB.
  expect(matching.map((listing) => listing.name)).toEqual([
    'Lenovo ThinkPad T14 Gen 2 i5 16GB/512GB',
    'Lenovo ThinkPad X1 Carbon Gen 9 i7 16GB/512GB',
  ]);
  const [cheapest] = matching;
  if (!cheapest) throw new Error('no ThinkPad to book');

  await inBrowser(reloop(), 'find-and-book', async (page) => {
    await page.goto('/');
    await searchFromNavbar(page, 'thinkpad');
    await expect.poll(() => page.title()).toBe('thinkpad · Search · Reloop');
    const results = page.getByRole('region', { name: 'Results for “thinkpad”' });
    await results.getByRole('article').first().waitFor();
    const filterForm = page.getByRole('search', { name: 'Search and filters' });
    expect(await filterForm.getByRole('searchbox', { name: 'Words' }).inputValue()).toBe(
      'thinkpad',
    );

    // A choice searches at once; a typed price waits for "Apply filters".
    await filterForm.getByLabel('Minimum RAM').selectOption({ label: '16 GB or more' });
    await page.waitForURL((url) => url.searchParams.get('minRamGb') === '16');
    await filterForm.getByLabel('Max price ($)').fill('800');
    await filterForm.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForURL((url) => url.searchParams.get('maxPrice') === '800');
    await page.getByLabel('Sort by').selectOption({ label: 'Price: low to high' });
    await page.waitForURL((url) => url.searchParams.get('sort') === 'price_asc');
    expect(searchOf(page)).toEqual(filters);
    expect(new URL(page.url()).search).toBe('?q=thinkpad&maxPrice=800&minRamGb=16&sort=price_asc');

    // The cards are the API's matches, cheapest first, each within the filters.
    await expect.poll(() => cardNames(results)).toEqual(matching.map((listing) => listing.name));
    const cards = await results.getByRole('article').all();
    const prices: number[] = [];
    for (const [index, card] of cards.entries()) {
      const listing = matching[index];
      const shownPrice = /\$([\d,]+\.\d{2})/.exec((await card.textContent()) ?? '')?.[1];
      prices.push(Number(shownPrice?.replaceAll(',', '')));
      expect(prices.at(-1)).toBe(listing?.resalePrice);
      expect(`${listing?.name} ${listing?.model}`).toMatch(/thinkpad/i);
      expect(listing?.ramGb).toBeGreaterThanOrEqual(16);
    }
    expect(prices.every((price) => price <= 800)).toBe(true);
    expect(prices).toEqual(prices.toSorted((a, b) => a - b));
    await expectImagesLoaded(results);
    await expectAccessible(page, 'search results');

    // Back undoes the sort and only the sort; Forward brings it back.
    await page.goBack();
    await page.waitForURL((url) => !url.searchParams.has('sort'));
    expect(searchOf(page)).toEqual({ q: 'thinkpad', maxPrice: '800', minRamGb: '16' });
    await expect.poll(() => page.getByLabel('Sort by').inputValue()).toBe('newest');
    expect(await filterForm.getByLabel('Max price ($)').inputValue()).toBe('800');
    expect(await filterForm.getByLabel('Minimum RAM').inputValue()).toBe('16');
    await expect
      .poll(async () => (await cardNames(results)).toSorted())
      .toEqual(matching.map((listing) => listing.name).toSorted());
    await page.goForward();
    await page.waitForURL((url) => url.searchParams.get('sort') === 'price_asc');
    await expect.poll(() => page.getByLabel('Sort by').inputValue()).toBe('price_asc');
    await expect.poll(() => cardNames(results)).toEqual(matching.map((listing) => listing.name));

    // The cheapest match's own page: facts, specs, seller and photos.
    await openResult(results, cheapest.name);
    await page.waitForURL(`**/product/${cheapest._id}`);
    await page.getByRole('heading', { level: 1, name: cheapest.name }).waitFor();
    const detail = await api.request<Listing>('GET', `/product/${cheapest._id}`);
    expect(detail.photos).toHaveLength(3);
    const specs = await specsOn(page);
    expect(specs).toEqual(expectedSpecs(detail));
    expect(specs['Memory (RAM)']).toBe('16 GB');
    await page.getByText(formatPrice(cheapest.resalePrice), { exact: true }).first().waitFor();
    await page.getByText('Visible wear such as scratches or small dents').waitFor();
    const seller = page.getByRole('region', { name: 'Seller' });
    await seller.getByRole('heading', { name: 'More from Sam Sellers' }).waitFor();
    await seller.getByText('verified', { exact: true }).waitFor();

    const gallery = page.getByRole('region', { name: `Photos of ${cheapest.name}` });
    const photo = (place: number) =>
      gallery.getByRole('img', { name: `${cheapest.name}, photo ${place} of 3` });
    const thumbnail = (place: number) =>
      gallery.getByRole('button', { name: `Show photo ${place} of 3` });
    expect(
      await gallery.getByRole('list', { name: 'All photos' }).getByRole('button').count(),
    ).toBe(3);
    expect(await photo(1).getAttribute('src')).toBe(detail.photos[0]);
    expect(await thumbnail(1).getAttribute('aria-current')).toBe('true');
    await expectImagesLoaded(gallery);
    await expectAccessible(page, 'listing (visitor)');

    // The arrow keys move between photos while the gallery has the focus…
    await gallery.getByRole('button', { name: 'Enlarge photo 1 of 3' }).focus();
    await page.keyboard.press('ArrowRight');
    await photo(2).waitFor();
    expect(await photo(2).getAttribute('src')).toBe(detail.photos[1]);
    expect(await thumbnail(2).getAttribute('aria-current')).toBe('true');
    expect(await thumbnail(1).getAttribute('aria-current')).toBe('false');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await photo(3).waitFor();
    // …and so do the thumbnails.
    await thumbnail(1).click();
    await photo(1).waitFor();
    await thumbnail(3).click();
    await photo(3).waitFor();
    expect(await photo(3).getAttribute('src')).toBe(detail.photos[2]);

    // The photo at full size, in a dialog that Escape closes, handing the focus back.
    const enlarge = gallery.getByRole('button', { name: 'Enlarge photo 3 of 3' });
    await enlarge.click();
    const zoomed = page.getByRole('dialog', { name: `${cheapest.name}, photo 3 of 3` });
    await zoomed.waitFor();
    await expectImagesLoaded(zoomed);
    expect(await zoomed.getByRole('img').getAttribute('src')).toBe(detail.photos[2]);
    await expectAccessible(page, 'listing, photo enlarged');
    await page.keyboard.press('Escape');
    await zoomed.waitFor({ state: 'hidden' });
    await expect
      .poll(() => enlarge.evaluate((button) => button === document.activeElement))
      .toBe(true);

    // A visitor is sent to sign in, and back to the listing afterwards.
    expect(await page.getByRole('button', { name: 'Book Now' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Log in to book' }).click();
    await page.waitForURL('**/login');
    await page.getByLabel('Email').fill(buyer.email);
    await page.getByLabel('Password').fill('correct horse');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(`**/product/${cheapest._id}`);
    await page.getByText('Finn Finder', { exact: true }).first().waitFor();

    await page.getByRole('button', { name: 'Book Now' }).click();
    const dialog = page.getByRole('dialog', { name: `Book ${cheapest.name}` });
    await dialog.waitFor();
    expect(await dialog.getByLabel('Email').inputValue()).toBe(buyer.email);
    expect(await dialog.getByLabel('Product').inputValue()).toBe(cheapest.name);
    expect(await dialog.getByLabel('Price').inputValue()).toBe(formatPrice(cheapest.resalePrice));
    await dialog.getByLabel('Phone').fill('6125550123');
    await dialog.getByLabel('Meeting location').fill('Minneapolis Central Library');
    await expectAccessible(page, 'listing, booking dialog');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expectToast(page, `${cheapest.name} booking successfully`);
    await dialog.waitFor({ state: 'hidden' });

    // The listing now says it is booked, with the way to pay, where Book Now was.
    await page.getByText('You booked this laptop.', { exact: false }).waitFor();
    expect(await page.getByRole('button', { name: 'Book Now' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Pay now' }).getAttribute('href')).toMatch(
      /^\/dashboard\/payment\/[\w-]+$/,
    );
    await expectAccessible(page, 'listing, booked');

    await page.getByRole('link', { name: 'Dashboard' }).first().click();
    await page.waitForURL('**/dashboard/orders');
    const order = page.getByRole('row').filter({ hasText: cheapest.name });
    await order.getByText('Minneapolis Central Library').waitFor();
    await order.getByText(formatPrice(cheapest.resalePrice)).waitFor();
    await order.getByRole('link', { name: 'Pay' }).waitFor();
    const bookings = await buyer.client.request<{ productName: string; status: string }[]>(
      'GET',
      `/bookings?email=${encodeURIComponent(buyer.email)}`,
    );
    expect(bookings.map(({ productName, status }) => ({ productName, status }))).toEqual([
      { productName: cheapest.name, status: 'unpaid' },
    ]);
  });
});

it('lets a new seller list a laptop with three photos, find it by its model and edit it', async () => {
  const { api } = reloop();
  const seller = await registerByApi(api, 'seller', 'Sol Seller');
  const laptop: Laptop = {
    name: `Framework Laptop 13 Ryzen 7 32GB/1TB ${Date.now()}`,
    category: 'Lenovo',
    model: 'Framework Laptop 13 (AMD Ryzen 7040)',
    cpu: 'AMD Ryzen 7 7840U',
    ramGb: 32,
    storageGb: 1024,
    screenInches: 13.5,
    batteryHealth: 93,
    condition: 'excellent',
    yearOfUse: 2023,
    resalePrice: 899,
    originalPrice: 1399,
    location: 'Denver',
    phone: '3035550199',
    description: 'Matte 2.8K screen, spare USB-C and HDMI expansion cards.',
  };

  await inBrowser(
    reloop(),
    'seller-find-listing',
    async (page) => {
      // Each upload, in the order sent: the photo's file name (the page notes which file each
      // upload's form carries; Chromium does not show file bodies to the test) and the URL the
      // API stored it under.
      await page.addInitScript(() => {
        const append = FormData.prototype.append;
        const sent: string[] = [];
        Object.assign(window, { sentFiles: sent });
        FormData.prototype.append = function (
          this: FormData,
          ...args: [name: string, value: string | Blob, filename?: string]
        ) {
          if (args[1] instanceof File) sent.push(args[1].name);
          Reflect.apply(append, this, args);
        };
      });
      const storedUrls: Promise<string>[] = [];
      page.on('response', (response) => {
        if (response.request().method() !== 'POST' || !response.url().endsWith('/api/images')) {
          return;
        }
        storedUrls.push(response.json().then((body: { data: { url: string } }) => body.data.url));
      });

      // Nothing by that name is for sale yet: the search says so, and offers a wider one.
      await page.goto('/dashboard/products');
      await searchFromNavbar(page, 'Framew');
      await page.getByText('No laptops match').waitFor();
      await page.getByRole('button', { name: 'Search without “Framew”' }).waitFor();
      await expectAccessible(page, 'search, no match');

      await page.goto('/dashboard/addproduct');
      await page.getByRole('heading', { name: 'Add a product' }).waitFor();
      await fillProductForm(page, laptop);
      await photoInput(page).setInputFiles(samplePhotos('lid.jpg', 'keyboard.jpg', 'ports.jpg'));
      await page.getByText('3 of 8 photos.').waitFor();
      const tiles = page.getByRole('list', { name: 'Photos in order' }).getByRole('listitem');
      const previews = () =>
        tiles
          .getByRole('img')
          .evaluateAll((images: HTMLImageElement[]) => images.map((image) => image.src));
      const chosen = await previews();
      expect(chosen).toHaveLength(3);
      expect(await tiles.first().getByRole('img').getAttribute('alt')).toBe('Photo 1, the cover');

      // The third photo (ports.jpg) becomes the cover; the others keep their order after it.
      await page.getByRole('button', { name: 'Make photo 3 the cover' }).click();
      await page.getByText('Photo 3 is now the cover').waitFor({ state: 'attached' });
      expect(await previews()).toEqual([chosen[2], chosen[0], chosen[1]]);
      await tiles.first().getByText('Cover', { exact: true }).waitFor();
      await expectImagesLoaded(page.getByRole('list', { name: 'Photos in order' }));
      await expectAccessible(page, 'add product with photos');

      await page.getByRole('button', { name: 'Add product' }).click();
      await expectToast(page, 'Product Create Successfully');
      await page.waitForURL('**/dashboard/products');
      const row = page.getByRole('row').filter({ hasText: laptop.name });
      await row.getByText(laptop.model).waitFor();
      await row.getByText('32 GB RAM · 1 TB · 13.5″').waitFor();
      expect(
        await page.evaluate(() => (window as unknown as { sentFiles: string[] }).sentFiles),
      ).toEqual(['ports.jpg', 'lid.jpg', 'keyboard.jpg']);
      const stored = await Promise.all(storedUrls);
      expect(stored).toHaveLength(3);

      // Found from the navbar by the start of its model's name.
      await searchFromNavbar(page, 'Framew');
      const results = page.getByRole('region', { name: 'Results for “Framew”' });
      await expect.poll(() => cardNames(results)).toEqual([laptop.name]);
      await expectImagesLoaded(results);
      await openResult(results, laptop.name);
      await page.waitForURL('**/product/*');
      await page.getByRole('heading', { level: 1, name: laptop.name }).waitFor();

      const id = new URL(page.url()).pathname.split('/').at(-1) ?? '';
      const listing = await api.request<Listing>('GET', `/product/${id}`);
      expect(listing.photos).toEqual(stored);
      expect(await specsOn(page)).toEqual({
        Model: laptop.model,
        'Processor (CPU)': laptop.cpu,
        'Memory (RAM)': '32 GB',
        Storage: '1 TB',
        Screen: '13.5 inches',
        'Battery health': '93% of its original capacity',
        'Year of purchase': '2023',
      });
      await page.getByText(formatPrice(laptop.resalePrice), { exact: true }).first().waitFor();

      const gallery = page.getByRole('region', { name: `Photos of ${laptop.name}` });
      // Thumbnails are decorative (their buttons are named), so they are no role=img.
      const thumbnails = gallery.getByRole('list', { name: 'All photos' }).locator('img');
      expect(
        await thumbnails.evaluateAll((images: HTMLImageElement[]) =>
          images.map((image) => new URL(image.src).pathname),
        ),
      ).toEqual(stored);
      expect(
        await gallery
          .getByRole('img', { name: `${laptop.name}, photo 1 of 3` })
          .getAttribute('src'),
      ).toBe(stored[0]);
      await expectImagesLoaded(gallery);
      // Sellers see their own listing, but only buyers book.
      await page.getByText('Only buyers can book.').waitFor();
      await expectAccessible(page, 'listing (its seller)');

      // The seller lowers the price in the form that made the listing, photos and all.
      await page.getByRole('link', { name: 'Dashboard' }).first().click();
      await page.waitForURL('**/dashboard/products');
      await page.getByRole('link', { name: `Edit ${laptop.name}` }).click();
      await page.waitForURL(`**/dashboard/products/${id}/edit`);
      const price = page.getByLabel('Resale price ($)');
      await expect.poll(() => price.inputValue()).toBe('899');
      expect(await page.getByLabel('Model').inputValue()).toBe(laptop.model);
      expect(
        await page
          .getByLabel('Category')
          .evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.textContent),
      ).toBe(laptop.category);
      expect(await page.getByLabel('RAM (GB)').inputValue()).toBe('32');
      expect(await tiles.getByRole('img').count()).toBe(3);
      await expectImagesLoaded(page.getByRole('list', { name: 'Photos in order' }));
      await expectAccessible(page, 'edit product');
      await price.fill('849');
      await page.getByRole('button', { name: 'Save changes' }).click();
      await expectToast(page, 'Product updated successfully');
      await page.waitForURL('**/dashboard/products');
      await row.getByText('$849.00').waitFor();
      const edited = await api.request<Listing>('GET', `/product/${id}`);
      expect(edited.resalePrice).toBe(849);
      expect(edited.photos).toEqual(stored);
    },
    { token: seller.client.token },
  );
});
