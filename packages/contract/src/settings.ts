import { z } from 'zod';
import { editableSettingsSchema } from './auth.ts';

/**
 * `POST /Account/EditSettings` (docs/product.md §8.2): `{ settings }`, the object or — as the legacy client
 * kept it in `userSanapass` — its JSON string.
 */
export const editSettingsRequestSchema = z.object({
  settings: z.preprocess((value) => {
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value) as unknown;
    } catch {
      return value;
    }
  }, editableSettingsSchema),
});
export type EditSettingsRequest = z.infer<typeof editSettingsRequestSchema>;
