import type { ErrorEnvelope } from '@market/contracts';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from '../errors.js';

const where: Record<string, string> = {
  body: '',
  querystring: 'query.',
  params: 'params.',
  headers: 'headers.',
};

/**
 * Fastify's and its plugins' own client errors (malformed JSON, empty JSON body, body too large, wrong media type,
 * router limits) as a status and the envelope with a declared code; never their internal code or the echoed path.
 */
export function clientErrorAnswer(
  error: Error,
  status: number,
): { status: number; body: ErrorEnvelope; headers?: Record<string, string> } {
  const code = 'code' in error ? String(error.code) : '';
  if (status === 429)
    return {
      status,
      body: { message: 'Too many requests. Please wait and try again.', error: 'RATE_LIMITED' },
    };
  if (status === 404) return { status, body: { message: 'Not found', error: 'NOT_FOUND' } };
  if (status === 405)
    return { status, body: { message: 'This method is not allowed here', error: 'METHOD_NOT_ALLOWED' } };
  if (status === 413)
    return { status, body: { message: 'The request body is too large', error: 'PAYLOAD_TOO_LARGE' } };
  if (status === 414 || code === 'FST_ERR_MAX_PARAM_LENGTH')
    return { status: 414, body: { message: 'The address is too long', error: 'URI_TOO_LONG' } };
  if (status === 415 || code === 'FST_INVALID_MULTIPART_CONTENT_TYPE')
    return {
      status: 415,
      body: { message: 'This content type is not supported', error: 'UNSUPPORTED_MEDIA_TYPE' },
    };
  if (code === 'FST_ERR_BAD_URL')
    return { status: 400, body: { message: 'The address is not valid', error: 'BAD_REQUEST' } };
  const message =
    error instanceof SyntaxError || code.includes('JSON')
      ? 'The request body is not valid JSON'
      : 'The request could not be understood';
  return { status: 400, body: { message, error: 'BAD_REQUEST' } };
}

/** Busboy's own errors for a body that says multipart but is not (no boundary, cut short, bad part headers). */
function isMalformedMultipart(error: Error, request: FastifyRequest): boolean {
  if ('statusCode' in error && typeof error.statusCode === 'number') return false;
  if (!request.headers['content-type']?.toLowerCase().startsWith('multipart/')) return false;
  return /multipart|boundary|part header|unexpected end/i.test(error.message);
}

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
    if (isMalformedMultipart(error, request)) {
      return reply.code(400).send({ message: 'The multipart body is malformed', error: 'BAD_REQUEST' });
    }
    const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      const answer = clientErrorAnswer(error, status);
      return reply.code(answer.status).send(answer.body);
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ message: 'Sorry, something went wrong', error: 'INTERNAL_ERROR' });
  });
}
