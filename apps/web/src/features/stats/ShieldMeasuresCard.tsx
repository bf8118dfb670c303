import { shieldMeasuresSchema } from "@focus/core/schemas";
import { shieldMeasuresByDay, shieldMeasuresBySession, type ShieldMeasure } from "@focus/core/stats";
import { useQuery } from "@tanstack/react-query";
import { RotateCw } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { formatSessionStart } from "./format";

/** `GET /api/shield/measures` (its key is its path). */
const MEASURES_KEY = ["/api/shield/measures"] as const;
/** Days and sessions shown. */
const ROWS = 7;

const COLUMNS: { key: keyof ShieldMeasure; label: string }[] = [
  { key: "stopped", label: "Stopped visits" },
  { key: "passes", label: "Delay passes" },
  { key: "turnedBack", label: "Turn-backs" },
  { key: "shieldOffMinutes", label: "Shield off (min)" },
];

/** The answer counted per local day (this browser's time zone) and per session, at the time it arrived. */
function measuresOf(data: unknown) {
  const { events, shieldOff } = shieldMeasuresSchema.parse(data);
  const now = Date.now();
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return { byDay: shieldMeasuresByDay(events, shieldOff, now, timeZone), bySession: shieldMeasuresBySession(events, shieldOff, now) };
}

/** A day key (YYYY-MM-DD) as "Mon, Mar 2". */
const dayLabel = (day: string) => new Date(`${day}T12:00:00`).toLocaleDateString([], { weekday: "short", month: "short", day: "numeric" });

/** A table of measured figures, one row per day or session. */
function MeasureTable({ caption, rows }: { caption: string; rows: ({ label: string } & ShieldMeasure)[] }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm tabular-nums">
        <caption className="mb-2 text-left text-sm font-medium">{caption}</caption>
        <thead>
          <tr className="text-left text-xs text-muted-foreground">
            <th scope="col" className="py-1.5 pr-3 font-medium">
              {caption === "Per day" ? "Day" : "Session"}
            </th>
            {COLUMNS.map((column) => (
              <th key={column.key} scope="col" className="px-2 py-1.5 text-right font-medium">
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y">
          {rows.map((row) => (
            <tr key={row.label}>
              <th scope="row" className="py-2 pr-3 text-left font-medium whitespace-nowrap">
                {row.label}
              </th>
              {COLUMNS.map((column) => (
                <td key={column.key} className="px-2 py-2 text-right">
                  {row[column.key]}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The Shield's measured figures (`docs/product.md`, Statistics: numbers that are measured): stopped
 * visits, delay passes, turn-backs and shield-off minutes per day and per focus session, computed
 * by the core from what the extension reported. Real users only.
 */
export function ShieldMeasuresCard() {
  const measures = useQuery({ queryKey: MEASURES_KEY, select: measuresOf });
  return (
    <Card>
      <CardHeader className="pb-4">
        <CardTitle as="h3">What the Shield measured</CardTitle>
        <CardDescription>Counted by the Chrome extension as it happened, not estimated.</CardDescription>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-6" data-testid="shield-measures">
        {measures.isPending ? (
          <Spinner label="Loading the Shield's figures" showLabel />
        ) : measures.isError ? (
          <div className="grid justify-items-start gap-2 text-sm">
            <p className="text-muted-foreground">The Shield's figures couldn't be loaded: {measures.error.message}</p>
            <Button variant="outline" size="sm" onClick={() => void measures.refetch()}>
              <RotateCw aria-hidden />
              Try again
            </Button>
          </div>
        ) : measures.data.byDay.length === 0 && measures.data.bySession.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nothing yet. Once the extension stops a visit during focus, it shows here.</p>
        ) : (
          <>
            <MeasureTable
              caption="Per day"
              rows={measures.data.byDay.slice(0, ROWS).map((row) => ({ ...row, label: dayLabel(row.day) }))}
            />
            <MeasureTable
              caption="Per focus session"
              rows={measures.data.bySession.slice(0, ROWS).map((row) => ({ ...row, label: formatSessionStart(row.sessionStart) }))}
            />
          </>
        )}
      </CardContent>
    </Card>
  );
}
