import { type ChangeEvent, useState } from 'react';
import type { $ZodError } from 'zod/v4/core';

export type FieldErrors<Values> = Partial<Record<keyof Values & string, string>>;

/**
 * What a failed call can say about a form. The API client's ApiError has this shape: `fields`
 * (field name -> the server's message) and a `message` that is our stand-in text when
 * `isGenericMessage` is true.
 */
export interface ServerFormError {
  fields: Record<string, string>;
  message: string;
  isGenericMessage: boolean;
}

function isServerFormError(error: unknown): error is ServerFormError {
  if (typeof error !== 'object' || error === null) return false;
  const { fields, message, isGenericMessage } = error as Partial<ServerFormError>;
  return (
    typeof fields === 'object' &&
    fields !== null &&
    typeof message === 'string' &&
    typeof isGenericMessage === 'boolean'
  );
}

/**
 * A zod schema as a form needs it: zod's chained API (`z.string().min()`) and zod/mini
 * (`z.string().check(z.minLength())`, far smaller in a bundle) both fit.
 */
export interface FormSchema<Output> {
  safeParse(
    data: unknown,
  ): { success: true; data: Output } | { success: false; error: $ZodError<unknown> };
}

/** The first message per field of a failed parse: one message under each field is enough. */
export function firstErrorPerField(error: $ZodError<unknown>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const name = issue.path[0];
    if (typeof name === 'string' && !(name in errors)) errors[name] = issue.message;
  }
  return errors;
}

type FieldElement = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/**
 * The state of a form validated by a zod schema: string values, one error per field, errors
 * that clear as soon as the user edits that field, and one message for the whole form (what the
 * server said that belongs to no single field).
 */
export function useSchemaForm<Values extends Record<string, string>>(initialValues: Values) {
  type Name = keyof Values & string;
  const [values, setValues] = useState<Values>(initialValues);
  const [errors, setErrors] = useState<FieldErrors<Values>>({});
  const [formError, setFormError] = useState<string | null>(null);

  function clearError(name: Name) {
    setErrors((current) => {
      if (!(name in current)) return current;
      const { [name]: _cleared, ...rest } = current;
      return rest as FieldErrors<Values>;
    });
  }

  /** Sets one field as the user would, which clears that field's message. */
  function setValue(name: Name, value: string) {
    setValues((current) => ({ ...current, [name]: value }));
    clearError(name);
  }

  /** Parses the current values; shows the schema's messages and returns null when invalid. */
  function validate<Output>(schema: FormSchema<Output>): Output | null {
    setFormError(null);
    const result = schema.safeParse(values);
    if (result.success) return result.data;
    setErrors(pick(firstErrorPerField(result.error), values));
    return null;
  }

  /** Shows messages (field name -> message) under the fields this form has; others are ignored. */
  function showFieldErrors(fields: Record<string, string>) {
    setErrors((current) => ({ ...current, ...pick(fields, values) }));
  }

  /**
   * Shows a failed call in the form: the server's field messages under the fields this form
   * has; when none of them fits a field, the server's own words above the submit button.
   */
  function showServerError(error: unknown) {
    if (!isServerFormError(error)) return;
    const fields = pick(error.fields, values);
    if (Object.keys(fields).length > 0) {
      setErrors((current) => ({ ...current, ...fields }));
    } else if (!error.isGenericMessage) {
      setFormError(error.message);
    }
  }

  /** Back to the first values (or the ones given), with no messages. */
  function reset(nextValues: Values = initialValues) {
    setValues(nextValues);
    setErrors({});
    setFormError(null);
  }

  /** Props for a TextField, TextAreaField or SelectField bound to `name`. */
  function field(name: Name) {
    return {
      name,
      value: values[name],
      error: errors[name],
      onChange: (event: ChangeEvent<FieldElement>) => setValue(name, event.target.value),
    };
  }

  return {
    values,
    errors,
    formError,
    setFormError,
    setValue,
    validate,
    showFieldErrors,
    showServerError,
    reset,
    field,
  };
}

function pick<Values extends Record<string, string>>(
  messages: Record<string, string>,
  values: Values,
): FieldErrors<Values> {
  const picked: Record<string, string> = {};
  for (const [name, message] of Object.entries(messages)) {
    if (name in values) picked[name] = message;
  }
  return picked as FieldErrors<Values>;
}
