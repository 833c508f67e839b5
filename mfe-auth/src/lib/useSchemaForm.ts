import { type ChangeEvent, useState } from 'react';
import type { z } from 'zod';

export type FieldErrors<Values> = Partial<Record<keyof Values & string, string>>;

/** The first message per field of a failed parse: one message under each field is enough. */
export function firstErrorPerField(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const name = issue.path[0];
    if (typeof name === 'string' && !(name in errors)) errors[name] = issue.message;
  }
  return errors;
}

/**
 * The form state every screen here uses: string values, one error per field from a zod schema,
 * and errors that clear as soon as the user edits that field.
 */
export function useSchemaForm<Values extends Record<string, string>>(initialValues: Values) {
  type Name = keyof Values & string;
  const [values, setValues] = useState<Values>(initialValues);
  const [errors, setErrors] = useState<FieldErrors<Values>>({});

  function clearError(name: Name) {
    setErrors((current) => {
      if (!(name in current)) return current;
      const { [name]: _cleared, ...rest } = current;
      return rest as FieldErrors<Values>;
    });
  }

  function setValue(name: Name, value: string) {
    setValues((current) => ({ ...current, [name]: value }));
    clearError(name);
  }

  /** Parses the current values; shows the schema's messages and returns null when invalid. */
  function validate<Output>(schema: z.ZodType<Output>): Output | null {
    const result = schema.safeParse(values);
    if (result.success) return result.data;
    const found = firstErrorPerField(result.error);
    setErrors(pick(found, values));
    return null;
  }

  /** Shows the server's field errors (name -> message) under the fields this form has. */
  function showFieldErrors(fields: Record<string, string>) {
    setErrors((current) => ({ ...current, ...pick(fields, values) }));
  }

  /** Props for a TextField or SelectField bound to `name`. */
  function field(name: Name) {
    return {
      name,
      value: values[name],
      error: errors[name],
      onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
        setValue(name, event.target.value),
    };
  }

  return { values, errors, setValue, validate, showFieldErrors, field };
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
