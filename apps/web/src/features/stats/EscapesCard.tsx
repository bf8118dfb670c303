import type { Session } from "@focus/core/schemas";
import type { EscapeReport } from "@focus/core/stats";
import { DoorOpen } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { formatSessionLength, formatSessionStart } from "./format";

/**
 * Strict sessions ended early (`docs/product.md`, Strict focus): this week's count and the
 * latest ones, each marked "Ended early" with the focus it had. Shown once there is one.
 */
export function EscapesCard({ report }: { report: EscapeReport<Session> }) {
  return (
    <Card className="h-full" data-testid="escapes-card">
      <CardHeader className="pb-4">
        <CardTitle as="h3">Ended early</CardTitle>
        <CardDescription>
          Strict sessions you chose to end: {report.thisWeek === 1 ? "1 escape" : `${report.thisWeek} escapes`} this week. Ending early is allowed; the time you focused still happened.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="divide-y" aria-label="Sessions ended early">
          {report.recent.map((s) => (
            <li key={s.id} className="flex items-center gap-3 py-2.5">
              <span className="grid size-9 shrink-0 place-items-center rounded-full bg-accent text-accent-foreground">
                <DoorOpen className="size-4" aria-hidden />
              </span>
              <div className="min-w-0 flex-1">
                <p className="font-medium">Focus session · Ended early</p>
                <p className="text-sm text-muted-foreground">{formatSessionStart(s.startTime)}</p>
              </div>
              <span className="text-sm font-medium tabular-nums">{formatSessionLength(s.duration)}</span>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
