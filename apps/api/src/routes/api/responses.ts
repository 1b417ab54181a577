import { errorBodySchema } from '@reloop/shared';

/** Documents which error statuses a route may answer, all with the `{message}` body. */
export function errorResponses<const Code extends number>(
  ...codes: Code[]
): Record<Code, typeof errorBodySchema> {
  return Object.fromEntries(codes.map((code) => [code, errorBodySchema])) as Record<
    Code,
    typeof errorBodySchema
  >;
}

export const bearerAuth = [{ bearerAuth: [] }];
