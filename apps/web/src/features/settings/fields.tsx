import type { ReactNode } from "react";
import { Label } from "@/components/ui/label";
import { Slider } from "@/components/ui/slider";
import { Switch } from "@/components/ui/switch";

/** A labelled minutes slider with its current value and range shown (ranges: `docs/product.md`). */
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
  return (
    <div className="grid gap-2">
      <div className="flex items-center justify-between gap-4">
        <Label htmlFor={id}>{label}</Label>
        <output htmlFor={id} className="text-sm font-semibold tabular-nums">
          {value} min
        </output>
      </div>
      <Slider
        id={id}
        min={limits.min}
        max={limits.max}
        step={limits.step}
        value={value}
        aria-valuetext={`${value} minutes`}
        onChange={(event) => onChange(Number(event.target.value))}
      />
      <div className="flex justify-between text-xs text-muted-foreground" aria-hidden>
        <span>{limits.min} min</span>
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
