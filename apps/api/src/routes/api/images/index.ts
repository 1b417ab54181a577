import { randomUUID } from 'node:crypto';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { imageUploadResultSchema, messages } from '@reloop/shared';
import { HttpError } from '../../../http-errors.ts';
import {
  UnreadableImageError,
  extensionFor,
  type ImageVariant,
  makeImageVariants,
  reencodeImage,
  sniffImageFormat,
} from '../../../images/process-image.ts';
import { saveWithVariants } from '../../../images/storage.ts';
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
    image: {
      type: 'string',
      format: 'binary',
      description: 'A PNG, JPEG, WebP or AVIF, 5 MB at most',
    },
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
        summary: 'Upload a PNG, JPEG, WebP or AVIF (multipart field "image", 5 MB max)',
        security: bearerAuth,
        response: {
          201: described(
            imageUploadResultSchema,
            'Stored, metadata stripped and at most 1600 px on its longest side (a WebP or AVIF as ' +
              'WebP); `data.url` serves it. Resized copies 360, 720 and 1440 px wide in WebP and ' +
              'JPEG are served beside it: `<name>.w<width>.webp` and `<name>.w<width>.jpg` for ' +
              '`<name>.<ext>`, never wider than the image itself',
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
      const name = `${randomUUID()}.${extensionFor(format)}`;
      let image: Buffer;
      let variants: ImageVariant[];
      try {
        image = await reencodeImage(upload, format);
        variants = await makeImageVariants(name, image);
      } catch (error) {
        if (error instanceof UnreadableImageError)
          throw new HttpError(415, messages.imageUnreadable);
        throw error;
      }
      await saveWithVariants(app.images, { name, data: image }, variants);
      return reply.code(201).send({ success: true, data: { url: app.images.urlFor(name) } });
    },
  );
};

export default imageRoutes;
