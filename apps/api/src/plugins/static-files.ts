import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { messages } from '@reloop/shared';
import { IMAGE_URL_PREFIX } from '../images/storage.ts';

const ONE_YEAR = 365 * 24 * 60 * 60 * 1000;

/**
 * What a page adds to the built index.html's <head>, by path: here, what the browser should
 * fetch before the app's scripts have run. The home page's largest paint is the first hero
 * slide (apps/web/src/features/home/hero-slides.ts), so it is preloaded there and only there.
 */
function pageHead(pathname: string): string {
  return pathname === '/'
    ? '<link rel="preload" as="image" href="/hero/new-arrival.webp" fetchpriority="high">'
    : '';
}

/**
 * Serves stored images and the built web app from the same process. Unknown /api paths are
 * JSON 404s; any other GET gets index.html, with its page's head tags, so the web app's router
 * can take over.
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
  const indexPath = webDist === undefined ? undefined : path.join(webDist, 'index.html');
  // Read once: every page path is answered from memory.
  const indexHtml =
    indexPath && existsSync(indexPath) ? readFileSync(indexPath, 'utf8') : undefined;
  if (webDist !== undefined && indexHtml !== undefined) {
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      wildcard: false,
      index: false,
      cacheControl: false,
      // The build writes a .br and a .gz beside every compressible file; the client's
      // Accept-Encoding picks one (with `Vary: Accept-Encoding`), or the file as it is.
      preCompressed: true,
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
    if (
      indexHtml !== undefined &&
      isPage &&
      !request.url.startsWith('/api/') &&
      request.url !== '/api'
    ) {
      const pathname = request.url.split('?', 1)[0] ?? '/';
      return reply
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(indexHtml.replace('</head>', `${pageHead(pathname)}</head>`));
    }
    return reply.code(404).send({ message: messages.notFound });
  });
}
