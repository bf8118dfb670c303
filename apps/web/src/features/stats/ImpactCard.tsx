import { DISTRACTIONS_PREVENTED_PER_SESSION, DISTRACTION_RECOVERY_MINUTES, type ProductivityImpact } from "@focus/core/stats";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { formatHours, formatMinutes } from "./format";

/** Productivity impact (`docs/product.md`), an estimate from all-time totals computed by the core; the measured figures are ShieldMeasuresCard's. */
export function ImpactCard({ impact }: { impact: ProductivityImpact }) {
  return (
    <Card>
      <CardHeader className="pb-4">
        <CardTitle as="h3">Productivity impact</CardTitle>
        <CardDescription>An estimate of what your focus sessions have spared you, from fixed numbers, not a measurement.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <dl className="divide-y rounded-lg bg-muted/60 px-4">
          {[
            { label: "Distractions prevented", value: String(impact.distractionsPrevented) },
            { label: "Refocus time avoided", value: formatMinutes(impact.recoveryMinutesSaved) },
            { label: "Time saved", value: formatHours(impact.timeSavedHours) },
          ].map((row) => (
            <div key={row.label} className="flex items-baseline justify-between gap-4 py-2.5">
              <dt className="text-sm text-muted-foreground">{row.label}</dt>
              <dd className="text-lg font-semibold tabular-nums">{row.value}</dd>
            </div>
          ))}
        </dl>
        <p className="text-xs text-muted-foreground">
          Estimated: each completed session is counted as {DISTRACTIONS_PREVENTED_PER_SESSION} distractions prevented, and each distraction
          takes about {DISTRACTION_RECOVERY_MINUTES} minutes to recover from.
        </p>
      </CardContent>
    </Card>
  );
}
