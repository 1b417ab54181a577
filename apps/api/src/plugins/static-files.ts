import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { idSchema, messages } from '@reloop/shared';
import type { Database } from '../db/client.ts';
import { parseJson } from '../db/json.ts';
import { listingHead } from '../products/listing-head.ts';
import { findListing } from '../products/products.ts';

/**
 * What a page changes in the built index.html's <head>, by path. The home page's largest
 * paint is the first hero slide (apps/web/src/features/home/hero-slides.ts), so it is
 * preloaded there and only there; a listing's page gets its title and Open Graph tags, whose
 * absolute links name PUBLIC_URL and never the request's Host (products/listing-head.ts).
 */
async function pageHead(
  db: Database,
  publicUrl: string | undefined,
  pathname: string,
): Promise<{ title?: string; tags: string }> {
  if (pathname === '/') {
    return {
      tags: '<link rel="preload" as="image" href="/hero/new-arrival.webp" fetchpriority="high">',
    };
  }
  const listingId = /^\/product\/([^/]+)$/.exec(pathname)?.[1];
  if (listingId && idSchema.safeParse(listingId).success) {
    const listing = await findListing(db, listingId);
    if (listing) return listingHead(parseJson(listing), publicUrl);
  }
  return { tags: '' };
}

/**
 * Serves the built web app from the same process (images/serving.ts serves images). Unknown
 * /api paths are JSON 404s; any other GET gets index.html, with its page's head tags, so the web
 * app's router can take over.
 */
export async function registerStaticFiles(
  app: FastifyInstance,
  options: { webDistDir: string | undefined; db: Database; publicUrl: string | undefined },
): Promise<void> {
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

  app.setNotFoundHandler(async (request, reply) => {
    const isPage = request.method === 'GET' || request.method === 'HEAD';
    if (
      indexHtml !== undefined &&
      isPage &&
      !request.url.startsWith('/api/') &&
      request.url !== '/api'
    ) {
      const pathname = request.url.split('?', 1)[0] ?? '/';
      const head = await pageHead(options.db, options.publicUrl, pathname);
      // Replacement functions, never strings: a listing's text may hold `$&`, `$'` or `$\``,
      // which a replacement string would expand into parts of the page.
      const html = head.title
        ? indexHtml.replace(/<title>[^<]*<\/title>/, () => `<title>${head.title}</title>`)
        : indexHtml;
      return reply
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(html.replace('</head>', () => `${head.tags}</head>`));
    }
    return reply.code(404).send({ message: messages.notFound });
  });
}
