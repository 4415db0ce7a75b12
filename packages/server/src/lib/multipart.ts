import { MSG } from '@ayar/contract';
import { AppError } from './errors.ts';

/**
 * A multipart body's own failures that are the same for every upload, in the envelope's words; null
 * for any other error. A file too large or too many files is the caller's to word (its own limits).
 */
export function multipartFormError(error: unknown): AppError | null {
  switch ((error as { code?: string } | null)?.code) {
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new AppError(413, 'TOO_LARGE', MSG.tooLarge);
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', MSG.unsupportedMedia);
    case 'FST_PROTO_VIOLATION':
    case 'FST_MP_PREMATURE_CLOSE':
      return new AppError(400, 'VALIDATION', MSG.validation);
    default:
      // Busboy refuses a malformed body (no boundary, cut short) with a plain Error that has no code.
      return error instanceof Error && !(error instanceof AppError) && !('code' in error)
        ? new AppError(400, 'VALIDATION', MSG.validation)
        : null;
  }
}
