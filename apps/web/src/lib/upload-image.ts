import { z } from 'zod';
import { api, dataOf, withToken } from './api-client.ts';

/** Any failure to store a photo; forms answer it with the spec's upload toast. */
export class ImageUploadError extends Error {
  override name = 'ImageUploadError';
}

/** Uploads a photo (multipart field `image`) and returns the URL the API stored it under. */
export async function uploadImage(file: File, token?: string): Promise<string> {
  try {
    const stored = await dataOf(
      api.POST('/api/images', {
        body: { image: file },
        // Sent as multipart form data; the browser writes its boundary into the content type.
        bodySerializer: ({ image }) => {
          const form = new FormData();
          form.append('image', image);
          return form;
        },
        ...(token ? withToken(token) : {}),
      }),
    );
    return stored.data.url;
  } catch (error) {
    throw new ImageUploadError('upload failed', { cause: error });
  }
}

/** The image types the spec accepts, checked before anything is sent. */
export const ACCEPTED_IMAGE_TYPES = ['image/png', 'image/jpeg'];
export const IMAGE_ACCEPT_ATTRIBUTE = '.png,.jpg,.jpeg,image/png,image/jpeg';
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

export function imageFileProblem(file: File | undefined): string | undefined {
  if (!file) return 'Image is required';
  if (!ACCEPTED_IMAGE_TYPES.includes(file.type)) return 'Choose a PNG or JPG image';
  if (file.size > MAX_IMAGE_BYTES) return 'The image must be 5 MB or smaller';
  return undefined;
}

/** The form field for a photo: required, PNG or JPG, at most 5 MB. */
export const imageFileSchema = z.custom<File | undefined>().superRefine((file, ctx) => {
  const problem = imageFileProblem(file);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});
