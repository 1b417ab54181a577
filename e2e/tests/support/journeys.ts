import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { ApiClient, TEST_CARD } from '../../src/api.ts';
import {
  expectAccessible,
  expectToast,
  inBrowser,
  newEmail,
  registerByApi,
  samplePhoto,
  tokenIn,
  type Reloop,
} from './reloop.ts';

interface Listed {
  _id: string;
  name: string;
}

/** A laptop as a seller types it into the add-product form. */
export interface Laptop {
  name: string;
  category: string;
  model: string;
  cpu: string;
  ramGb: number;
  storageGb: number;
  screenInches: number;
  batteryHealth?: number;
  condition: 'excellent' | 'good' | 'fair';
  yearOfUse: number;
  resalePrice: number;
  originalPrice: number;
  location: string;
  phone: string;
  description: string;
}

/** Fills in every field of the product form but the photos, once its categories are in. */
export async function fillProductForm(page: Page, laptop: Laptop): Promise<void> {
  await page.getByRole('option', { name: laptop.category }).waitFor({ state: 'attached' });
  await page.getByLabel('Product name').fill(laptop.name);
  await page.getByLabel('Category').selectOption({ label: laptop.category });
  await page.getByLabel('Model').fill(laptop.model);
  await page.getByLabel('Processor (CPU)').fill(laptop.cpu);
  await page.getByLabel('RAM (GB)').fill(String(laptop.ramGb));
  await page.getByLabel('Storage (GB)').fill(String(laptop.storageGb));
  await page.getByLabel('Screen size (inches)').fill(String(laptop.screenInches));
  await page.getByLabel('Battery health (%)').fill(String(laptop.batteryHealth ?? ''));
  await page.getByLabel('Condition').selectOption(laptop.condition);
  await page.getByLabel('Year of purchase').fill(String(laptop.yearOfUse));
  await page.getByLabel('Resale price ($)').fill(String(laptop.resalePrice));
  await page.getByLabel('Original price ($)').fill(String(laptop.originalPrice));
  await page.getByLabel('Location').fill(laptop.location);
  await page.getByLabel('Phone').fill(laptop.phone);
  await page.getByLabel('Description').fill(laptop.description);
}

/** The product form's photo input (its list of tiles is labelled "Photos in order"). */
export const photoInput = (page: Page) => page.getByLabel('Photos', { exact: true });

/** Registers through the Register screen and lands signed in on the home page. */
export async function registerInBrowser(page: Page, role: 'buyer' | 'seller', name: string) {
  const email = newEmail(role);
  await page.goto('/register');
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('correct horse');
  await page.getByLabel('Profile photo').setInputFiles(samplePhoto);
  await page.getByLabel('I want to').selectOption(role);
  await expectAccessible(page, 'register');
  await page.getByRole('button', { name: 'Register' }).click();
  await expectToast(page, 'user Registration successfully');
  await page.waitForURL((url) => url.pathname === '/');
  await page.getByText(name, { exact: true }).first().waitFor();
  return email;
}

/**
 * A new buyer books a laptop (the phone must be digits), cannot book it twice, is declined
 * with 4000 0000 0000 0002, pays with 4242 4242 4242 4242, and the laptop leaves its category.
 */
