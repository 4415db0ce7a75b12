import type { ErrorCode, FieldError } from '@ayar/contract';
import { MSG } from '@ayar/contract';

/** An error the client should see: an HTTP status, a stable code and a Persian message. */
export class AppError extends Error {
  readonly statusCode: number;
  readonly code: ErrorCode;
  readonly errors: FieldError[] | undefined;
  /** Seconds a refused client should wait (sent as Retry-After), for 429s that know it. */
  retryAfterSeconds: number | undefined;

  constructor(statusCode: number, code: ErrorCode, message: string, errors?: FieldError[]) {
    super(message);
    this.statusCode = statusCode;
    this.code = code;
    this.errors = errors;
  }
}

export const unauthorized = (message: string = MSG.unauthorized) =>
  new AppError(401, 'UNAUTHORIZED', message);
export const forbidden = (message: string = MSG.forbidden) => new AppError(403, 'FORBIDDEN', message);
export const notFound = (message: string = MSG.notFound) => new AppError(404, 'NOT_FOUND', message);
export const conflict = (message: string) => new AppError(409, 'CONFLICT', message);
export const businessRule = (message: string) => new AppError(400, 'BUSINESS_RULE', message);
export const rateLimited = (message: string = MSG.rateLimited, retryAfterSeconds?: number) => {
  const error = new AppError(429, 'RATE_LIMITED', message);
  error.retryAfterSeconds = retryAfterSeconds;
  return error;
};
export const validation = (errors: FieldError[]) => new AppError(400, 'VALIDATION', MSG.validation, errors);
