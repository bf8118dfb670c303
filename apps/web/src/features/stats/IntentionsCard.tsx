import { SESSION_OUTCOME_LABELS, type Session, type SessionOutcome } from "@focus/core/schemas";
import { stuckSummary, type IntentionReport } from "@focus/core/stats";
import { Lightbulb } from "lucide-react";
import { useId } from "react";
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from "recharts";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { cn } from "@/lib/utils";
import { formatSessionLength, formatSessionStart } from "./format";

/** How many of the week's sessions the card lists. */
const LISTED = 8;
const TICK = { fill: "var(--muted-foreground)", fontSize: 12 } as const;

const OUTCOME_STYLE: Record<SessionOutcome, string> = {
  done: "bg-primary/15 text-primary",
  partly: "bg-accent text-accent-foreground",
  stuck: "bg-amber-500/15 text-amber-800 dark:text-amber-300",
};

/**
 * "Intentions and how they went" (`docs/product.md`, Intentions, reflection and a break that calls
 * you back): this week's sessions with their intention and outcome, the ratings over time (a
 * recharts bar chart, as Focus time per day, with the numbers in a hidden table too), and what the
 * stuck sessions had in common, from core's `intentionReport`. An empty week says how to start.
 */
export function IntentionsCard({ report }: { report: IntentionReport<Session> }) {
  const id = useId();
  const empty = report.sessions.length === 0 && report.ratings.length === 0;
  const common = stuckSummary(report);
  return (
    <Card data-testid="intentions-card">
      <CardHeader className="pb-4">
        <CardTitle as="h3" id={`${id}-title`}>
          Intentions and how they went
        </CardTitle>
        <CardDescription>This week's focus sessions, what you set out to do, and how they felt.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        {empty ? (
          <p className="flex items-start gap-2 text-sm text-muted-foreground">
            <Lightbulb className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
            Nothing here yet this week. Add an intention before your next focus session, and say how it went when it ends.
          </p>
        ) : (
          <>
            {report.stuck > 0 && (
              <p className="rounded-md bg-muted/60 px-3 py-2 text-sm" data-testid="stuck-summary">
                {report.stuck === 1 ? "1 session felt stuck this week." : `${report.stuck} sessions felt stuck this week.`}{" "}
                {common ?? "They had no time of day or length in common."} Getting stuck is information, not a failure.
              </p>
            )}
            {report.sessions.length > 0 && (
              <ul className="divide-y" aria-label="This week's intentions">
                {report.sessions.slice(0, LISTED).map((s) => (
                  <li key={s.id} className="flex items-start gap-3 py-2.5">
                    <div className="min-w-0 flex-1">
                      <p className={cn("font-medium wrap-anywhere", !s.intention && "text-muted-foreground")}>{s.intention ?? "No intention set"}</p>
                      <p className="text-sm text-muted-foreground">
                        {formatSessionStart(s.startTime)} · {formatSessionLength(s.duration)}
                        {typeof s.rating === "number" ? ` · focus ${s.rating}/5` : ""}
                      </p>
                    </div>
                    {s.outcome && <span className={cn("shrink-0 rounded-full px-2.5 py-0.5 text-xs font-medium", OUTCOME_STYLE[s.outcome])}>{SESSION_OUTCOME_LABELS[s.outcome]}</span>}
                  </li>
                ))}
              </ul>
            )}
            {report.ratings.length > 0 && <RatingsChart ratings={report.ratings} id={id} />}
          </>
        )}
      </CardContent>
    </Card>
  );
}

/** The week's focus ratings in order, 1 to 5. */
function RatingsChart({ ratings, id }: { ratings: IntentionReport<Session>["ratings"]; id: string }) {
  const points = ratings.map((r, i) => ({ key: String(i), rating: r.rating, label: new Date(r.endedAt).toLocaleString([], { weekday: "short", hour: "2-digit", minute: "2-digit" }) }));
  const average = ratings.reduce((sum, r) => sum + r.rating, 0) / ratings.length;
  const summary = `${ratings.length === 1 ? "1 rated session" : `${ratings.length} rated sessions`}, average focus ${average.toFixed(1)} of 5`;
  return (
    <figure aria-labelledby={`${id}-ratings`} className="m-0 grid gap-2">
      <figcaption id={`${id}-ratings`} className="text-sm font-medium">
        Focus ratings over time <span className="font-normal text-muted-foreground">· {summary}</span>
      </figcaption>
      <BarChart responsive data={points} title={`Focus ratings this week: ${summary}.`} margin={{ top: 8, right: 4, bottom: 0, left: 0 }} className="h-36 w-full">
        <CartesianGrid vertical={false} stroke="var(--border)" strokeDasharray="4 4" />
        <XAxis dataKey="key" tickFormatter={(key: string) => points[Number(key)]?.label.split(" ")[0] ?? ""} tick={TICK} tickLine={false} axisLine={{ stroke: "var(--border)" }} />
        <YAxis domain={[0, 5]} ticks={[1, 3, 5]} allowDecimals={false} width={28} tick={TICK} tickLine={false} axisLine={false} />
        <Tooltip
          cursor={{ fill: "var(--muted)" }}
          labelFormatter={(key) => points[Number(key)]?.label ?? ""}
          formatter={(value) => [`${String(value)} of 5`, "Focus"]}
          contentStyle={{ background: "var(--popover)", border: "1px solid var(--border)", borderRadius: "var(--radius-md)", color: "var(--popover-foreground)", fontSize: 12 }}
        />
        <Bar dataKey="rating" name="Focus rating" fill="var(--primary)" radius={[4, 4, 0, 0]} />
      </BarChart>
      <div className="sr-only">
        <table aria-labelledby={`${id}-ratings`}>
          <thead>
            <tr>
              <th scope="col">Session</th>
              <th scope="col">Focus rating</th>
            </tr>
          </thead>
          <tbody>
            {points.map((p) => (
              <tr key={p.key}>
                <td>{p.label}</td>
                <td>{p.rating} of 5</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
