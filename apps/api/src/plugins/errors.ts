import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { messages, type ErrorBody } from '@reloop/shared';
import { sqlErrorCode } from '../db/client.ts';
import { HttpError } from '../http-errors.ts';

/**
 * Every error leaves as JSON `{message}`: validation failures with field details, client
 * errors with their message, and anything unexpected as a logged 500 that shows no internals.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler<FastifyError | HttpError>((error, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const body: ErrorBody = {
        message: messages.invalidRequest,
        errors: error.validation.map((issue) => ({
          path: fieldPath(issue.instancePath, error.validationContext),
          message: issue.message ?? 'is invalid',
        })),
      };
      return reply.code(400).send(body);
    }
    // Data exceptions (SQLSTATE class 22, e.g. a NUL byte in text) come from what was sent.
    if (sqlErrorCode(error)?.startsWith('22')) {
      return reply.code(400).send({ message: messages.invalidRequest });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500 || status < 400) {
      request.log.error({ err: error }, 'request failed');
      return reply.code(500).send({ message: messages.internalError });
    }
    if (error instanceof HttpError) {
      reply.headers(error.headers);
      return reply.code(status).send({ message: error.message, ...error.details });
    }
    return reply.code(status).send({ message: error.message });
  });
}

/** `body.user.email` style paths; the schema part (body, querystring…) says where to look. */
function fieldPath(instancePath: string, context: string | undefined): string {
  const field = instancePath.split('/').filter(Boolean).join('.');
  return [context, field].filter(Boolean).join('.');
}
