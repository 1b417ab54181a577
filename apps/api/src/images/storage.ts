import { access, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Where uploaded and seeded images live: files under DATA_DIR/images for one instance, or an
 * S3-compatible bucket (s3-store.ts) that every instance shares. Either way an image's URL is
 * `/api/images/<name>` (images/serving.ts answers it), so stored URLs survive a change of store.
 */
export interface ImageStore {
  readonly kind: 'disk' | 's3';
  save(name: string, data: Buffer): Promise<void>;
  has(name: string): Promise<boolean>;
  /** The URL the browser loads the image from. */
  urlFor(name: string): string;
}

/**
 * Stores an image with its variants (process-image.ts), the variants first: an image in the store
 * has them all.
 */
export async function saveWithVariants(
  store: ImageStore,
  original: { name: string; data: Buffer },
  variants: readonly { name: string; data: Buffer }[],
): Promise<void> {
  await Promise.all(variants.map((variant) => store.save(variant.name, variant.data)));
  await store.save(original.name, original.data);
}

export const IMAGE_URL_PREFIX = '/api/images/';

/** Image names are random and never reused, so a copy anywhere may be kept forever. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

export interface StoredImage {
  body: Readable;
  contentType: string;
  contentLength: number | undefined;
  etag: string | undefined;
}

/** A store the API streams images from, or sends browsers to (images/s3-store.ts). */
export interface BucketImageStore extends ImageStore {
  readonly kind: 's3';
  /** Where browsers can fetch the image directly, when the bucket is public or behind a CDN. */
  publicUrlFor(name: string): string | undefined;
  /** The image's bytes and headers; undefined when there is no such image. */
  read(name: string): Promise<StoredImage | undefined>;
}

export const imageUrlFor = (name: string): string =>
  `${IMAGE_URL_PREFIX}${encodeURIComponent(name)}`;

/** Names are ours (a random UUID or `seed-…`, with an extension); anything else is refused. */
export const isImageName = (name: string): boolean =>
  /^[\w.-]+$/.test(name) && !name.startsWith('.');

const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
};

export const imageContentType = (name: string): string =>
  CONTENT_TYPES[name.slice(name.lastIndexOf('.') + 1)] ?? 'application/octet-stream';

export class DiskImageStore implements ImageStore {
  readonly kind = 'disk';

  constructor(readonly directory: string) {}

  async save(name: string, data: Buffer): Promise<void> {
    await mkdir(this.directory, { recursive: true });
    await writeFile(this.#pathOf(name), data);
  }

  async has(name: string): Promise<boolean> {
    try {
      await access(this.#pathOf(name));
      return true;
    } catch {
      return false;
    }
  }

  urlFor(name: string): string {
    return imageUrlFor(name);
  }

  #pathOf(name: string): string {
    if (!isImageName(name)) throw new Error(`unsafe image name: ${name}`);
    return path.join(this.directory, name);
  }
}
