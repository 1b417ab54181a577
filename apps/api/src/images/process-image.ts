import sharp, { type Sharp } from 'sharp';
import {
  IMAGE_VARIANT_FORMATS,
  IMAGE_VARIANT_WIDTHS,
  imageVariantName,
} from '@reloop/shared/image-variants';

/**
 * Turns an upload into an image that is safe to serve: the type is decided by its magic
 * bytes (never the file name or Content-Type), and re-encoding drops EXIF/GPS metadata and
 * anything hidden after the pixels.
 */
export type ImageFormat = 'png' | 'jpeg' | 'webp' | 'avif';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG_SIGNATURE = Buffer.from([0xff, 0xd8, 0xff]);
const MAX_SIDE = 1600;
/** Refuse decompression bombs: a small file that would decode to a huge bitmap. */
const MAX_INPUT_PIXELS = 50_000_000;

const asciiAt = (data: Buffer, start: number, end: number): string =>
  data.toString('latin1', start, end);

export function sniffImageFormat(data: Buffer): ImageFormat | undefined {
  if (data.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE)) return 'png';
  if (data.subarray(0, JPEG_SIGNATURE.length).equals(JPEG_SIGNATURE)) return 'jpeg';
  // RIFF, the chunk's size, then the form type.
  if (asciiAt(data, 0, 4) === 'RIFF' && asciiAt(data, 8, 12) === 'WEBP') return 'webp';
  // ISO-BMFF: the first box is `ftyp`, whose major brand is an AVIF image or sequence.
  const brand = asciiAt(data, 8, 12);
  if (asciiAt(data, 4, 8) === 'ftyp' && (brand === 'avif' || brand === 'avis')) return 'avif';
  return undefined;
}

export class UnreadableImageError extends Error {
  override name = 'UnreadableImageError';
}

const decode = (data: Buffer): Sharp =>
  sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });

/**
 * PNG and JPEG stay what they are; WebP and AVIF are stored as WebP, which every browser shows
 * (AVIF encoding would cost seconds per upload).
 */
export async function reencodeImage(data: Buffer, format: ImageFormat): Promise<Buffer> {
  try {
    const pipeline = decode(data)
      .rotate() // apply the EXIF orientation before the metadata that carries it is dropped
      .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true });
    if (format === 'png') return await pipeline.png({ compressionLevel: 9 }).toBuffer();
    if (format === 'jpeg') return await pipeline.jpeg({ quality: 85, mozjpeg: true }).toBuffer();
    return await pipeline.webp({ quality: 82 }).toBuffer();
  } catch (error) {
    throw new UnreadableImageError('image could not be decoded', { cause: error });
  }
}

export const extensionFor = (format: ImageFormat): string =>
  format === 'png' ? 'png' : format === 'jpeg' ? 'jpg' : 'webp';

export interface ImageVariant {
  name: string;
  data: Buffer;
}

/**
 * The resized copies of a stored (already re-encoded) image, named after it: each width in WebP
 * and JPEG, never enlarged. JPEG has no transparency, so a PNG's is laid on white.
 */
export async function makeImageVariants(name: string, original: Buffer): Promise<ImageVariant[]> {
  const image = decode(original);
  const jobs = IMAGE_VARIANT_WIDTHS.flatMap((width) =>
    IMAGE_VARIANT_FORMATS.map(async (format) => {
      const resized = image.clone().resize({ width, withoutEnlargement: true });
      const encoded =
        format === 'webp'
          ? resized.webp({ quality: 78 })
          : resized.flatten({ background: '#ffffff' }).jpeg({ quality: 80, mozjpeg: true });
      return { name: imageVariantName(name, width, format), data: await encoded.toBuffer() };
    }),
  );
  return Promise.all(jobs);
}
