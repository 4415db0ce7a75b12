import { z } from 'zod';

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
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const fieldErrorSchema = z.object({ field: z.string(), message: z.string() });
export type FieldError = z.infer<typeof fieldErrorSchema>;

/** Every response of /api/v1.0 is this envelope (SPEC.md section 7). */
export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({
    successful: z.boolean(),
    message: z.string(),
    data,
    code: z.enum(ERROR_CODES).optional(),
    errors: z.array(fieldErrorSchema).optional(),
  });
}

export const errorEnvelopeSchema = envelopeSchema(z.null());
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

export interface Envelope<T> {
  successful: boolean;
  message: string;
  data: T;
  code?: ErrorCode;
  errors?: FieldError[];
}

export function isEnvelope(value: unknown): value is Envelope<unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    'successful' in value &&
    typeof (value as { successful: unknown }).successful === 'boolean' &&
    'message' in value
  );
}
