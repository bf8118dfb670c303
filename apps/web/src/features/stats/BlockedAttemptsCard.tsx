import { BLOCKED_ATTEMPTS_PER_DAY, blockedAttemptSummarySchema, type BlockedAttemptSummary } from "@focus/core/schemas";
import { useQuery } from "@tanstack/react-query";
import { ShieldBan } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { formatSessionStart, plural } from "./format";
import { ProgressBar } from "./ProgressBar";

/** `GET /api/blocked-attempts/summary` (its key is its path). */
const SUMMARY_KEY = ["/api/blocked-attempts/summary"] as const;
/** Rows shown per list. */
const TOP = 5;

/**
 * Blocked attempts (`docs/product.md`, Website Shield): how often the Chrome extension stopped a
 * visit to a blocked site, per site and per focus session. Real users only.
 */
export function BlockedAttemptsCard() {
  const summary = useQuery({ queryKey: SUMMARY_KEY, select: (data: unknown) => blockedAttemptSummarySchema.parse(data) });
  return (
    <Card>
      <CardHeader className="pb-4">
        <CardTitle as="h3">Blocked attempts</CardTitle>
        <CardDescription>Visits to blocked sites the Chrome extension stopped during your focus sessions.</CardDescription>
      </CardHeader>
      <CardContent>
        {summary.isPending ? (
          <Spinner label="Loading blocked attempts" showLabel />
        ) : summary.isError ? (
          <p className="text-sm text-muted-foreground">Blocked attempts couldn't be loaded right now.</p>
        ) : summary.data.perSite.length === 0 ? (
          <p className="flex items-center gap-2 rounded-lg border border-dashed p-4 text-sm text-muted-foreground">
            <ShieldBan className="size-4 shrink-0" aria-hidden />
            No blocked attempts yet. With the extension paired, each stopped visit shows up here.
          </p>
        ) : (
          <AttemptLists summary={summary.data} />
        )}
      </CardContent>
    </Card>
  );
}

function AttemptLists({ summary }: { summary: BlockedAttemptSummary }) {
  const most = summary.perSite[0]?.count ?? 1;
  const total = summary.totals.blocked;
  // The sites past the ones shown: the server's other total and the listed ones not shown here.
  const hidden = summary.perSite.slice(TOP);
  const others = { sites: summary.otherSites.sites + hidden.length, count: summary.otherSites.count + hidden.reduce((sum, site) => sum + site.count, 0) };
  return (
    <div className="grid gap-6 sm:grid-cols-2">
      <section aria-labelledby="attempts-per-site" className="grid content-start gap-3">
        <h4 id="attempts-per-site" className="text-sm font-medium">
          Per site <span className="font-normal text-muted-foreground">· {plural(total, "attempt")}</span>
        </h4>
        <ul className="grid gap-3" aria-label="Blocked attempts per site">
          {summary.perSite.slice(0, TOP).map((site) => (
            <li key={site.domain} className="grid gap-1.5">
              <p className="flex justify-between gap-3 text-sm">
                <span className="truncate font-mono">{site.domain}</span>
                <span className="shrink-0 tabular-nums">{site.count}</span>
              </p>
              <ProgressBar value={site.count} max={most} label={`Attempts on ${site.domain}`} valueText={plural(site.count, "attempt")} />
            </li>
          ))}
        </ul>
        {others.sites > 0 && (
          <p className="text-sm text-muted-foreground" data-testid="other-sites">
            and {plural(others.sites, "other site")} · {plural(others.count, "attempt")}
          </p>
        )}
        {summary.notStored > 0 && (
          <p className="text-sm text-muted-foreground">
            {plural(summary.notStored, "more report")} in the last 24 hours went past the {BLOCKED_ATTEMPTS_PER_DAY.toLocaleString("en-US")} a day kept here:
            counted, not listed.
          </p>
        )}
      </section>
      <section aria-labelledby="attempts-per-session" className="grid content-start gap-3">
        <h4 id="attempts-per-session" className="text-sm font-medium">
          Per focus session
        </h4>
        {summary.perSession.length === 0 ? (
          <p className="text-sm text-muted-foreground">None inside a focus session yet.</p>
        ) : (
          <ul className="divide-y rounded-lg border text-sm" aria-label="Blocked attempts per focus session">
            {summary.perSession.slice(0, TOP).map((session) => (
              <li key={session.sessionStart} className="flex justify-between gap-3 px-3 py-2">
                <span>{formatSessionStart(session.sessionStart)}</span>
                <span className="shrink-0 tabular-nums">{plural(session.count, "attempt")}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
