import type { MilestoneProgress } from "@focus/core/stats";
import { Target } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { formatMinutes } from "./format";
import { ProgressBar } from "./ProgressBar";

/** Today's focus time toward the next milestone (25, 60, 100, … minutes, `docs/product.md`). */
export function MilestoneCard({ minutesToday, milestone }: { minutesToday: number; milestone: MilestoneProgress }) {
  return (
    <Card>
      <CardHeader className="pb-4">
        <CardTitle as="h3" className="flex items-center gap-2">
          <Target className="size-5 text-primary" aria-hidden />
          Next milestone
        </CardTitle>
        <CardDescription>
          {formatMinutes(milestone.next)} of focus today: {formatMinutes(milestone.minutesLeft)} to go
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-2">
        <ProgressBar
          value={minutesToday}
          max={milestone.next}
          label="Focus time toward the next milestone"
          valueText={`${formatMinutes(minutesToday)} of ${formatMinutes(milestone.next)}`}
          className="h-3"
        />
        <p className="flex justify-between text-sm text-muted-foreground tabular-nums">
          <span>{formatMinutes(minutesToday)} today</span>
          <span>{formatMinutes(milestone.next)}</span>
        </p>
      </CardContent>
    </Card>
  );
}
