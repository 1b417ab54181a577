import sharp from 'sharp';

/**
 * Turns an upload into an image that is safe to serve: the type is decided by its magic
 * bytes (never the file name or Content-Type), and re-encoding drops EXIF/GPS metadata and
 * anything hidden after the pixels.
 */
export type ImageFormat = 'png' | 'jpeg';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG_SIGNATURE = Buffer.from([0xff, 0xd8, 0xff]);
const MAX_SIDE = 1600;
/** Refuse decompression bombs: a small file that would decode to a huge bitmap. */
const MAX_INPUT_PIXELS = 50_000_000;

export function sniffImageFormat(data: Buffer): ImageFormat | undefined {
  if (data.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE)) return 'png';
  if (data.subarray(0, JPEG_SIGNATURE.length).equals(JPEG_SIGNATURE)) return 'jpeg';
  return undefined;
}

export class UnreadableImageError extends Error {
  override name = 'UnreadableImageError';
}

export async function reencodeImage(data: Buffer, format: ImageFormat): Promise<Buffer> {
  try {
    const pipeline = sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate() // apply the EXIF orientation before the metadata that carries it is dropped
      .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true });
    return await (
      format === 'png'
        ? pipeline.png({ compressionLevel: 9 })
        : pipeline.jpeg({ quality: 85, mozjpeg: true })
    ).toBuffer();
  } catch (error) {
    throw new UnreadableImageError('image could not be decoded', { cause: error });
  }
}

export const extensionFor = (format: ImageFormat): string => (format === 'png' ? 'png' : 'jpg');
