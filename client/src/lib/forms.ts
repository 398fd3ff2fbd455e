import { useState, type FormEvent } from 'react';
import type { z } from 'zod';

/** The first message per top-level field, e.g. { phone: 'Invalid phone number format' }. */
export type FieldErrors = Partial<Record<string, string>>;

/** A form's values checked with a shared contract: the request, or a message per field. */
export type Validation<T, K extends string = string> =
  { success: true; data: T } | { success: false; errors: Partial<Record<K, string>>; messages: string[] };

/** The first message per top-level field of a failed zod parse, for inline form errors. */
export function fieldErrorsOf<K extends string = string>(error: z.ZodError): Partial<Record<K, string>> {
  const errors: Partial<Record<K, string>> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? '_') as K;
    errors[key] ??= issue.message;
  }
  return errors;
}

/** The failed Validation of a zod error: one message per field, and all of them in order. */
export function invalid<K extends string = string>(error: z.ZodError): Validation<never, K> {
  const errors = fieldErrorsOf<K>(error);
  const messages = Object.values<string | undefined>(errors).filter((m): m is string => Boolean(m));
  return { success: false, errors, messages };
}

/** Runs a shared zod schema on form values and reduces its issues to one message per field. */
export function validateForm<S extends z.ZodType>(schema: S, values: unknown): Validation<z.output<S>> {
  const result = schema.safeParse(values);
  return result.success ? { success: true, data: result.data } : invalid(result.error);
}

/**
 * A form's submit handler: no page load; when `check` fails its messages go under the fields (and to
 * `onInvalid`), otherwise the field messages clear and `onValid` gets the checked request.
 */
export function submitHandler<T, K extends string>(
  check: () => Validation<T, K>,
  setErrors: (errors: Partial<Record<K, string>>) => void,
  onValid: (data: T) => void,
  onInvalid?: (messages: string[]) => void,
) {
  return (event: FormEvent) => {
    event.preventDefault();
    const result = check();
    if (!result.success) {
      setErrors(result.errors);
      onInvalid?.(result.messages);
      return;
    }
    setErrors({});
    onValid(result.data);
  };
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
