import { TASK_ESTIMATE } from "@focus/core/schemas";
import { Minus, Plus } from "lucide-react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";

/**
 * The estimate of a task in whole focus sessions (TASK_ESTIMATE.min to TASK_ESTIMATE.max): a
 * number field between a minus and a plus button, so it can be typed, stepped with the buttons,
 * or with the arrow keys in the field.
 */
export function EstimateStepper({
  id,
  value,
  onChange,
  invalid,
  describedBy,
  className,
}: {
  id: string;
  value: number;
  onChange: (value: number) => void;
  invalid?: boolean;
  describedBy?: string;
  className?: string;
}) {
  const step = (by: number) => onChange(Math.min(TASK_ESTIMATE.max, Math.max(TASK_ESTIMATE.min, (Number.isFinite(value) ? value : TASK_ESTIMATE.min) + by)));
  return (
    <div className={cn("flex items-center gap-1", className)}>
      <Button type="button" variant="outline" size="icon" className="size-9 pointer-coarse:size-11" aria-label="One session less" disabled={value <= TASK_ESTIMATE.min} onClick={() => step(-1)}>
        <Minus aria-hidden />
      </Button>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={TASK_ESTIMATE.min}
        max={TASK_ESTIMATE.max}
        step={1}
        value={Number.isFinite(value) ? value : ""}
        onChange={(event) => onChange(event.target.valueAsNumber)}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={describedBy}
        className="h-9 w-12 rounded-md border pointer-coarse:h-11 border-input bg-background text-center text-base tabular-nums [appearance:textfield] focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/70 focus-visible:outline-none aria-invalid:border-destructive [&::-webkit-inner-spin-button]:appearance-none [&::-webkit-outer-spin-button]:appearance-none"
      />
      <Button type="button" variant="outline" size="icon" className="size-9 pointer-coarse:size-11" aria-label="One session more" disabled={value >= TASK_ESTIMATE.max} onClick={() => step(1)}>
        <Plus aria-hidden />
      </Button>
    </div>
  );
}