export async function buyerJourney(reloop: Reloop, name: string): Promise<void> {
  const { api } = reloop;
  const [category] = await api.request<Listed[]>('GET', '/productcategory');
  const [product] = await api.request<Listed[]>('GET', `/products/${category?._id}`);
  if (!category || !product) throw new Error('the demo data has no product to buy');

  await inBrowser(reloop, name, async (page) => {
    const email = await registerInBrowser(page, 'buyer', 'Bea Buyer');
    await page.getByRole('link', { name: 'MacBook', exact: true }).first().click();
    await page.waitForURL(`**/category/${category._id}`);
    // The URL changes before the page does: a card found earlier could be the home page's.
    await page.getByRole('heading', { level: 1, name: 'MacBook laptops' }).waitFor();
    const card = page.locator('article').filter({ hasText: product.name });

    await card.getByRole('button', { name: 'Book Now' }).click();
    const dialog = page.getByRole('dialog');
    expect(await dialog.getByLabel('Email').inputValue()).toBe(email);
    expect(await dialog.getByLabel('Product').inputValue()).toBe(product.name);
    await dialog.getByLabel('Phone').fill('512-abc');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await dialog.getByText('Phone must have 6 to 15 digits').waitFor();
    await dialog.getByText('Meeting location is required').waitFor();
    await expectAccessible(page, 'booking dialog');
    await dialog.getByLabel('Phone').fill('5125550199');
    await dialog.getByLabel('Meeting location').fill('Central Library');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expectToast(page, `${product.name} booking successfully`);
    await dialog.waitFor({ state: 'hidden' });

    await card.getByRole('button', { name: 'Book Now' }).click();
    await dialog.getByLabel('Phone').fill('5125550199');
    await dialog.getByLabel('Meeting location').fill('Central Library');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    // A refusal stays in the dialog, with what was typed; Cancel hands focus back to the card.
    await dialog.getByRole('alert').getByText('you have already booked this product').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const bookNow = card.getByRole('button', { name: 'Book Now' });
    await expect
      .poll(() => bookNow.evaluate((button) => button === document.activeElement))
      .toBe(true);

    const buyer = new ApiClient(api.baseUrl, await tokenIn(page));
    const bookingStatus = async () =>
      (await buyer.request<{ status: string }[]>('GET', `/bookings?email=${email}`))[0]?.status;

    await page.getByRole('link', { name: 'Dashboard' }).first().click();
    await page.waitForURL('**/dashboard/orders');
    await expectAccessible(page, 'my orders');
    const order = page.getByRole('row').filter({ hasText: product.name });
    await order.getByRole('link', { name: 'Pay' }).click();
    await page.getByRole('heading', { name: `Payment for ${product.name}` }).waitFor();
    await expectAccessible(page, 'payment');

    await payWithCard(page, '4000000000000002');
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Your card was declined.');
    expect(await bookingStatus()).toBe('unpaid');

    await payWithCard(page, '4242424242424242');
    await expectPaid(page, product.name);
    expect(await bookingStatus()).toBe('paid');
    const stillListed = await api.request<Listed[]>('GET', `/products/${category._id}?limit=100`);
    expect(stillListed.map((listed) => listed.name)).not.toContain(product.name);
  });
}

/** Types a card into the payment page once it is ready to take one, and pays. */
async function payWithCard(page: Page, number: string): Promise<void> {
  const pay = page.getByRole('button', { name: 'Pay' });
  await expect.poll(() => pay.isEnabled()).toBe(true);
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await pay.click();
}

/** After a card went through: back on My Orders, where the order can now be handed over. */
async function expectPaid(page: Page, productName: string): Promise<void> {
  await expectToast(page, 'payment successful');
  await page.waitForURL('**/dashboard/orders');
  await orderRow(page, productName)
    .getByRole('button', { name: `Confirm handover of ${productName}` })
    .waitFor();
}

/** A booking's row in My Orders or My Sales. */
export const orderRow = (page: Page, productName: string) =>
  page.getByRole('row').filter({ hasText: productName });

/** What a buyer types into the booking dialog. */
export interface BookingDetails {
  phone: string;
  meetingLocation: string;
  note?: string;
}

/**
 * A signed-in buyer books `product` from its page, with a note when there is one, and pays for
 * it from My Orders with 4242 4242 4242 4242; ends on My Orders with the order paid.
 */
