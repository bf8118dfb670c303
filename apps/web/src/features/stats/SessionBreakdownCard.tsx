import type { SessionBreakdown } from "@focus/core/stats";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { formatMinutes } from "./format";
import { ProgressBar } from "./ProgressBar";

/** Focus versus break sessions and the completion rate (real users only). */
export function SessionBreakdownCard({ breakdown }: { breakdown: SessionBreakdown }) {
  const rate = Math.round(breakdown.completionRate);
  const rows = [
    { label: "Focus sessions", part: breakdown.focus },
    { label: "Breaks", part: breakdown.break },
  ];
  return (
    <Card className="h-full">
      <CardHeader className="pb-4">
        <CardTitle as="h3">Session breakdown</CardTitle>
        <CardDescription>Every session you started, focus and breaks.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <table className="w-full text-sm">
          <thead className="text-left text-muted-foreground">
            <tr>
              <th scope="col" className="pb-2 font-medium">
                <span className="sr-only">Type</span>
              </th>
              <th scope="col" className="pb-2 pl-4 text-right font-medium">
                Completed
              </th>
              <th scope="col" className="pb-2 pl-4 text-right font-medium">
                Started
              </th>
              <th scope="col" className="pb-2 pl-4 text-right font-medium" title="Time of the completed sessions">
                Time
              </th>
            </tr>
          </thead>
          <tbody className="tabular-nums">
            {rows.map(({ label, part }) => (
              <tr key={label} className="border-t">
                <th scope="row" className="py-2 text-left font-medium">
                  {label}
                </th>
                <td className="py-2 pl-4 text-right">{part.completed}</td>
                <td className="py-2 pl-4 text-right">{part.count}</td>
                <td className="py-2 pl-4 text-right">{formatMinutes(part.minutes)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <div className="grid gap-2">
          <p className="flex justify-between text-sm">
            <span className="font-medium">Completion rate</span>
            <span className="tabular-nums">{rate}%</span>
          </p>
          <ProgressBar value={rate} max={100} label="Completion rate" valueText={`${rate}%`} />
          <p className="text-xs text-muted-foreground">
            {breakdown.completed} completed, {breakdown.incomplete} stopped early. Stopping early is fine; starting is what counts.
          </p>
        </div>
      </CardContent>
    </Card>
  );
}
