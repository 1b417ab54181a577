import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { messages } from '@reloop/shared';
import {
  IMAGE_VARIANT_FORMATS,
  IMAGE_VARIANT_WIDTHS,
  imageVariantName,
} from '@reloop/shared/image-variants';
import { bearer, createTestApp, multipart, signUp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let token: string;
beforeEach(async () => {
  t = await createTestApp();
  token = (await signUp(t.app)).idToken;
});
afterEach(() => t.close());

function upload(data: Buffer, options: { field?: string; type?: string; auth?: boolean } = {}) {
  const body = multipart(options.field ?? 'image', 'photo', options.type ?? 'image/jpeg', data);
  return t.app.inject({
    method: 'POST',
    url: '/api/images',
    payload: body.payload,
    headers: { ...body.headers, ...(options.auth === false ? {} : bearer(token)) },
  });
}

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } });

async function fetchStored(url: string) {
  const response = await t.app.inject({ method: 'GET', url });
  expect(response.statusCode).toBe(200);
  return response;
}

describe('POST /api/images', () => {
  it('stores a PNG and serves it with long-lived cache headers', async () => {
    const response = await upload(await solid(40, 30).png().toBuffer(), { type: 'image/png' });
    expect(response.statusCode).toBe(201);
    const { success, data } = response.json();
    expect(success).toBe(true);
    expect(data.url).toMatch(/^\/api\/images\/[0-9a-f-]{36}\.png$/);
    const stored = await fetchStored(data.url);
    expect(stored.headers['content-type']).toBe('image/png');
    expect(stored.headers['cache-control']).toContain('max-age=31536000');
    expect(stored.headers['cache-control']).toContain('immutable');
    expect((await sharp(stored.rawPayload).metadata()).width).toBe(40);
  });

  it('strips EXIF metadata (camera, GPS) from a JPEG', async () => {
    const withExif = await solid(64, 48)
      .jpeg()
      .withExif({ IFD0: { Make: 'SecretCam', Copyright: 'home address' } })
      .toBuffer();
    expect((await sharp(withExif).metadata()).exif).toBeDefined();
    const response = await upload(withExif);
    expect(response.statusCode).toBe(201);
    const stored = await fetchStored(response.json().data.url);
    const metadata = await sharp(stored.rawPayload).metadata();
    expect(metadata.format).toBe('jpeg');
    expect(metadata.exif).toBeUndefined();
    expect(stored.rawPayload.includes(Buffer.from('SecretCam'))).toBe(false);
  });

  it('shrinks large images so the longest side is at most 1600 px', async () => {
    const response = await upload(await solid(3200, 1000).jpeg().toBuffer());
    expect(response.statusCode).toBe(201);
    const stored = await fetchStored(response.json().data.url);
    expect(await sharp(stored.rawPayload).metadata()).toMatchObject({ width: 1600, height: 500 });
  });

  // Each format as uploaded, and the extension it is stored under.
  const uploads = [
    { format: 'png', stored: 'png' },
    { format: 'jpeg', stored: 'jpg' },
    { format: 'webp', stored: 'webp' },
    { format: 'avif', stored: 'webp' },
  ] as const;
  it.each(uploads)(
    'stores a $format upload with its variants, 360, 720 and 1440 px wide in WebP and JPEG',
    async ({ format: uploaded, stored }) => {
      const original = await solid(1500, 1000).toFormat(uploaded).toBuffer();
      const response = await upload(original, { type: `image/${uploaded}` });
      expect(response.statusCode).toBe(201);
      const { url } = response.json().data;
      expect(url).toMatch(new RegExp(`^/api/images/[0-9a-f-]{36}\\.${stored}$`));
      expect((await sharp((await fetchStored(url)).rawPayload).metadata()).width).toBe(1500);
      for (const width of IMAGE_VARIANT_WIDTHS) {
        for (const format of IMAGE_VARIANT_FORMATS) {
          const variant = await fetchStored(imageVariantName(url, width, format));
          expect(variant.headers['cache-control']).toBe('public, max-age=31536000, immutable');
          expect(variant.headers['content-type']).toBe(
            `image/${format === 'jpg' ? 'jpeg' : format}`,
          );
          const metadata = await sharp(variant.rawPayload).metadata();
          expect(metadata).toMatchObject({
            format: format === 'jpg' ? 'jpeg' : format,
            width,
            height: Math.round((width * 1000) / 1500),
          });
        }
      }
    },
  );

  it('never enlarges a small image for its variants', async () => {
    const response = await upload(await solid(500, 250).png().toBuffer(), { type: 'image/png' });
    const { url } = response.json().data;
    const widths = await Promise.all(
      IMAGE_VARIANT_WIDTHS.map(async (width) => {
        const variant = await fetchStored(imageVariantName(url, width, 'jpg'));
        return (await sharp(variant.rawPayload).metadata()).width;
      }),
    );
    expect(widths).toEqual([360, 500, 500]);
  });

  it('answers 413 for a file over 5 MB', async () => {
    const response = await upload(
      Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(5 * 1024 * 1024 + 1)]),
    );
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: messages.imageTooLarge });
  });

  it('answers 415 for a file that is not PNG, JPEG, WebP or AVIF, whatever its declared type', async () => {
    const gif = await solid(10, 10).gif().toBuffer();
    const response = await upload(gif, { type: 'image/png' });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ message: messages.imageType });
    const text = await upload(Buffer.from('hello, not an image'), { type: 'image/jpeg' });
    expect(text.statusCode).toBe(415);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    const svgResponse = await upload(svg, { type: 'image/svg+xml' });
    expect(svgResponse.statusCode).toBe(415);
    expect(svgResponse.json()).toEqual({ message: messages.imageType });
    // A HEIC photo is ISO-BMFF too, with another brand.
    const heic = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypheic')]);
    expect((await upload(heic, { type: 'image/avif' })).statusCode).toBe(415);
  });

  it('answers 415 for a file that only starts like a WebP or an AVIF', async () => {
    for (const start of ['RIFF\0\0\0\0WEBPVP8 junk', '\0\0\0\x1cftypavif junk']) {
      const response = await upload(Buffer.from(start, 'latin1'), { type: 'image/webp' });
      expect(response.statusCode).toBe(415);
      expect(response.json()).toEqual({ message: messages.imageUnreadable });
    }
  });

  it('answers 415 for a file that only starts like a PNG', async () => {
    const fake = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.from('junk'),
    ]);
    const response = await upload(fake, { type: 'image/png' });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ message: messages.imageUnreadable });
  });

  it('answers 400 when the file is in another field', async () => {
    const response = await upload(await solid(10, 10).png().toBuffer(), { field: 'photo' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: messages.imageMissing });
  });

  it('answers 415 for a JSON body', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/images',
      payload: { image: 'data:image/png;base64,AAAA' },
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(415);
  });

  it('needs a signed-in user', async () => {
    const response = await upload(await solid(10, 10).png().toBuffer(), { auth: false });
    expect(response.statusCode).toBe(401);
  });

  it('answers 404 JSON for an image that does not exist', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/images/missing.png' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: messages.notFound });
  });
});
