import { useState } from 'react';
import type { z } from 'zod';

/** The first message per top-level field, e.g. { phone: 'Invalid phone number format' }. */
export type FieldErrors = Partial<Record<string, string>>;

export type Validation<T> = { success: true; data: T } | { success: false; errors: FieldErrors; messages: string[] };

/** The first message per top-level field of a failed zod parse, for inline form errors. */
export function fieldErrorsOf<K extends string = string>(error: z.ZodError): Partial<Record<K, string>> {
  const errors: Partial<Record<K, string>> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? '_') as K;
    errors[key] ??= issue.message;
  }
  return errors;
}

/** Runs a shared zod schema on form values and reduces its issues to one message per field. */
export function validateForm<S extends z.ZodType>(schema: S, values: unknown): Validation<z.output<S>> {
  const result = schema.safeParse(values);
  if (result.success) return { success: true, data: result.data };
  const errors: FieldErrors = fieldErrorsOf(result.error);
  return { success: false, errors, messages: Object.values(errors).filter((m): m is string => Boolean(m)) };
}

/** Field errors a server sent with a 400 (`{ message, fieldErrors }`), first message per field. */
export function serverFieldErrors(body: unknown): FieldErrors {
  if (!body || typeof body !== 'object' || !('fieldErrors' in body)) return {};
  const fieldErrors = body.fieldErrors;
  if (!fieldErrors || typeof fieldErrors !== 'object') return {};
  const errors: FieldErrors = {};
  for (const [key, messages] of Object.entries(fieldErrors)) {
    if (Array.isArray(messages) && typeof messages[0] === 'string') errors[key] = messages[0];
  }
  return errors;
}

/**
 * Controlled values for a small form plus their validation messages. Editing a field clears its
 * message so a corrected entry stops showing the old error.
 */
export function useFormValues<T extends Record<string, string>>(initial: T) {
  const [values, setValues] = useState<T>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const setField = (name: keyof T & string, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((e) => (e[name] ? { ...e, [name]: undefined } : e));
  };
  return { values, setField, errors, setErrors };
}
