import { useRef, useState, type ChangeEvent, type FormEvent } from "react";

/**
 * A form checked with a core schema (`@focus/core/schemas`), without a form library: the
 * sign-in forms and the task form load on a phone's first visit, and React Hook Form would add
 * 13 KiB to them (`docs/performance.md`).
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

/** What `field(name)` gives a text input (or `FormField`): its value, change handler, element ref and message. */
export interface SchemaFormField {
  name: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  ref: (element: HTMLElement | null) => void;
  error: string | undefined;
}

type Errors<Values> = Partial<Record<keyof Values & string, string>>;
type TextKey<Values> = { [Key in keyof Values & string]: Values[Key] extends string ? Key : never }[keyof Values & string];

/** Checks `values`: each field's first message, or the schema's output when all are right. */
function check<Values extends Record<string, unknown>, Output>(
  schema: FormSchema<Output>,
  values: Values,
): { valid: true; output: Output } | { valid: false; errors: Errors<Values> } {
  const result = schema.safeParse(values);
  if (result.success) return { valid: true, output: result.data };
  const errors: Errors<Values> = {};
  for (const issue of result.error.issues) {
    const name = issue.path[0];
    if (typeof name === "string" && name in values) errors[name as keyof Values & string] ??= issue.message;
  }
  return { valid: false, errors };
}

/** What `onValid` may do after a valid submit: show a message the schema cannot know, start over, move the focus. */
export interface SubmitActions<Values> {
  setError: (name: keyof Values & string, message: string) => void;
  /** Back to `next` (default: the starting values), no message shown, nothing checked until the next submit. */
  reset: (next?: Values) => void;
  focus: (name: keyof Values & string) => void;
}

/**
 * The state of a form whose fields are the keys of `initial` (their starting values), checked
 * by `schema`: `field(name)` for each text input, `value`/`setValue`/`ref` for other controls,
 * `onSubmit` for the `<form>`; `onValid` gets the output and what it may do next.
 */
export function useSchemaForm<Values extends Record<string, unknown>, Output>(
  schema: FormSchema<Output>,
  initial: Values,
  onValid: (output: Output, actions: SubmitActions<Values>) => void,
) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Errors<Values>>({});
  const submitted = useRef(false);
  const elements = useRef(new Map<keyof Values, HTMLElement>());

  const setValue = <Name extends keyof Values & string>(name: Name, value: Values[Name]) => {
    const next = { ...values, [name]: value };
    setValues(next);
    if (submitted.current) {
      const result = check(schema, next);
      setErrors(result.valid ? {} : result.errors);
    }
  };

  const ref = (name: keyof Values & string) => (element: HTMLElement | null) => {
    if (element) elements.current.set(name, element);
    else elements.current.delete(name);
  };

  const field = (name: TextKey<Values>): SchemaFormField => ({
    name,
    value: values[name] as string,
    error: errors[name],
    ref: ref(name),
    onChange: (event) => setValue(name, event.target.value as Values[typeof name]),
  });

  const focus = (name: keyof Values & string) => elements.current.get(name)?.focus();

  const reset = (next: Values = initial) => {
    setValues(next);
    setErrors({});
    submitted.current = false;
  };

  const setError = (name: keyof Values & string, message: string) => setErrors((current) => ({ ...current, [name]: message }));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submitted.current = true;
    const result = check(schema, values);
    if (result.valid) {
      setErrors({});
      onValid(result.output, { setError, reset, focus });
      return;
    }
    setErrors(result.errors);
    const first = (Object.keys(initial) as (keyof Values & string)[]).find((name) => result.errors[name] !== undefined);
    if (first) focus(first);
  };


  const value = <Name extends keyof Values>(name: Name): Values[Name] => values[name];

  return { field, value, setValue, ref, errors, onSubmit };
}
