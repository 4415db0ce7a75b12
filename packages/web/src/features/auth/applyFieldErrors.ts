import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../../lib/api.ts';

/** Puts the server's `errors: [{ field, message }]` under the matching form fields. */
export function applyFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): void {
  if (!(error instanceof ApiError)) return;
  for (const { field, message } of error.fieldErrors) {
    const name = fields.find((f) => f === field);
    if (name) setError(name, { type: 'server', message });
  }
}
