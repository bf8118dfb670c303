import { guestSignupPoints } from "@focus/core/subscription";
import { Check, Sparkles } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { dispatchShowAuth } from "@/lib/events";
import { usePublicConfig } from "@/lib/publicConfig";
import { cn } from "@/lib/utils";

/**
 * The signup promotion for guests: what an account gives, from the plan wording table (the trial
 * of the server's length, then Free, no credit card), and 'Create Free Account (30s)', which opens
 * /auth on Register.
 */
export function GuestSignupPromo({ className }: { className?: string }) {
  const { trialDays } = usePublicConfig();
  return (
    <Card className={cn("border-primary/40 bg-accent/30", className)}>
      <CardContent className="flex flex-col gap-4 pt-6 sm:flex-row sm:items-center sm:justify-between">
        <div className="grid gap-2">
          <h2 className="flex items-center gap-2 text-lg font-semibold tracking-tight">
            <Sparkles className="size-5 text-primary" aria-hidden />
            Enjoying your focus session?
          </h2>
          <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
            {guestSignupPoints(trialDays).map((point) => (
              <li key={point} className="flex items-center gap-1.5">
                <Check className="size-4 text-primary" aria-hidden />
                {point}
              </li>
            ))}
          </ul>
        </div>
        <Button size="lg" className="shrink-0" onClick={() => dispatchShowAuth("register")}>
          Create Free Account (30s)
        </Button>
      </CardContent>
    </Card>
  );
}
