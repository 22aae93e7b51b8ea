import type { ErrorEnvelope } from '@market/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from '../errors.js';

const where: Record<string, string> = {
  body: '',
  querystring: 'query.',
  params: 'params.',
  headers: 'headers.',
};

/** One place turns every failure into the envelope; nothing internal (stack, SQL) reaches a client. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      const body: ErrorEnvelope = { message: error.message, error: error.code };
      if (error.details) body.details = error.details;
      if (error.status >= 500) request.log.error({ err: error }, 'request failed');
      return reply.code(error.status).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const prefix = where[error.validationContext ?? 'body'] ?? '';
      const details = error.validation.map((issue) => {
        const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
        return {
          path: `${prefix}${field}`.replace(/\.$/, '') || 'body',
          message: issue.message ?? 'Invalid value',
        };
      });
      return reply
        .code(422)
        .send({ message: details[0]?.message ?? 'Invalid request', error: 'VALIDATION_ERROR', details });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its contract');
      return reply.code(500).send({ message: 'Sorry, something went wrong', error: 'INTERNAL_ERROR' });
    }
    const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status === 429) {
      return reply
        .code(429)
        .send({ message: 'Too many requests. Please wait and try again.', error: 'RATE_LIMITED' });
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, empty body with a JSON type, body too large, wrong media type.
      const message =
        error instanceof SyntaxError || ('code' in error && String(error.code).includes('JSON'))
          ? 'The request body is not valid JSON'
          : status === 413
            ? 'The request body is too large'
            : status === 415
              ? 'This content type is not supported'
              : 'The request could not be understood';
      return reply.code(status).send({ message, error: 'BAD_REQUEST' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ message: 'Sorry, something went wrong', error: 'INTERNAL_ERROR' });
  });
}
