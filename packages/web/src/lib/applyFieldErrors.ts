import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api.ts';

/**
 * Puts the server's `errors: [{ field, message }]` under the matching form fields. `prefix` strips a
 * wrapper the request adds around the form's values (e.g. `settings.` for `{ settings: {...} }`).
 */
export function applyFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
  prefix = '',
): void {
  if (!(error instanceof ApiError)) return;
  for (const { field, message } of error.fieldErrors) {
    const name = fields.find((f) => prefix + f === field);
    if (name) setError(name, { type: 'server', message });
  }
}
