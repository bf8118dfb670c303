import { accountTimeZoneAnswerSchema, type AccountTimeZoneAnswer } from "@focus/core/schemas";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { LoaderCircle } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { toast } from "@/components/ui/use-toast";
import { api } from "@/lib/api";
import { queryKeys } from "@/lib/queryKeys";

/** This browser's IANA time zone ("Europe/Berlin"). */
function deviceTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** Every zone this browser knows, with `extra` (the account's) kept in when the browser lacks it. */
function knownTimeZones(...extra: (string | null)[]): string[] {
  const zones = new Set(typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : []);
  for (const zone of extra) if (zone) zones.add(zone);
  zones.add("UTC");
  return [...zones].sort();
}

/** A moment as this browser writes a date and time ("30 Nov, 14:05"). */
function dateTime(iso: string): string {
  return new Date(iso).toLocaleString([], { day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" });
}

/**
 * The account's time zone (`docs/product.md`, People and plans): the zone its days start in (the
 * Free plan's daily sessions, today's progress, streaks), chosen here at most once a day. The
 * server decides (`GET`/`PUT /api/user/time-zone`); its refusal is shown as it words it.
 */
export function TimeZoneSection() {
  const client = useQueryClient();
  const query = useQuery({ queryKey: queryKeys.timeZone, queryFn: async () => accountTimeZoneAnswerSchema.parse(await api.get("/api/user/time-zone")) });
  const here = deviceTimeZone();
  const [picked, setPicked] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: async (timeZone: string) => accountTimeZoneAnswerSchema.parse(await api.put("/api/user/time-zone", { timeZone })),
    onSuccess: (answer: AccountTimeZoneAnswer) => {
      client.setQueryData(queryKeys.timeZone, answer);
      setPicked(null);
      toast({ title: "Time zone saved", description: `Your days now start at midnight in ${answer.timeZone}.` });
    },
    onError: (error) => toast({ title: "Time zone not changed", description: error.message, variant: "destructive" }),
  });
  const account = query.data?.timeZone ?? null;
  const value = picked ?? account ?? here;
  const waitUntil = query.data?.changeableAt ?? null;
  return (
    <section className="grid gap-2" aria-labelledby="profile-time-zone-title">
      <h3 id="profile-time-zone-title" className="font-medium">
        Time zone
      </h3>
      {query.isError ? (
        <p className="text-sm text-destructive">Could not load your time zone. {query.error.message}</p>
      ) : (
        <p className="text-sm text-muted-foreground" data-testid="time-zone-summary">
          {query.isPending
            ? "Loading your time zone…"
            : `Your days start at midnight in ${account ?? "UTC"}: the Free plan's daily sessions, today's progress and streaks count by it.`}
          {account !== null && account !== here && ` This device is in ${here}.`}
        </p>
      )}
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="grid gap-1.5">
          <Label htmlFor="time-zone">Count my days in</Label>
          <select
            id="time-zone"
            className="h-11 w-full rounded-md border border-input bg-background px-3 text-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none sm:w-72"
            value={value}
            onChange={(event) => setPicked(event.target.value)}
            disabled={query.isPending || waitUntil !== null}
            aria-describedby="time-zone-hint"
          >
            {knownTimeZones(account, here).map((zone) => (
              <option key={zone} value={zone}>
                {zone === here ? `${zone} (this device)` : zone}
              </option>
            ))}
          </select>
        </div>
        <Button
          type="button"
          variant="outline"
          className="h-11"
          onClick={() => save.mutate(value)}
          disabled={query.isPending || save.isPending || waitUntil !== null || value === account}
          aria-busy={save.isPending}
        >
          {save.isPending && <LoaderCircle className="animate-spin" aria-hidden />}
          Save time zone
        </Button>
      </div>
      <p id="time-zone-hint" className="text-sm text-muted-foreground">
        {waitUntil !== null ? `It can change once a day: again from ${dateTime(waitUntil)}.` : "It can change once a day."}
      </p>
    </section>
  );
}
