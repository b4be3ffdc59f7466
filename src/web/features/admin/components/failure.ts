import { ApiError } from '@web/lib/api';

/**
 * The spec's failure line ('Failed to delete user'), followed by the server's reason when it
 * gave one (a refused rule, D13), so the operator knows what to do next.
 */
export function failureMessage(fallback: string, error: unknown): string {
  if (error instanceof ApiError && error.status > 0 && error.status < 500 && error.message)
    return `${fallback}: ${error.message}`;
  return fallback;
}
