/*
 * Demo catalogue for the seeder. A fresh install should feel like a marketplace someone already
 * uses, so these read like real second-hand ads (honest wear, battery health, what's in the box)
 * and cover every category, condition and price range the UI has to handle. The pictures are
 * committed files in apps/api/seed/images, drawn by `npm run seed-images` (scripts/seed-images);
 * keep the file names here in step with that tool.
 */

export type Condition = 'excellent' | 'good' | 'fair';

/** The five categories, in the fixed order the home page lists them. */
export const categories: readonly { name: string; image: string }[] = [
  { name: 'MacBook', image: 'category-macbook.jpg' },
  { name: 'Dell', image: 'category-dell.jpg' },
  { name: 'HP', image: 'category-hp.jpg' },
  { name: 'Lenovo', image: 'category-lenovo.jpg' },
  { name: 'ASUS', image: 'category-asus.jpg' },
];

export interface DemoListing {
  name: string;
  image: string; // the cover in apps/api/seed/images; the same name with -2, -3 are more views
  categoryName: string; // one of the category names
  resalePriceCents: number; // integer cents, what the buyer pays
  originalPriceCents: number; // integer cents, new price, > resale
  location: string; // a city
  phone: string; // digits only, 10-11 digits
  yearOfPurchase: number; // 2016..2025
  condition: Condition;
  description: string; // 1-3 honest sentences a real seller would write
  model: string;
  cpu: string;
  ramGb: number;
  storageGb: number;
  screenInches: number;
  batteryHealth: number | null; // percent, when the seller states it
  advertised: boolean; // 4 of the 12 are advertised
}

/** A listing's photo files: the cover, then its -2 and -3 views. */
export const photoFiles = (cover: string): string[] => [
  cover,
  ...[2, 3].map((view) => cover.replace(/\.jpg$/, `-${view}.jpg`)),
];

