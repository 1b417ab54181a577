import { z } from 'zod';
import { errorBodySchema } from '@reloop/shared';

/**
 * What the OpenAPI document says about a route's responses and who may call it. The notes ride
 * on zod metadata of the response schemas: the document reads them, validation and
 * serialisation ignore them, so documenting a response never changes what is sent.
 */
type HeaderDocs = Record<string, { type: 'string' | 'integer'; description: string }>;

/** A response body with what its status means (never "Default Response") and its headers. */
export const described = <Schema extends z.ZodType>(
  schema: Schema,
  description: string,
  headers?: HeaderDocs,
): Schema => schema.meta({ 'x-response-description': description, ...(headers && { headers }) });

/**
 * A keyset-paginated list: a plain array, with the next page's URL in the `Link` header, and
 * any other headers the list sends.
 */
export const pageOf = <Item extends z.ZodType>(
  item: Item,
  description: string,
  headers?: HeaderDocs,
) =>
  described(z.array(item), description, {
    Link: {
      type: 'string',
      description:
        'Present when more rows exist: `</api/…?…&limit=…&cursor=…>; rel="next"` (RFC 8288), ' +
        "the next page, with this request's other parameters kept",
    },
    ...headers,
  });

/** A redirect, which has no body. */
export const redirect = (description: string) =>
  described(z.undefined(), description, {
    Location: { type: 'string', description: 'Where the browser goes next' },
  });

const errorMeanings = {
  400: 'The request is invalid; `errors` names each field and what is wrong with it',
  401: 'Not signed in, or the session has expired or was ended',
  402: 'The payment did not succeed',
  403: 'Signed in, but not allowed to do this (wrong role, or not the owner)',
  404: 'Not found',
  409: 'In conflict with the current state; `refundId` is set when a payment was refunded',
  413: 'The upload is larger than 5 MB',
  415: 'Not a PNG or JPEG image',
  422: 'A wrong handover code; `attemptsLeft` says how many tries are left before a lock',
  429: 'Too many requests; wait the seconds `Retry-After` names',
  503: 'The database is not reachable',
} as const;
type ErrorStatus = keyof typeof errorMeanings;

const errorSchemas = Object.fromEntries(
  Object.entries(errorMeanings).map(([status, meaning]) => [
    status,
    described(
      errorBodySchema,
      meaning,
      status === '429'
        ? { 'Retry-After': { type: 'integer', description: 'Seconds until a retry may succeed' } }
        : undefined,
    ),
  ]),
) as Record<`${ErrorStatus}`, typeof errorBodySchema>;

/** The error statuses a route may answer, each with the `{message, errors?, refundId?}` body. */
export function errorResponses<const Status extends ErrorStatus>(
  ...statuses: Status[]
): Record<Status, typeof errorBodySchema> {
  return Object.fromEntries(
    statuses.map((status) => [status, errorSchemas[`${status}`]]),
  ) as Record<Status, typeof errorBodySchema>;
}

/** OpenAPI `security`: the API token as Bearer, or open to anyone. */
export const bearerAuth = [{ bearerAuth: [] }];
export const publicAccess: [] = [];
