import { access, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where uploaded and seeded images live. Local disk under DATA_DIR today; the interface is
 * small so an S3-compatible store can replace it without touching the routes.
 */
export interface ImageStore {
  save(name: string, data: Buffer): Promise<void>;
  has(name: string): Promise<boolean>;
  /** The URL the browser loads the image from. */
  urlFor(name: string): string;
}

export const IMAGE_URL_PREFIX = '/api/images/';

export class DiskImageStore implements ImageStore {
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
    return `${IMAGE_URL_PREFIX}${encodeURIComponent(name)}`;
  }

  #pathOf(name: string): string {
    if (!/^[\w.-]+$/.test(name) || name.startsWith('.')) {
      throw new Error(`unsafe image name: ${name}`);
    }
    return path.join(this.directory, name);
  }
}
