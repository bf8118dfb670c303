import { useRef, useState, type ChangeEvent, type FormEvent } from "react";

/**
 * A form of text fields checked with a core schema (`@focus/core/schemas`), without a form
 * library: the sign-in and registration forms load on a phone's first visit, and React Hook Form
 * would add 13 KiB to them (`docs/performance.md`).
 *
 * Behaviour: nothing is checked while the person types until the first submit; a submit checks
 * every field, shows each field's first message and moves the focus to the first field in error
 * (in the order of `initial`), else calls `onValid` with the schema's output (trimmed values and
 * the like). After a submit, every change checks the form again, so a message goes as soon as the
 * field is right.
 */

/** The part of a zod schema (classic or `zod/mini`) the form uses. */
export interface FormSchema<Output> {
  safeParse(
    value: unknown,
  ): { success: true; data: Output } | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
}

/** What `field(name)` gives a `FormField`: its value, change handler, element ref and message. */
export interface SchemaFormField {
  name: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  ref: (element: HTMLInputElement | null) => void;
  error: string | undefined;
}

type Errors<Name extends string> = Partial<Record<Name, string>>;

/** Checks `values`: each field's first message, or the schema's output when all are right. */
function check<Name extends string, Output>(schema: FormSchema<Output>, values: Record<Name, string>): { errors: Errors<Name>; output?: Output } {
  const result = schema.safeParse(values);
  if (result.success) return { errors: {}, output: result.data };
  const errors: Errors<Name> = {};
  for (const issue of result.error.issues) {
    const name = issue.path[0];
    if (typeof name === "string" && name in values && errors[name as Name] === undefined) errors[name as Name] = issue.message;
  }
  return { errors };
}

/**
 * The state of a form whose fields are the keys of `initial` (their starting values), checked
 * by `schema`: `field(name)` for each input, `onSubmit` for the `<form>`.
 */
export function useSchemaForm<Name extends string, Output>(schema: FormSchema<Output>, initial: Record<Name, string>, onValid: (output: Output) => void) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Errors<Name>>({});
  const submitted = useRef(false);
  const elements = useRef(new Map<Name, HTMLInputElement>());

  const field = (name: Name): SchemaFormField => ({
    name,
    value: values[name],
    error: errors[name],
    ref: (element) => {
      if (element) elements.current.set(name, element);
      else elements.current.delete(name);
    },
    onChange: (event) => {
      const next = { ...values, [name]: event.target.value };
      setValues(next);
      if (submitted.current) setErrors(check(schema, next).errors);
    },
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submitted.current = true;
    const result = check(schema, values);
    setErrors(result.errors);
    if (result.output !== undefined) {
      onValid(result.output);
      return;
    }
    const first = (Object.keys(initial) as Name[]).find((name) => result.errors[name] !== undefined);
    if (first) elements.current.get(first)?.focus();
  };

  return { field, onSubmit, errors };
}
