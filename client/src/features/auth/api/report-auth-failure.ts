import { toastError } from '@client/lib/toast';
import { ApiError } from '@client/lib/api-client';
import { serverFieldErrors, type FieldErrors } from '@client/lib/forms';

/**
 * A failed auth call: a destructive toast with the server's message (or the fallback), and the
 * server's per-field messages for showing under the fields.
 */
export function reportAuthFailure(error: unknown, title: string, fallback: string): FieldErrors {
  toastError(title, error, fallback);
  return error instanceof ApiError ? serverFieldErrors(error.body) : {};
}
