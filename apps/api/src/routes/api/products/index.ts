import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  acknowledgedSchema,
  categorySchema,
  createdSchema,
  emailQuerySchema,
  idParamsSchema,
  idSchema,
  listingSchema,
  messages,
  paginationQuerySchema,
  productBodySchema,
  productDetailSchema,
  productPatchSchema,
  productSchema,
  searchQuerySchema,
  searchResultHeaders,
} from '@reloop/shared';
import { HttpError } from '../../../http-errors.ts';
import { assertSelfOrAdmin, currentSession } from '../../../plugins/auth.ts';
import { sendJson } from '../../../json-text.ts';
import { sendJsonPage } from '../../../pagination.ts';
import {
  advertiseProduct,
  createProduct,
  deleteProduct,
  findListing,
  listAdvertisedProducts,
  listCategoryProducts,
  listSellerProducts,
  updateProduct,
} from '../../../products/products.ts';
import { COUNTED_UP_TO, searchProducts, type SearchResults } from '../../../products/search.ts';

import { bearerAuth, described, errorResponses, pageOf, publicAccess } from '../responses.ts';

/** Categories and listings: browsing, the seller's own products, reports and moderation. */
const productRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/productcategory',
    {
      schema: {
        operationId: 'listCategories',
        tags: ['products'],
        summary: 'The categories, in their fixed order, with images',
        security: publicAccess,
        response: {
          200: described(z.array(categorySchema), 'Every category, in the fixed order'),
        },
      },
    },
    // Serialised once, when the categories are cached.
    async (_request, reply) => sendJson(reply, await app.categories.json()),
  );

  app.get(
    '/products/:categoryId',
    {
      schema: {
        operationId: 'listCategoryProducts',
        tags: ['products'],
        summary: 'Products for sale in a category, newest first',
        security: publicAccess,
        params: z.object({ categoryId: idSchema }),
        querystring: paginationQuerySchema,
        response: {
          200: pageOf(listingSchema, 'A page of the unsold products in the category, newest first'),
          ...errorResponses(400, 404),
        },
      },
    },
    async (request, reply) =>
      sendJsonPage(
        request,
        reply,
        await listCategoryProducts(
          app.db,
          app.categories,
          request.params.categoryId,
          request.query,
        ),
      ),
  );

  app.get(
    '/advertise/products',
    {
      schema: {
        operationId: 'listAdvertisedProducts',
        tags: ['products'],
        summary: 'Advertised products for sale, newest first',
        security: publicAccess,
        querystring: paginationQuerySchema,
        response: {
          200: pageOf(listingSchema, 'A page of the advertised unsold products, newest first'),
          ...errorResponses(400),
        },
      },
    },
    async (request, reply) =>
      sendJsonPage(request, reply, await listAdvertisedProducts(app.db, request.query)),
  );

  app.get(
    '/search',
    {
      schema: {
        operationId: 'searchProducts',
        tags: ['products'],
        summary: 'Search the products for sale by words, filters and a sort',
        description:
          'Every word must match a word of the name, model, CPU or description as a prefix ' +
          '("think" finds ThinkPad). When that finds nothing because a word starts no listed ' +
          'word, each such word is replaced by the listed word most like it, and ' +
          '`X-Corrected-Query` says so. Filters combine; pages follow the `Link` header; the ' +
          'first page counts the matches.',
        security: publicAccess,
        querystring: searchQuerySchema,
        response: {
          200: pageOf(
            listingSchema,
            'A page of the matching unsold products, in the sort asked',
            searchHeaderDocs,
          ),
          ...errorResponses(400),
        },
      },
    },
    async (request, reply) => {
      const results = await searchProducts(app.db, request.query);
      reply.headers(searchHeadersOf(results));
      return sendJsonPage(request, reply, results);
    },
  );

  app.get(
    '/product/:id',
    {
      onRequest: app.identifyIfSignedIn,
      schema: {
        operationId: 'getProduct',
        tags: ['products'],
        summary: "One listing, sold or not, with its seller's card",
        description:
          "The seller's phone and email (`mobile`, `sellerEmail`) only for the listing's seller " +
          'and admins, who send their token; anyone else gets the listing without them.',
        security: publicAccess,
        params: idParamsSchema,
        response: {
          200: described(productDetailSchema, 'The listing'),
          ...errorResponses(400, 404),
        },
      },
    },
    async (request, reply) => {
      const listing = await findListing(app.db, request.params.id, request.session?.user);
      if (!listing) throw new HttpError(404, messages.productNotFound);
      return sendJson(reply, listing);
    },
  );

  app.patch(
    '/product/:id',
    {
      onRequest: app.requireRole('seller'),
      schema: {
        operationId: 'updateProduct',
        tags: ['seller'],
        summary: 'Edit one of your unsold listings',
        description:
          'Send only the fields that change. The edited listing must meet every rule of a new ' +
          'one; bookings already made keep their price.',
        security: bearerAuth,
        params: idParamsSchema,
        body: productPatchSchema,
        response: {
          200: described(acknowledgedSchema, 'Saved'),
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) => {
      await updateProduct(
        app.db,
        app.categories,
        app.jobs,
        currentSession(request).user,
        request.params.id,
        request.body,
      );
      return { acknowledged: true as const };
    },
  );

  app.post(
    '/product',
    {
      onRequest: app.requireRole('seller'),
      schema: {
        operationId: 'createProduct',
        tags: ['seller'],
        summary: 'List a product for sale (seller details come from the account)',
        security: bearerAuth,
        body: productBodySchema,
        response: {
          201: described(createdSchema, 'Listed; `_id` is the new product'),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request, reply) => {
      const id = await createProduct(
        app.db,
        app.categories,
        app.jobs,
        currentSession(request).user,
        request.body,
      );
      return reply.code(201).send({ acknowledged: true, _id: id });
    },
  );

  app.get(
    '/seller/products',
    {
      onRequest: app.authenticate,
      schema: {
        operationId: 'listSellerProducts',
        tags: ['seller'],
        summary: "A seller's products, newest first: one's own, or anyone's for an admin",
        security: bearerAuth,
        querystring: emailQuerySchema,
        response: {
          200: pageOf(
            productSchema,
            "A page of the seller's products, sold ones too, newest first",
          ),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request, reply) => {
      const { email, ...page } = request.query;
      assertSelfOrAdmin(currentSession(request).user, email);
      return sendJsonPage(request, reply, await listSellerProducts(app.db, email, page));
    },
  );

  app.put(
    '/advertise/product/update/:id',
    {
      onRequest: app.requireRole('seller'),
      schema: {
        operationId: 'advertiseProduct',
        tags: ['seller'],
        summary: 'Advertise an unsold product on the home page',
        security: bearerAuth,
        params: idParamsSchema,
        response: {
          200: described(acknowledgedSchema, 'Advertised (also when it already was)'),
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) => {
      await advertiseProduct(app.db, currentSession(request).user, request.params.id);
      return { acknowledged: true as const };
    },
  );

  app.delete(
    '/delete/product/:id',
    {
      onRequest: app.requireRole('seller', 'admin'),
      schema: {
        operationId: 'deleteProduct',
        tags: ['seller'],
        summary: 'Delete a product (its owner or an admin); bookings stay readable',
        security: bearerAuth,
        params: idParamsSchema,
        response: {
          200: described(acknowledgedSchema, 'Deleted: the product has left every listing'),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      await deleteProduct(app.db, currentSession(request).user, request.params.id);
      return { acknowledged: true as const };
    },
  );
};

const searchHeaderDocs = {
  [searchResultHeaders.correctedQuery]: {
    type: 'string',
    description:
      'Present when the words matched no listed word and similar ones were searched instead ' +
      '("thinkpd" → "thinkpad"): those words, space-separated, percent-encoded like a query value',
  },
  [searchResultHeaders.resultCount]: {
    type: 'integer',
    description:
      `On the first page (no \`cursor\`): how many listings match, exact up to ${COUNTED_UP_TO}; ` +
      "past that, or when PostgreSQL's plan expects many, its estimate rounded to two " +
      'significant figures',
  },
  [searchResultHeaders.resultCountApproximate]: {
    type: 'string',
    description: `\`true\` when \`${searchResultHeaders.resultCount}\` is an estimate; absent when exact`,
  },
} as const;

/** What a search says beside its listings, as headers (searchResultHeaders). */
function searchHeadersOf({ correctedWords, count }: SearchResults): Record<string, string> {
  return {
    ...(correctedWords && {
      [searchResultHeaders.correctedQuery]: encodeURIComponent(correctedWords.join(' ')),
    }),
    ...(count && { [searchResultHeaders.resultCount]: String(count.listings) }),
    ...(count?.approximate && { [searchResultHeaders.resultCountApproximate]: 'true' }),
  };
}

export default productRoutes;
