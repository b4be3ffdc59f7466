import { ApiError, errorMessage } from '@web/lib/api';

/**
 * The spec's failure line ('Failed to delete user'), followed by the reason of a refused rule
 * in the chosen language, so the operator knows what to do next.
 */
export function failureMessage(fallback: string, error: unknown): string {
  if (error instanceof ApiError && error.status > 0 && error.status < 500)
    return `${fallback}: ${errorMessage(error, fallback)}`;
  return fallback;
}
