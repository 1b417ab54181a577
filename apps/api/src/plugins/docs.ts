import swagger, { type SwaggerTransform } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

/**
 * OpenAPI generated from the routes' zod schemas, browsable at /api/docs. The shared schemas
 * that carry a zod `id` become components; the web app's API types are generated from this
 * document (`npm run api:types`), and `redocly lint` checks it in the API tests.
 */
const tags = [
  { name: 'identity', description: 'Accounts, sign-in (password or Google) and the API token' },
  {
    name: 'account',
    description: 'Recovery, email verification and changes, notice emails, export and deletion',
  },
  { name: 'users', description: 'Registering as buyer or seller, and looking up a role' },
  { name: 'products', description: 'Categories and the listings anyone can browse or report' },
  { name: 'seller', description: "A seller's own listings" },
  {
    name: 'bookings',
    description: "Booking a product, a buyer's bookings, cancelling and confirming the handover",
  },
  { name: 'sales', description: "The bookings on a seller's products" },
  { name: 'messages', description: "A booking's conversation between its buyer and seller" },
  {
    name: 'questions',
    description: "Asking a listing's seller before booking, and the conversations it opens",
  },
  { name: 'notifications', description: 'What needs the user to act, and unread counts' },
  { name: 'payments', description: 'Paying for a booking and recording the order' },
  {
    name: 'money',
    description:
      'Money held until the handover: the handover code, complaints, payouts and earnings',
  },
  {
    name: 'reviews',
    description: 'Reputation: double-blind reviews after a handover, replies, reports, profiles',
  },
  { name: 'watchlist', description: 'Listings a user watches, to hear of a price drop or a sale' },
  {
    name: 'saved-searches',
    description: 'Searches kept by name: new or repriced listings that match are news',
  },
  { name: 'images', description: 'Uploading product photos and avatars' },
  { name: 'admin', description: 'Users, seller verification and reported listings' },
  { name: 'system', description: 'Health, and the settings the web app reads before it renders' },
];

export async function registerDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Reloop API',
        description: 'Marketplace for second-hand laptops: identity, listings, bookings, payments.',
        version: '1.0.0',
      },
      servers: [{ url: '/', description: 'The Reloop server that serves this document' }],
      tags,
      components: {
        securitySchemes: {
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description:
              'The API token from POST /api/jwtgenerate; that call itself, and setting up a new ' +
              "account's profile, take the sign-in token from sign-up or sign-in",
          },
        },
      },
    },
    transform,
    transformObject: (document) => withoutUnusedSchemas(jsonSchemaTransformObject(document)),
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}

/**
 * zod writes a component schema that carries notes of its own (a response's description and
 * headers, see routes/api/responses.ts) as `allOf: [{ $ref }]`; the `$ref` alone is the body.
 * Beside a `$ref`, @fastify/swagger reads `description` but drops `x-response-description`.
 */
const transform: SwaggerTransform = (route) => {
  const { schema, url } = jsonSchemaTransform(route);
  if (!schema.response) return { schema, url };
  const response = Object.fromEntries(
    Object.entries(schema.response).map(([status, body]) => [status, withoutLoneAllOf(body)]),
  );
  return { schema: { ...schema, response }, url };
};

function withoutLoneAllOf(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || !('allOf' in body)) return body;
  const { allOf, 'x-response-description': description, ...notes } = body as JsonObject;
  if (!Array.isArray(allOf) || allOf.length !== 1) return body;
  return { ...notes, description, ...(allOf[0] as JsonObject) };
}

type JsonObject = Record<string, unknown>;

/**
 * A route's transform when its body is read by a parser of its own (multipart, a webhook's raw
 * bytes) rather than validated against a schema: the body (a JSON schema) is documented anyway.
 */
export const withDocumentedBody =
  (contentType: string, body: Record<string, unknown>): SwaggerTransform =>
  (route) => {
    const { schema, url } = transform(route);
    return { schema: { ...schema, consumes: [contentType], body }, url };
  };

type Document = ReturnType<typeof jsonSchemaTransformObject>;
const SCHEMA_REF = '#/components/schemas/';

/**
 * Each zod schema with an `id` becomes two components, the shape it accepts (named `…Input`)
 * and the shape it sends; only those the operations refer to are kept, in name order.
 */
function withoutUnusedSchemas(document: Document): Document {
  if (!('components' in document) || !document.components?.schemas) return document;
  const schemas: Record<string, unknown> = document.components.schemas;
  const used = new Set<string>();
  const visit = (node: unknown): void => {
    if (typeof node !== 'object' || node === null) return;
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string' && value.startsWith(SCHEMA_REF)) {
        const name = value.slice(SCHEMA_REF.length);
        if (!used.has(name)) {
          used.add(name);
          visit(schemas[name]);
        }
      } else {
        visit(value);
      }
    }
  };
  visit(document.paths);
  const kept = Object.keys(schemas)
    .filter((name) => used.has(name))
    .sort()
    .map((name) => [name, schemas[name]]);
  // A new object: the union of OpenAPI versions' types cannot be spread back into itself.
  return Object.assign({}, document, {
    components: { ...document.components, schemas: Object.fromEntries(kept) },
  });
}
