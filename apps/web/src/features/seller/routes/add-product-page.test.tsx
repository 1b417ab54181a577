import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { conditionGrades } from '@reloop/shared/conditions';
import { mockApi, signedInAs, type MockHandler } from '../../../testing/mock-api.ts';
import { renderApp } from '../../../testing/render.tsx';
import {
  categories,
  choosePhotos,
  fillListing,
  newListing,
  fakeImageStore,
  photoFile,
  stubObjectUrls,
  type,
} from '../testing/product-form.ts';

beforeEach(stubObjectUrls);

async function openForm(routes: Record<string, MockHandler> = {}, phone = '') {
  const { upload, uploaded } = fakeImageStore();
  const api = mockApi({
    ...signedInAs('seller', { phone }),
    'GET /api/productcategory': { body: categories },
    'POST /api/images': upload,
    'GET /api/seller/products': { body: [] },
    ...routes,
  });
  const view = renderApp('/dashboard/addproduct');
  await screen.findByRole('option', { name: 'MacBook' });
  return { ...api, ...view, uploaded };
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Add product' }));
const sent = (calls: { method: string }[]) => calls.filter((call) => call.method !== 'GET');
const photoOrder = () =>
  within(screen.getByRole('list', { name: 'Photos in order' }))
    .getAllByRole('img')
    .map((image) => image.getAttribute('src'));

describe('add product form', () => {
  it('requires every field but the battery, offers the fetched categories, and sends nothing', async () => {
    const { calls } = await openForm();
    submit();
    for (const message of [
      'Product name is required',
      'Category is required',
      'Model is required',
      'Processor (CPU) is required',
      'RAM (GB) is required',
      'Storage (GB) is required',
      'Screen size (inches) is required',
      'Condition is required',
      'Year of purchase is required',
      'Resale price ($) is required',
      'Original price ($) is required',
      'Location is required',
      'Phone must have 6 to 15 digits',
      'Add at least one photo',
      'Description is required',
    ]) {
      expect(await screen.findByText(message)).toBeTruthy();
    }
    expect(screen.queryByText(/^Battery health \(%\) ./)).toBeNull();
    expect(sent(calls)).toEqual([]);
  });

  it("starts the phone with the one in the seller's settings", async () => {
    await openForm({}, '6175550100');
    expect(screen.getByLabelText('Phone')).toHaveProperty('value', '6175550100');
  });

  it("checks prices, year, phone and specs by the API's own rules", async () => {
    await openForm();
    type('Resale price ($)', 'cheap');
    type('Original price ($)', '-5');
    type('Year of purchase', String(new Date().getFullYear() + 1));
    type('Phone', '512-55');
    type('RAM (GB)', '8.5');
    type('Storage (GB)', '8');
    type('Screen size (inches)', '13.35');
    type('Battery health (%)', '101');
    submit();
    expect(await screen.findByText('Resale price ($) must be a number')).toBeTruthy();
    expect(screen.getByText('Original price ($) must be more than 0')).toBeTruthy();
    expect(screen.getByText('Year of purchase cannot be in the future')).toBeTruthy();
    expect(screen.getByText('Phone must have 6 to 15 digits')).toBeTruthy();
    expect(screen.getByText('RAM (GB) must be a whole number')).toBeTruthy();
    expect(screen.getByText('Storage (GB) must be at least 16 GB')).toBeTruthy();
    expect(screen.getByText('Screen size (inches) must have at most one decimal')).toBeTruthy();
    expect(screen.getByText('Battery health (%) must be at most 100 %')).toBeTruthy();
  });

  it("explains the chosen grade and holds the battery to the grade's promise", async () => {
    const { calls } = await openForm();
    type('Condition', 'excellent');
    expect(screen.getByText(conditionGrades.excellent.meaning)).toBeTruthy();
    type('Battery health (%)', '82');
    submit();
    expect(
      await screen.findByText('Battery health (%) must be at least 85% for an excellent laptop'),
    ).toBeTruthy();
    // A lower grade re-checks the battery at once.
    type('Condition', 'good');
    expect(screen.getByText(conditionGrades.good.meaning)).toBeTruthy();
    await waitFor(() =>
      expect(screen.queryByText(/must be at least 85% for an excellent laptop/)).toBeNull(),
    );
    type('Battery health (%)', '79');
    expect(
      await screen.findByText('Battery health (%) below 80% makes the laptop fair'),
    ).toBeTruthy();
    type('Condition', 'fair');
    await waitFor(() => expect(screen.queryByText(/makes the laptop fair/)).toBeNull());
    expect(sent(calls)).toEqual([]);
  });

  it('uploads the photos in the order the buttons and a drag gave them, then lists them', async () => {
    const { calls, router, uploaded } = await openForm({
      'POST /api/product': { status: 201, body: { acknowledged: true, _id: 'new' } },
    });
    fillListing();
    choosePhotos('front.jpg', 'keyboard.jpg', 'ports.jpg');
    expect(photoOrder()).toEqual(['blob:front.jpg', 'blob:keyboard.jpg', 'blob:ports.jpg']);
    expect(screen.getByText('Cover')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Move photo 3 left' }));
    fireEvent.click(screen.getByRole('button', { name: 'Make photo 2 the cover' }));
    expect(photoOrder()).toEqual(['blob:ports.jpg', 'blob:front.jpg', 'blob:keyboard.jpg']);
    // Dragging the cover onto the last tile puts it last.
    const tiles = within(screen.getByRole('list', { name: 'Photos in order' })).getAllByRole(
      'listitem',
    );
    const dataTransfer = { setData: () => undefined, effectAllowed: 'none' };
    fireEvent.dragStart(tiles[0] as HTMLElement, { dataTransfer });
    fireEvent.dragOver(tiles[2] as HTMLElement, { dataTransfer });
    fireEvent.drop(tiles[2] as HTMLElement, { dataTransfer });
    expect(photoOrder()).toEqual(['blob:front.jpg', 'blob:keyboard.jpg', 'blob:ports.jpg']);
    fireEvent.click(screen.getByRole('button', { name: 'Move photo 1 right' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove photo 3' }));
    submit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/products'));
    expect(uploaded).toEqual(['keyboard.jpg', 'front.jpg']);
    const product = calls.find((call) => call.path === '/api/product')?.body;
    expect(product).toEqual({
      ...newListing,
      photos: ['/api/images/keyboard.jpg', '/api/images/front.jpg'],
    });
  });

  it('shows the upload progress, and nothing can change while the listing is sent', async () => {
    let finishUpload: () => void = () => undefined;
    const { calls } = await openForm({
      'POST /api/images': () =>
        new Promise((resolve) => {
          finishUpload = () =>
            resolve({ status: 201, body: { success: true, data: { url: '/api/images/a.jpg' } } });
        }),
      'POST /api/product': { status: 201, body: { acknowledged: true, _id: 'new' } },
    });
    fillListing();
    choosePhotos('front.jpg', 'lid.jpg');
    submit();
    expect(await screen.findByText('Uploading photo 1 of 2…')).toBeTruthy();
    // Disabled by the form's fieldset, so `:disabled` rather than the control's own property.
    expect(screen.getByLabelText('Model').matches(':disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Remove photo 1' }).matches(':disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Add product' }).matches(':disabled')).toBe(true);
    finishUpload();
    expect(await screen.findByText('Uploading photo 2 of 2…')).toBeTruthy();
    finishUpload();
    await waitFor(() => expect(calls.some((call) => call.path === '/api/product')).toBe(true));
  });

  it('takes at most 8 photos, PNG or JPG only, and says what it left out', async () => {
    await openForm();
    fireEvent.change(screen.getByLabelText('Photos'), {
      target: { files: [photoFile('notes.pdf', 'application/pdf')] },
    });
    expect(await screen.findByText('Choose a PNG or JPG image (notes.pdf)')).toBeTruthy();
    choosePhotos(...Array.from({ length: 9 }, (_, index) => `photo-${index + 1}.jpg`));
    expect(photoOrder()).toHaveLength(8);
    expect(screen.getByText('At most 8 photos: 1 photo not added')).toBeTruthy();
    expect(screen.getByLabelText('Photos')).toHaveProperty('disabled', true);
    expect(screen.getByText(/8 of 8 photos/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove photo 8' }));
    // The focus stays with the tiles, on the Remove button now last.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Remove photo 7' }));
    expect(screen.getByLabelText('Photos')).toHaveProperty('disabled', false);
  });

  it("puts the server's refusal on its field, keeps what was typed, and uploads once", async () => {
    const { calls, uploaded } = await openForm({
      'POST /api/product': {
        status: 400,
        body: {
          message: 'Invalid request',
          errors: [{ path: 'body.location', message: 'is not a place we know' }],
        },
      },
    });
    fillListing();
    type('Location', 'Atlantis');
    choosePhotos('t14.jpg');
    submit();
    expect(await screen.findByText('Location is not a place we know')).toBeTruthy();
    expect(screen.getByLabelText('Location')).toHaveProperty('value', 'Atlantis');
    expect(photoOrder()).toEqual(['blob:t14.jpg']);
    submit();
    await waitFor(() =>
      expect(calls.filter((call) => call.path === '/api/product')).toHaveLength(2),
    );
    expect(uploaded).toEqual(['t14.jpg']);
  });

  it('says so when a photo cannot be uploaded, and sends no listing', async () => {
    const { calls } = await openForm({
      'POST /api/images': { status: 500, body: { message: 'disk full' } },
    });
    fillListing();
    choosePhotos('t14.jpg');
    submit();
    expect(await screen.findByText('error while upload image')).toBeTruthy();
    expect(calls.some((call) => call.path === '/api/product')).toBe(false);
    expect(screen.getByRole('button', { name: 'Add product' }).matches(':disabled')).toBe(false);
  });
});
