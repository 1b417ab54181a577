import { randomUUID } from 'node:crypto';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { imageUploadResultSchema, messages } from '@reloop/shared';
import { HttpError } from '../../../http-errors.ts';
import {
  UnreadableImageError,
  extensionFor,
  reencodeImage,
  sniffImageFormat,
} from '../../../images/process-image.ts';
import { withDocumentedBody } from '../../../plugins/docs.ts';
import { bearerAuth, described, errorResponses } from '../responses.ts';

const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

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

/** The upload as the document describes it: one file field, `image`. */
const imageForm = {
  type: 'object',
  required: ['image'],
  properties: {
    image: { type: 'string', format: 'binary', description: 'A PNG or JPEG, 5 MB at most' },
  },
};

/** Image uploads for product photos and avatars; the files are served by the static plugin. */
const imageRoutes: FastifyPluginAsyncZod = async (app) => {
  // Only here: its hooks would otherwise run on every request of the app (two async hooks and
  // a listener on each response), and no other route takes multipart bodies.
  await app.register(multipart, {
    limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 10, fieldSize: 1024 },
    throwFileSizeLimit: true,
  });
  app.post(
    '/images',
    {
      onRequest: app.authenticate,
      config: {
        rateLimit: { max: 60, timeWindow: '1 minute' },
        swaggerTransform: withDocumentedBody('multipart/form-data', imageForm),
      },
      schema: {
        operationId: 'uploadImage',
        tags: ['images'],
        summary: 'Upload a PNG or JPEG (multipart field "image", 5 MB max)',
        security: bearerAuth,
        response: {
          201: described(
            imageUploadResultSchema,
            'Stored, metadata stripped and at most 1600 px on its longest side; `data.url` serves it',
          ),
          ...errorResponses(400, 401, 413, 415, 429),
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