export async function bookAndPay(
  page: Page,
  product: Listed,
  { phone, meetingLocation, note }: BookingDetails,
): Promise<void> {
  await page.goto(`/product/${product._id}`);
  await page.getByRole('button', { name: 'Book Now' }).click();
  const dialog = page.getByRole('dialog', { name: `Book ${product.name}` });
  await dialog.getByLabel('Phone').fill(phone);
  await dialog.getByLabel('Meeting location').fill(meetingLocation);
  if (note) await dialog.getByLabel('Anything else? (optional)').fill(note);
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expectToast(page, `${product.name} booking successfully`);
  await dialog.waitFor({ state: 'hidden' });

  await page.getByRole('link', { name: 'Dashboard' }).first().click();
  await page.waitForURL('**/dashboard/orders');
  await orderRow(page, product.name).getByRole('link', { name: 'Pay' }).click();
  await page.getByRole('heading', { name: `Payment for ${product.name}` }).waitFor();
  await payWithCard(page, '4242424242424242');
  await expectPaid(page, product.name);
}

/**
 * Lists a laptop through the API as `seller` and returns it; everything but its name, category
 * and phone is a 2023 MacBook Air in Boston.
 */
export async function listLaptopByApi(
  seller: ApiClient,
  laptop: { name: string; categoryId: string; mobile?: string },
): Promise<Listed> {
  const { _id } = await seller.request<{ _id: string }>('POST', '/product', {
    imgUrl: '/api/images/seed-product-macbook-air-m1.jpg',
    resalePrice: 799,
    originalPrice: 1199,
    location: 'Boston',
    mobile: '6175550100',
    yearOfUse: 2023,
    condition: 'excellent',
    description: 'Midnight, 8-core GPU, 41 battery cycles.',
    model: 'MacBook Air (M2, 2022)',
    cpu: 'Apple M2',
    ramGb: 8,
    storageGb: 256,
    screenInches: 13.6,
    batteryHealth: 99,
    ...laptop,
  });
  return { _id, name: laptop.name };
}

/**
 * A new seller, Selma Seller, with a laptop for sale in the first category (its name
 * `laptopName` made unique, its phone `sellerPhone`), and a new buyer, Bea Buyer.
 */
export async function newDeal({ api }: Reloop, laptopName: string, sellerPhone: string) {
  const seller = await registerByApi(api, 'seller', 'Selma Seller');
  const buyer = await registerByApi(api, 'buyer', 'Bea Buyer');
  const [category] = await api.request<Listed[]>('GET', '/productcategory');
  if (!category) throw new Error('no categories');
  const laptop = await listLaptopByApi(seller.client, {
    name: `${laptopName} ${Date.now()}`,
    categoryId: category._id,
    mobile: sellerPhone,
  });
  return { seller, buyer, laptop, categoryId: category._id };
}

/**
 * A laptop of `seller`'s booked by `buyer`, paid with the test card and handed over (the buyer
 * confirms it), all through the API; returns the booking's id.
 */
export async function handOverByApi(
  seller: ApiClient,
  buyer: ApiClient,
  laptop: { name: string; categoryId: string },
): Promise<{ bookingId: string; laptop: Listed }> {
  const paid = await bookAndPayByApi(seller, buyer, laptop);
  await buyer.request('POST', `/bookings/${paid.bookingId}/complete`);
  return paid;
}

/**
 * A laptop of `seller`'s booked by `buyer` and paid with the test card, all through the API;
 * returns the booking's id.
 */
export async function bookAndPayByApi(
  seller: ApiClient,
  buyer: ApiClient,
  laptop: { name: string; categoryId: string },
): Promise<{ bookingId: string; laptop: Listed }> {
  const listed = await listLaptopByApi(seller, laptop);
  const { _id: bookingId } = await buyer.request<{ _id: string }>('POST', '/booking', {
    productId: listed._id,
    buyerPhone: '5125550199',
    buyerMeetingLocation: 'Central Library',
  });
  const { clientSecret } = await buyer.request<{ clientSecret: string }>(
    'POST',
    '/create-payment-intent',
    { bookingId },
  );
  const { paymentIntent } = await buyer.request<{ paymentIntent: { id: string } }>(
    'POST',
    '/payments/test/confirm',
    { clientSecret, card: TEST_CARD, billingDetails: { name: 'Bea Buyer', email: '' } },
  );
  await buyer.request('POST', '/orders', { bookingId, paymentId: paymentIntent.id });
  return { bookingId, laptop: listed };
}
