import { z } from 'zod';
import { ERROR_CODES } from './envelope.ts';

// The envelope as zod schemas, for the server's response validation and the OpenAPI document. Apart
// from envelope.ts so the web's API client can check envelopes without pulling zod in.

export const fieldErrorSchema = z.object({ field: z.string(), message: z.string() });

/** Every response of /api/v1.0 is this envelope (docs/product.md §8.1). */
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