// Phone numbers use the 555-01xx range, which is reserved for fiction in North America.
export const demoListings: readonly DemoListing[] = [
  {
    name: 'MacBook Air M1 13" 8GB/256GB',
    model: 'MacBook Air (M1, 2020)',
    cpu: 'Apple M1',
    ramGb: 8,
    storageGb: 256,
    screenInches: 13.3,
    batteryHealth: 91,
    image: 'product-macbook-air-m1.jpg',
    categoryName: 'MacBook',
    resalePriceCents: 54900,
    originalPriceCents: 99900,
    location: 'San Francisco',
    phone: '4155550142',
    yearOfPurchase: 2021,
    condition: 'excellent',
    description:
      'Battery health 91% with 212 cycles, no dents or scratches anywhere. Always lived in a ' +
      'sleeve; original box and 30W USB-C charger included.',
    advertised: true,
  },
  {
    name: 'MacBook Pro 14" M1 Pro 16GB/512GB',
    model: 'MacBook Pro 14 (2021)',
    cpu: 'Apple M1 Pro 8-core',
    ramGb: 16,
    storageGb: 512,
    screenInches: 14.2,
    batteryHealth: 88,
    image: 'product-macbook-pro-14-m1-pro.jpg',
    categoryName: 'MacBook',
    resalePriceCents: 114900,
    originalPriceCents: 199900,
    location: 'Seattle',
    phone: '2065550187',
    yearOfPurchase: 2022,
    condition: 'good',
    description:
      'Screen is flawless and battery health is 88%. Light scuffs on the bottom case from desk ' +
      'use; comes with the 67W charger and MagSafe cable.',
    advertised: false,
  },
  {
    name: 'MacBook Pro 13" 2019 i5 8GB/256GB',
    model: 'MacBook Pro 13 (2019)',
    cpu: 'Intel Core i5-8279U',
    ramGb: 8,
    storageGb: 256,
    screenInches: 13.3,
    batteryHealth: 74,
    image: 'product-macbook-pro-13-2019.jpg',
    categoryName: 'MacBook',
    resalePriceCents: 42900,
    originalPriceCents: 179900,
    location: 'Austin',
    phone: '5125550119',
    yearOfPurchase: 2019,
    condition: 'fair',
    description:
      'Runs fine, but the battery says "Service Recommended" (74%) and lasts about 3 hours. ' +
      'Small dent on one back corner and some shiny keys. Third-party 61W charger included.',
    advertised: false,
  },
  {
    name: 'Dell XPS 13 9310 i7 16GB/512GB',
    model: 'Dell XPS 13 9310',
    cpu: 'Intel Core i7-1165G7',
    ramGb: 16,
    storageGb: 512,
    screenInches: 13.4,
    batteryHealth: null,
    image: 'product-dell-xps-13-9310.jpg',
    categoryName: 'Dell',
    resalePriceCents: 59900,
    originalPriceCents: 149900,
    location: 'Chicago',
    phone: '3125550163',
    yearOfPurchase: 2021,
    condition: 'good',
    description:
      'Still gets around 7 hours of browsing on a charge. Two hairline scratches on the lid, ' +
      'keyboard and screen are perfect. Original 45W USB-C charger included.',
    advertised: true,
  },
  {
    name: 'Dell Latitude 7420 i5 16GB/256GB',
    model: 'Dell Latitude 7420',
    cpu: 'Intel Core i5-1145G7',
    ramGb: 16,
    storageGb: 256,
    screenInches: 14,
    batteryHealth: 85,
    image: 'product-dell-latitude-7420.jpg',
    categoryName: 'Dell',
    resalePriceCents: 38900,
    originalPriceCents: 164900,
    location: 'Denver',
    phone: '7205550131',
    yearOfPurchase: 2021,
    condition: 'good',
    description:
      'Ex-office laptop, wiped and freshly installed with Windows 11 Pro. Battery at 85% of ' +
      'design capacity, light wear on the palm rest. Dell 65W USB-C charger included.',
    advertised: false,
  },
  {
    name: 'HP EliteBook 840 G8 i7 16GB/512GB',
    model: 'HP EliteBook 840 G8',
    cpu: 'Intel Core i7-1185G7',
    ramGb: 16,
    storageGb: 512,
    screenInches: 14,
    batteryHealth: 97,
    image: 'product-hp-elitebook-840-g8.jpg',
    categoryName: 'HP',
    resalePriceCents: 47900,
    originalPriceCents: 172900,
    location: 'Boston',
    phone: '6175550174',
    yearOfPurchase: 2022,
    condition: 'excellent',
    description:
      'Bought as a spare and barely used, under 60 battery cycles. No visible scratches; ' +
      'comes with the original 65W charger.',
    advertised: false,
  },
  {
    name: 'HP Spectre x360 14 i7 16GB/1TB OLED',
    model: 'HP Spectre x360 14-ea0000',
    cpu: 'Intel Core i7-1165G7',
    ramGb: 16,
    storageGb: 1024,
    screenInches: 13.5,
    batteryHealth: null,
    image: 'product-hp-spectre-x360-14.jpg',
    categoryName: 'HP',
    resalePriceCents: 79900,
    originalPriceCents: 159900,
    location: 'Miami',
    phone: '3055550128',
    yearOfPurchase: 2021,
    condition: 'excellent',
    description:
      'OLED touchscreen with no burn-in, and the pen is included. Battery still does 9-10 hours. ' +
      'Tiny scuff on one copper edge; original charger and box.',
    advertised: false,
  },
  {
    name: 'Lenovo ThinkPad T14 Gen 2 i5 16GB/512GB',
    model: 'ThinkPad T14 Gen 2',
    cpu: 'Intel Core i5-1135G7',
    ramGb: 16,
    storageGb: 512,
    screenInches: 14,
    batteryHealth: 79,
    image: 'product-lenovo-thinkpad-t14-gen-2.jpg',
    categoryName: 'Lenovo',
    resalePriceCents: 34900,
    originalPriceCents: 131900,
    location: 'Minneapolis',
    phone: '6125550195',
    yearOfPurchase: 2021,
    condition: 'fair',
    description:
      'Keyboard and TrackPoint work perfectly, battery at 79%. The lid has visible scratches and ' +
      'one rubber foot is missing. Lenovo 65W charger included.',
    advertised: false,
  },
  {
    name: 'Lenovo ThinkPad X1 Carbon Gen 9 i7 16GB/512GB',
    model: 'ThinkPad X1 Carbon Gen 9',
    cpu: 'Intel Core i7-1165G7',
    ramGb: 16,
    storageGb: 512,
    screenInches: 14,
    batteryHealth: 90,
    image: 'product-lenovo-thinkpad-x1-carbon-gen-9.jpg',
    categoryName: 'Lenovo',
    resalePriceCents: 69900,
    originalPriceCents: 192900,
    location: 'Portland',
    phone: '5035550146',
    yearOfPurchase: 2021,
    condition: 'excellent',
    description:
      'Battery health 90%, LTE model with a SIM slot. No marks on the carbon lid; comes with ' +
      'the original 65W USB-C charger and a sleeve.',
    advertised: true,
  },
  {
    name: 'Lenovo IdeaPad 5 14 Ryzen 7 16GB/512GB',
    model: 'IdeaPad 5 14ALC05',
    cpu: 'AMD Ryzen 7 5700U',
    ramGb: 16,
    storageGb: 512,
    screenInches: 14,
    batteryHealth: null,
    image: 'product-lenovo-ideapad-5-14.jpg',
    categoryName: 'Lenovo',
    resalePriceCents: 32900,
    originalPriceCents: 74900,
    location: 'Atlanta',
    phone: '4045550112',
    yearOfPurchase: 2020,
    condition: 'fair',
    description:
      'Still quick for school work; the battery lasts about 5 hours now. Some shiny keys and ' +
      'scuffs on the corners. Charger included, no box.',
    advertised: false,
  },
  {
    name: 'ASUS ZenBook 14 UX425 i7 16GB/512GB',
    model: 'ZenBook 14 UX425EA',
    cpu: 'Intel Core i7-1165G7',
    ramGb: 16,
    storageGb: 512,
    screenInches: 14,
    batteryHealth: 83,
    image: 'product-asus-zenbook-14-ux425.jpg',
    categoryName: 'ASUS',
    resalePriceCents: 39900,
    originalPriceCents: 99900,
    location: 'Philadelphia',
    phone: '2155550158',
    yearOfPurchase: 2020,
    condition: 'good',
    description:
      'NumberPad works, battery around 83%, and the screen has no dead pixels. Light marks on ' +
      'the lid. Original 65W USB-C charger and USB-to-Ethernet dongle included.',
    advertised: false,
  },
  {
    name: 'ASUS ROG Zephyrus G14 Ryzen 9 RTX 3060 16GB/1TB',
    model: 'ROG Zephyrus G14 GA401QM',
    cpu: 'AMD Ryzen 9 5900HS',
    ramGb: 16,
    storageGb: 1024,
    screenInches: 14,
    batteryHealth: 86,
    image: 'product-asus-rog-zephyrus-g14.jpg',
    categoryName: 'ASUS',
    resalePriceCents: 84900,
    originalPriceCents: 144900,
    location: 'Los Angeles',
    phone: '3105550139',
    yearOfPurchase: 2021,
    condition: 'good',
    description:
      'Repasted last year, so it runs cool and quiet in games. Battery at 86% and the white ' +
      'keycaps have yellowed slightly. Original 180W charger included.',
    advertised: true,
  },
];
