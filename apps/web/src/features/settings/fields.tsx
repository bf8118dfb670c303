import { useState, type ReactNode } from "react";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Slider } from "@/components/ui/slider";
import { Switch } from "@/components/ui/switch";

/**
 * A labelled length in whole minutes: a slider for a quick pick and a number field beside it for
 * an exact one (ranges: `docs/product.md`, Settings). A typed value is taken once it is a whole
 * number in range; leaving the field puts back the value in force.
 */
export function MinutesSlider({
  id,
  label,
  value,
  limits,
  onChange,
}: {
  id: string;
  label: string;
  value: number;
  limits: { min: number; max: number; step: number };
  onChange: (value: number) => void;
}) {
  const [draft, setDraft] = useState<string | null>(null);
  const typed = draft ?? String(value);
  const typedValue = Number(typed);
  const valid = typed.trim() !== "" && Number.isInteger(typedValue) && typedValue >= limits.min && typedValue <= limits.max;
  return (
    <div className="grid gap-2">
      <div className="flex items-center justify-between gap-4">
        <Label htmlFor={id}>{label}</Label>
        <span className="flex items-center gap-1.5 text-sm">
          <Input
            type="number"
            inputMode="numeric"
            min={limits.min}
            max={limits.max}
            step={limits.step}
            value={typed}
            aria-label={`${label} in minutes`}
            aria-invalid={!valid}
            className="h-8 w-20 text-right font-semibold tabular-nums pointer-coarse:h-11"
            onChange={(event) => {
              const text = event.target.value;
              setDraft(text);
              const minutes = Number(text);
              if (text.trim() !== "" && Number.isInteger(minutes) && minutes >= limits.min && minutes <= limits.max) onChange(minutes);
            }}
            onBlur={() => setDraft(null)}
          />
          <span className="text-muted-foreground">min</span>
        </span>
      </div>
      <Slider
        id={id}
        min={limits.min}
        max={limits.max}
        step={limits.step}
        value={value}
        aria-valuetext={`${value} minutes`}
        onChange={(event) => {
          setDraft(null);
          onChange(Number(event.target.value));
        }}
      />
      <div className="flex justify-between text-xs text-muted-foreground" aria-hidden>
        <span>{limits.min} min</span>
        <span>{valid ? "" : `A whole number from ${limits.min} to ${limits.max}`}</span>
        <span>{limits.max} min</span>
      </div>
    </div>
  );
}

/** A switch with its label and a one-line explanation; `children` go under the text. */
export function SwitchField({
  id,
  label,
  description,
  checked,
  disabled,
  onChange,
  children,
}: {
  id: string;
  label: string;
  description: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
  children?: ReactNode;
}) {
  return (
    <div className="flex items-start justify-between gap-4">
      <div className="grid gap-1">
        <Label htmlFor={id}>{label}</Label>
        <p id={`${id}-description`} className="text-sm text-muted-foreground">
          {description}
        </p>
        {children}
      </div>
      <Switch
        id={id}
        checked={checked}
        disabled={disabled}
        aria-describedby={`${id}-description`}
        onChange={(event) => onChange(event.target.checked)}
        className="mt-0.5"
      />
    </div>
  );
}
