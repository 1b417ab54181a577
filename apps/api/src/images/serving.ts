import { mkdirSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { messages } from '@reloop/shared';
import {
  IMAGE_URL_PREFIX,
  IMMUTABLE,
  type BucketImageStore,
  type DiskImageStore,
} from './storage.ts';

const ONE_YEAR_MS = 365 * 24 * 60 * 60 * 1000;
/** A redirect is kept a day, not forever: S3_PUBLIC_URL may change, the image name never does. */
const REDIRECT_CACHE = 'public, max-age=86400';

/**
 * Answers `/api/images/<name>` from whichever store holds the images, with the same caching:
 * names are random and never reused, so browsers may keep an image forever.
 */
export async function registerImageServing(
  app: FastifyInstance,
  store: DiskImageStore | BucketImageStore,
): Promise<void> {
  if (store.kind === 's3') {
    app.get<{ Params: { name: string } }>(
      `${IMAGE_URL_PREFIX}:name`,
      { schema: { hide: true } },
      async (request, reply) => {
        const { name } = request.params;
        const publicUrl = store.publicUrlFor(name);
        if (publicUrl) {
          return reply.header('cache-control', REDIRECT_CACHE).redirect(publicUrl, 302);
        }
        const image = await store.read(name);
        if (!image) return reply.code(404).send({ message: messages.notFound });
        reply.header('cache-control', IMMUTABLE).type(image.contentType);
        if (image.contentLength !== undefined) reply.header('content-length', image.contentLength);
        if (image.etag) reply.header('etag', image.etag);
        return reply.send(image.body);
      },
    );
    return;
  }
  // The directory must exist before it can be served; the first upload may come later.
  mkdirSync(store.directory, { recursive: true });
  await app.register(fastifyStatic, {
    root: store.directory,
    prefix: IMAGE_URL_PREFIX,
    decorateReply: false,
    index: false,
    immutable: true,
    maxAge: ONE_YEAR_MS,
  });
}
