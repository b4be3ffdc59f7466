import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError, errorMessage } from '@web/lib/api';
import { problemAsMessage } from '@web/lib/error-text';

/**
 * Puts a refused request's per-field messages (the server runs the same rules as the form)
 * on the fields, and returns the banner text: none when the fields already say it, else the
 * server's message or the screen's fallback.
 */
export function showServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fieldNames: readonly Path<T>[],
  fallback: string,
): string | null {
  let shownOnField = false;
  if (error instanceof ApiError && error.fieldCodes) {
    for (const [field, problem] of Object.entries(error.fieldCodes)) {
      if ((fieldNames as readonly string[]).includes(field)) {
        setError(field as Path<T>, { message: problemAsMessage(problem) });
        shownOnField = true;
      }
    }
  }
  return shownOnField ? null : errorMessage(error, fallback);
}
