import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { MSG, type ErrorCode, type ErrorEnvelope, type FieldError } from '@ayar/contract';
import { AppError, databaseInputError, databaseUnavailable, unavailable } from '../lib/errors.ts';

function envelope(message: string, code: ErrorCode, errors?: FieldError[]): ErrorEnvelope {
  return { successful: false, message, data: null, code, ...(errors ? { errors } : {}) };
}

/** Fastify's own error codes that are the client's fault, with what we tell the client. */
const CLIENT_ERRORS: Record<string, [number, ErrorCode, string]> = {
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'TOO_LARGE', MSG.tooLarge],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'UNSUPPORTED_MEDIA_TYPE', MSG.unsupportedMedia],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'VALIDATION', MSG.validation],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'VALIDATION', MSG.validation],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'VALIDATION', MSG.validation],
  FST_ERR_VALIDATION: [400, 'VALIDATION', MSG.validation],
};

/**
 * The one error handler (docs/product.md §8.1, ADR 0003): every failure leaves as the envelope with an honest
 * status, validation failures list every bad field, and a 5xx never carries internals (they go to the log).
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (!(error instanceof AppError) && databaseUnavailable(error)) {
      // Logged once a request, without the stack: during a restart there are many, all alike (ADR 0051).
      request.log.warn({ reason: error.message }, 'the database is unavailable; answered 503');
      error = unavailable();
    }
    if (error instanceof AppError) {
      if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.status(error.statusCode).send(envelope(error.message, error.code, error.errors));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((v) => ({
        field: v.instancePath.replace(/^\//, '').replaceAll('/', '.'),
        message: v.message ?? MSG.validation,
      }));
      return reply.status(400).send(envelope(MSG.validation, 'VALIDATION', errors));
    }
    const refused = databaseInputError(error);
    if (refused) {
      // The contract should have refused this value: the log says which route let it through.
      request.log.warn({ err: error }, 'the database refused a value the request schema let through');
      return reply.status(refused.statusCode).send(envelope(refused.message, refused.code));
    }
    const known = error.code ? CLIENT_ERRORS[error.code] : undefined;
    if (known) {
      const [status, code, message] = known;
      return reply.status(status).send(envelope(message, code));
    }
    const status = error.statusCode ?? 500;
    if (status === 429) return reply.status(429).send(envelope(MSG.rateLimited, 'RATE_LIMITED'));
    if (status >= 400 && status < 500) {
      request.log.info({ err: error }, 'client error');
      return reply.status(status).send(envelope(MSG.validation, 'VALIDATION'));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(envelope(MSG.internal, 'INTERNAL'));
  });
}

export function notFoundEnvelope(): ErrorEnvelope {
  return envelope(MSG.notFound, 'NOT_FOUND');
}

/**
 * For Fastify's `frameworkErrors` option: the router answers a URL it cannot decode (`%ff`) or a path
 * parameter over `maxParamLength` itself, before the error handler, in its own shape. Given this, those
 * answers are the envelope as well.
 */
export function frameworkErrorEnvelope(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  const status =
    error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  // Fastify ignores what this returns, and the reply is a thenable: returning it would hand the router a
  // promise nobody awaits (ADR 0048). send() answers synchronously and routes its own errors.
  reply.status(status).send(envelope(MSG.validation, 'VALIDATION'));
}
