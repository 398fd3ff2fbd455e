import type { z } from 'zod';

/** The first message per top-level field of a failed zod parse, for inline form errors. */
export function fieldErrorsOf<K extends string>(error: z.ZodError): Partial<Record<K, string>> {
  const errors: Partial<Record<K, string>> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? '_') as K;
    errors[key] ??= issue.message;
  }
  return errors;
}
