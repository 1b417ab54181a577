import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { messages } from '@reloop/shared';
import { IMAGE_URL_PREFIX } from '../images/storage.ts';

const ONE_YEAR = 365 * 24 * 60 * 60 * 1000;

/**
 * Serves stored images and the built web app from the same process. Unknown /api paths are
 * JSON 404s; any other GET gets index.html so the web app's router can take over.
 */
export async function registerStaticFiles(
  app: FastifyInstance,
  options: { imagesDir: string; webDistDir: string | undefined },
): Promise<void> {
  // The directory must exist before it can be served; the first upload may come later.
  mkdirSync(options.imagesDir, { recursive: true });
  // Image names are random and never reused, so browsers may keep them forever.
  await app.register(fastifyStatic, {
    root: options.imagesDir,
    prefix: IMAGE_URL_PREFIX,
    decorateReply: false,
    index: false,
    immutable: true,
    maxAge: ONE_YEAR,
  });

  const webDist = options.webDistDir;
  const hasWebApp = webDist !== undefined && existsSync(path.join(webDist, 'index.html'));
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      wildcard: false,
      index: false,
      cacheControl: false,
      // Built assets carry a content hash in their name; index.html must always be fresh.
      setHeaders: (reply, filePath) => {
        reply.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const isPage = request.method === 'GET' || request.method === 'HEAD';
    if (hasWebApp && isPage && !request.url.startsWith('/api/') && request.url !== '/api') {
      return reply.header('cache-control', 'no-cache').sendFile('index.html', webDist);
    }
    return reply.code(404).send({ message: messages.notFound });
  });
}
