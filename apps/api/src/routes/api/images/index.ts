import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema, imageUploadResultSchema, messages } from '@reloop/shared';
import { HttpError } from '../../../http-errors.ts';
import {
  UnreadableImageError,
  extensionFor,
  reencodeImage,
  sniffImageFormat,
} from '../../../images/process-image.ts';

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/**
 * The bytes of the `image` field; a body the multipart parser cannot read is the client's error,
 * and a file over the size limit is answered in our words, not the parser's.
 */
async function readImageField(request: FastifyRequest): Promise<Buffer> {
  try {
    const file = await request.file();
    if (!file || file.fieldname !== 'image') throw new HttpError(400, messages.imageMissing);
    return await file.toBuffer();
  } catch (error) {
    if (error instanceof request.server.multipartErrors.RequestFileTooLargeError) {
      throw new HttpError(413, messages.imageTooLarge);
    }
    if (error instanceof HttpError || (error as { statusCode?: number }).statusCode) throw error;
    throw new HttpError(400, messages.uploadMalformed);
  }
}

/** Image uploads for product photos and avatars; the files are served by the static plugin. */
const imageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/images',
    {
      onRequest: app.authenticate,
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags: ['images'],
        summary: 'Upload a PNG or JPEG (multipart field "image", 5 MB max)',
        consumes: ['multipart/form-data'],
        security: [{ bearerAuth: [] }],
        response: {
          201: imageUploadResultSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          413: errorBodySchema,
          415: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw new HttpError(415, messages.imageMissing);
      const upload = await readImageField(request);
      const format = sniffImageFormat(upload);
      if (!format) throw new HttpError(415, messages.imageType);
      let image: Buffer;
      try {
        image = await reencodeImage(upload, format);
      } catch (error) {
        if (error instanceof UnreadableImageError)
          throw new HttpError(415, messages.imageUnreadable);
        throw error;
      }
      const name = `${randomUUID()}.${extensionFor(format)}`;
      await app.images.save(name, image);
      return reply.code(201).send({ success: true, data: { url: app.images.urlFor(name) } });
    },
  );
};

export default imageRoutes;
