import type { Session } from "@focus/core/schemas";
import type { EscapeReport } from "@focus/core/stats";
import { DoorOpen } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { SessionRow } from "./RecentSessions";

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
            <SessionRow key={s.id} session={s} icon={DoorOpen} title="Focus session · Ended early" />
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
