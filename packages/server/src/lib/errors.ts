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

/**
 * PostgreSQL's refusals of a value the client sent (SQLSTATE → what the client is told). The contract
 * refuses these first (NUL and other control characters in text, impossible dates); this is the
 * backstop, so whatever still slips through is the client's 400 and not our 500.
 */
const DATABASE_INPUT_ERRORS: Record<string, string> = {
  // character_not_in_repertoire: "invalid byte sequence for encoding UTF8: 0x00".
  '22021': MSG.invalidText,
  // untranslatable_character: "unsupported Unicode escape sequence" (\u0000 in jsonb).
  '22P05': MSG.invalidText,
  // invalid_datetime_format: "invalid input syntax for type date".
  '22007': MSG.invalidDate,
  // datetime_field_overflow: "date/time field value out of range: 2026-02-30".
  '22008': MSG.invalidDate,
};

/** The client's 400 for an error PostgreSQL raised over the data it was given, or null for any other error. */
export function databaseInputError(error: unknown): AppError | null {
  if (typeof error !== 'object' || error === null) return null;
  const { code, severity } = error as { code?: unknown; severity?: unknown };
  // pg's DatabaseError carries a severity; a code alone might be anyone's.
  if (typeof code !== 'string' || typeof severity !== 'string') return null;
  const message = DATABASE_INPUT_ERRORS[code];
  return message === undefined ? null : new AppError(400, 'VALIDATION', message);
}

/** SQLSTATEs of a database that is going, gone or not yet back (class 08 is every connection failure). */
const DATABASE_GONE_STATES = new Set(['57P01', '57P02', '57P03', '53300']);
/** What pg says of a connection that broke under a query or was dropped from the pool. */
const CONNECTION_LOST =
  /^(Connection terminated( unexpectedly| due to connection timeout)?|Client has encountered a connection error and is not queryable|Client was closed and is not queryable|timeout exceeded when trying to connect)$/;
/** A connection that broke (under a write or a read): only sockets fail so. */
const BROKEN_CONNECTION = new Set(['ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH']);
/** A connection that could not be made: the socket file gone, nothing listening. */
const NO_CONNECTION = new Set(['ECONNREFUSED', 'ENOENT']);

/**
 * The database cannot be reached right now: it stopped, restarts, or refuses connections (ADR 0051).
 * Such a request is answered 503 with Retry-After, never 500: nothing the client sent was wrong, and
 * a retry in a few seconds may well succeed.
 */
export function databaseUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, severity, syscall, message } = error as Record<string, unknown>;
  if (typeof code === 'string' && typeof severity === 'string') {
    return code.startsWith('08') || DATABASE_GONE_STATES.has(code);
  }
  if (typeof code === 'string' && BROKEN_CONNECTION.has(code)) return true;
  // Only of a connect: an ENOENT of a file opened elsewhere is not the database being away.
  if (typeof code === 'string' && NO_CONNECTION.has(code)) return syscall === 'connect';
  return typeof message === 'string' && CONNECTION_LOST.test(message);
}

/** The 503 for a request that met a lost database: the client is told to try again in a few seconds. */
export function unavailable(retryAfterSeconds = 5): AppError {
  const error = new AppError(503, 'UNAVAILABLE', MSG.unavailable);
  error.retryAfterSeconds = retryAfterSeconds;
  return error;
}
