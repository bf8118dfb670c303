import type { ComponentProps } from "react";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";

/** Props of FormField: an input's props plus its label and validation message. */
export type FormFieldProps = ComponentProps<"input"> & { id: string; label: string; error?: string };

/**
 * A labelled input with its validation message underneath. The message is tied to the input
 * with aria-describedby and the input is marked aria-invalid while it shows.
 */
export function FormField({ id, label, error, ...inputProps }: FormFieldProps) {
  const errorId = `${id}-error`;
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined} {...inputProps} />
      {error && (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
