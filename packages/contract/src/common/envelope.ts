/** Stable machine codes a client may branch on; the Persian `message` is for people. */
export const ERROR_CODES = [
  'VALIDATION',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'RATE_LIMITED',
  'TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'BUSINESS_RULE',
  'INTERNAL',
  'UNAVAILABLE',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export interface FieldError {
  field: string;
  message: string;
}

/** Every response of /api/v1.0 (docs/product.md §8.1); the zod schemas are in envelope-schema.ts. */
export interface Envelope<T> {
  successful: boolean;
  message: string;
  data: T;
  code?: ErrorCode;
  errors?: FieldError[];
}

export type ErrorEnvelope = Envelope<null>;

export function isEnvelope(value: unknown): value is Envelope<unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    'successful' in value &&
    typeof (value as { successful: unknown }).successful === 'boolean' &&
    'message' in value
  );
}
