import { Switch } from "@/components/ui/switch";
import { cn } from "@/lib/utils";

/**
 * A per-session switch beside Start (Strict, Flowtime): a switch, its label and a one-line hint.
 * It applies to the next focus session only; the settings give its starting position.
 */
export function SessionSwitch({
  id,
  label,
  hint,
  checked,
  onChange,
  className,
}: {
  id: string;
  label: string;
  hint: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  className?: string;
}) {
  return (
    <div className={cn("flex max-w-md items-center gap-3 text-sm", className)}>
      <Switch id={id} checked={checked} onChange={(event) => onChange(event.target.checked)} aria-describedby={`${id}-hint`} />
      <div className="grid">
        <label htmlFor={id} className="font-medium">
          {label}
        </label>
        <span id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </span>
      </div>
    </div>
  );
}
