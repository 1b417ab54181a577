import type { FastifyInstance, FastifyReply } from 'fastify';
import { idSchema, messages, type Category } from '@reloop/shared';
import type { Database } from '../db/client.ts';
import type { CategoryCatalog } from '../products/categories.ts';
import { robotsTxt } from './robots.ts';
import {
  listingsSitemap,
  pagesSitemap,
  SITEMAP_SIZES,
  sitemapIndex,
  type SitemapSizes,
} from './sitemap.ts';

export interface SeoOptions {
  db: Database;
  categories: CategoryCatalog;
  /**
   * Where the sitemaps' absolute URLs start: PUBLIC_URL, else the address Reloop listens on
   * (config.ts publicBaseUrl), as in emails. Never the request's Host, which is the client's.
   */
  siteUrl: () => string;
  /** Listings per sitemap file and per read of one; tests make them small. */
  sizes?: SitemapSizes;
}

/** Crawlers may keep them an hour: a new listing waits at most that long to be named. */
const CACHE_CONTROL = 'public, max-age=3600';
const XML = 'application/xml; charset=utf-8';
const LISTINGS_FILE = /^listings-(.+)\.xml$/;

const notFound = (reply: FastifyReply) => reply.code(404).send({ message: messages.notFound });

/**
 * What search engines read besides the pages (DESIGN §18): /robots.txt, the sitemap index at
 * /sitemap.xml and its files under /sitemaps/. Not part of the API: no schema, not in its docs.
 */
export async function registerSeo(app: FastifyInstance, options: SeoOptions): Promise<void> {
  const { db, siteUrl } = options;
  const sizes = options.sizes ?? SITEMAP_SIZES;
  const hidden = { schema: { hide: true } };

  app.get('/robots.txt', hidden, async (_request, reply) =>
    reply
      .header('cache-control', CACHE_CONTROL)
      .type('text/plain; charset=utf-8')
      .send(robotsTxt(siteUrl())),
  );

  app.get('/sitemap.xml', hidden, async (_request, reply) => {
    const index = await sitemapIndex(db, siteUrl(), sizes.perFile);
    return reply.header('cache-control', CACHE_CONTROL).type(XML).send(index);
  });

  app.get<{ Params: { file: string } }>('/sitemaps/:file', hidden, async (request, reply) => {
    const { file } = request.params;
    const publicUrl = siteUrl();
    if (file === 'pages.xml') {
      const categories = JSON.parse(await options.categories.json()) as Category[];
      const sitemap = pagesSitemap(
        publicUrl,
        categories.map((category) => category._id),
      );
      return reply.header('cache-control', CACHE_CONTROL).type(XML).send(sitemap);
    }
    const firstId = LISTINGS_FILE.exec(file)?.[1];
    if (firstId === undefined || !idSchema.safeParse(firstId).success) return notFound(reply);
    return reply
      .header('cache-control', CACHE_CONTROL)
      .type(XML)
      .send(await listingsSitemap(db, publicUrl, firstId, sizes));
  });
}
