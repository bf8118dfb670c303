import { composeIntention, INTENTION_MAX_LENGTH } from "@focus/core/schemas";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";

/**
 * "What will you do first?" beside Start while a focus session waits (`docs/product.md`,
 * Intentions): optional, at most INTENTION_MAX_LENGTH characters, with a one-click "When ___, I
 * will ___" form whose two short inputs make the intention. `error`: why it cannot be used (the
 * server's rule, checked before Start).
 */
export function IntentionField({ value, onChange, error }: { value: string; onChange: (value: string) => void; error: string | null }) {
  const id = useId();
  const [plan, setPlan] = useState<{ when: string; will: string } | null>(null);
  const openPlan = () => setPlan({ when: "", will: value });
  const updatePlan = (next: { when: string; will: string }) => {
    setPlan(next);
    onChange(composeIntention(next.when, next.will).slice(0, INTENTION_MAX_LENGTH));
  };
  const left = INTENTION_MAX_LENGTH - value.length;
  return (
    <div className="mx-auto grid w-full max-w-md gap-1.5" data-testid="intention-field">
      <div className="flex items-baseline justify-between gap-2">
        <label htmlFor={`${id}-text`} className="text-sm font-medium">
          What will you do first? <span className="font-normal text-muted-foreground">(optional)</span>
        </label>
        {plan === null ? (
          <Button type="button" variant="link" size="sm" className="h-auto p-0 text-xs" onClick={openPlan}>
            When ___, I will ___
          </Button>
        ) : (
          <Button type="button" variant="link" size="sm" className="h-auto p-0 text-xs" onClick={() => setPlan(null)}>
            Type it freely
          </Button>
        )}
      </div>
      {plan === null ? (
        <Input
          id={`${id}-text`}
          value={value}
          maxLength={INTENTION_MAX_LENGTH}
          placeholder="e.g. Write the first paragraph"
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={error !== null}
          aria-describedby={`${id}-hint`}
          autoComplete="off"
        />
      ) : (
        <div className="grid gap-2 sm:grid-cols-2" role="group" aria-label="When ___, I will ___">
          <label className="grid gap-1 text-xs text-muted-foreground">
            When
            <Input
              id={`${id}-text`}
              value={plan.when}
              maxLength={60}
              placeholder="I sit down with coffee"
              onChange={(event) => updatePlan({ ...plan, when: event.target.value })}
              autoComplete="off"
            />
          </label>
          <label className="grid gap-1 text-xs text-muted-foreground">
            I will
            <Input value={plan.will} maxLength={70} placeholder="open the draft" onChange={(event) => updatePlan({ ...plan, will: event.target.value })} autoComplete="off" />
          </label>
        </div>
      )}
      <p id={`${id}-hint`} className={error ? "text-xs text-destructive" : "text-xs text-muted-foreground"} role={error ? "alert" : undefined}>
        {error ?? (plan !== null && value ? value : plan?.when.trim() && !plan.will.trim() ? "Add what you will do, then it becomes your intention." : left <= 20 ? `${left} characters left` : "It shows under the timer while you focus.")}
      </p>
    </div>
  );
}
