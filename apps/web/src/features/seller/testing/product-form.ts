import { fireEvent, screen } from '@testing-library/react';
import { onTestFinished, vi } from 'vitest';
import { type MockHandler } from '../../../testing/mock-api.ts';

/** What the product form's tests share: its inputs, photos, and a fake image store. */
const categoryId = '22222222-2222-4222-8222-222222222222';
export const categories = [{ _id: categoryId, category: 'MacBook', image: '/api/images/c.jpg' }];

export const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

/** jsdom has no object URLs: a chosen photo's preview is named after its file. */
export function stubObjectUrls() {
  Object.assign(URL, {
    createObjectURL: (file: File) => `blob:${file.name}`,
    revokeObjectURL: () => undefined,
  });
}

export const photoFile = (name: string, mimeType = 'image/jpeg') =>
  new File([new Uint8Array([0xff, 0xd8, 0xff])], name, { type: mimeType });

export const choosePhotos = (...names: string[]) =>
  fireEvent.change(screen.getByLabelText('Photos'), {
    target: { files: names.map((name) => photoFile(name)) },
  });

/**
 * A fake `POST /api/images` that stores each upload under its file's name, and the names in
 * the order they were uploaded. The request a test's fetch sees has lost the file (jsdom's File
 * does not serialize), so the file is taken as its form data is built.
 */
export function fakeImageStore() {
  const append = vi.spyOn(FormData.prototype, 'append');
  onTestFinished(() => append.mockRestore());
  const uploaded: string[] = [];
  const upload: MockHandler = () => {
    const file = append.mock.lastCall?.[1];
    const name = file instanceof File ? file.name : 'unnamed';
    uploaded.push(name);
    return { status: 201, body: { success: true, data: { url: `/api/images/${name}` } } };
  };
  return { upload, uploaded };
}

/** A valid listing but its photos, as the API receives it. */
export const newListing = {
  name: 'Dell XPS 13',
  categoryId,
  model: 'XPS 13 9310',
  cpu: 'Intel Core i7-1185G7',
  ramGb: 16,
  storageGb: 1024,
  screenInches: 13.4,
  batteryHealth: 91,
  condition: 'excellent',
  yearOfUse: 2022,
  resalePrice: 749.5,
  originalPrice: 1499,
  location: 'Austin',
  mobile: '15125550199',
  description: 'Light wear, new battery.',
};

const labelled = [
  ['Product name', 'name'],
  ['Category', 'categoryId'],
  ['Model', 'model'],
  ['Processor (CPU)', 'cpu'],
  ['RAM (GB)', 'ramGb'],
  ['Storage (GB)', 'storageGb'],
  ['Screen size (inches)', 'screenInches'],
  ['Battery health (%)', 'batteryHealth'],
  ['Condition', 'condition'],
  ['Year of purchase', 'yearOfUse'],
  ['Resale price ($)', 'resalePrice'],
  ['Original price ($)', 'originalPrice'],
  ['Location', 'location'],
  ['Phone', 'mobile'],
  ['Description', 'description'],
] as const;

/** Types `newListing` into the form. */
export function fillListing() {
  for (const [label, field] of labelled) type(label, String(newListing[field]));
}
