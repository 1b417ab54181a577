import fastJsonStringify from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { z } from 'zod';

/**
 * Writes each response through its route's response schema, turned into JSON Schema once at
 * start and compiled by fast-json-stringify (Fastify's own serializer). Only the fields the
 * schema names are written, so a field a handler passes by mistake (a password hash) never
 * leaves the server, and a missing required field is a logged 500. Handlers' results are
 * typed by the schemas at compile time, so zod's validating encode pass is not repeated per
 * response: it cost as much as the JSON itself (a page of 24 listings: 130 µs with it, 62 µs).
 * JSON text a handler sends as it is skips it: the lists and the bell PostgreSQL writes
 * (db/json.ts) name their fields in SQL, typed by the same schemas.
 */
export const responseSerializerCompiler: FastifySerializerCompiler<z.ZodType> = ({ schema }) =>
  fastJsonStringify(
    z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'any' }) as object,
  );
