import { shieldStatusSchema, type ShieldStatus } from "@focus/core/schemas";
import { useQuery } from "@tanstack/react-query";
import { CircleAlert, CircleCheck, RotateCw } from "lucide-react";
import { ErrorAlert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { useLiveReload } from "@/runtime/useLiveReload";
import { shieldQueryKeys } from "@/lib/queryKeys";

/** How often the card asks again while it is shown, ms: a browser that stops reporting shows within a minute. */
export const SHIELD_STATUS_REFRESH_MS = 15_000;

/** `GET /api/shield/status`, again every 15 s and whenever the server says it changed (`shield_changed`). */
function useShieldStatus() {
  useLiveReload(["shield_changed"], [shieldQueryKeys.status]);
  return useQuery({
    queryKey: shieldQueryKeys.status,
    refetchInterval: SHIELD_STATUS_REFRESH_MS,
    select: (data: unknown): ShieldStatus => shieldStatusSchema.parse(data),
  });
}

const time = (iso: string) => new Date(iso).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
const day = (iso: string) => new Date(iso).toLocaleDateString([], { month: "short", day: "numeric" });

/** One fact about a browser's shield, as a word and an icon (never colour alone). */
function Fact({ ok, yes, no }: { ok: boolean | null; yes: string; no: string }) {
  if (ok === null) return <li className="text-muted-foreground">{no}</li>;
  const Icon = ok ? CircleCheck : CircleAlert;
  return (
    <li className={ok ? "flex items-center gap-1.5" : "flex items-center gap-1.5 font-medium text-amber-700 dark:text-amber-400"}>
      <Icon className="size-4 shrink-0" aria-hidden />
      {ok ? yes : no}
    </li>
  );
}

/**
 * Whether the shield is really on (`docs/product.md`, A shield that says when it is down): for each
 * paired browser, whether it reports, lets the extension into incognito windows (with how to allow
 * it) and has its rules in place; and the latest times the shield was off during a focus session.
 */
export function ShieldStatusCard() {
  const status = useShieldStatus();
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3">Is the shield on?</CardTitle>
        <CardDescription>What each paired browser last told us, checked all the time.</CardDescription>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-4" data-testid="shield-status">
        {status.isPending ? (
          <Spinner label="Checking your shield" showLabel />
        ) : status.isError ? (
          <ErrorAlert>
            <p className="font-medium">Couldn't check your shield.</p>
            <p className="text-muted-foreground">{status.error.message}</p>
            <Button variant="outline" size="sm" className="mt-3" onClick={() => void status.refetch()}>
              <RotateCw aria-hidden />
              Try again
            </Button>
          </ErrorAlert>
        ) : status.data.devices.length === 0 ? (
          <p className="rounded-lg border border-dashed p-4 text-sm text-muted-foreground">No browser is paired yet. Pair the Chrome extension to switch the shield on.</p>
        ) : (
          <StatusDetails status={status.data} />
        )}
      </CardContent>
    </Card>
  );
}

function StatusDetails({ status }: { status: ShieldStatus }) {
  const incognitoOff = status.devices.some((device) => device.incognitoAllowed === false);
  return (
    <>
      <ul aria-label="Shield per browser" className="grid gap-3">
        {status.devices.map((device) => (
          <li key={device.id} className="rounded-lg border p-3 text-sm">
            <p className="font-medium">{device.name}</p>
            {!device.isActive ? (
              <p className="text-muted-foreground">Switched off in Paired browsers.</p>
            ) : (
              <ul className="mt-1 grid gap-1">
                <Fact ok={device.reportedAt === null ? null : device.reporting} yes="Connected" no={device.reportedAt === null ? "Not heard from yet" : `Not reporting since ${time(device.reportedAt)}`} />
                <Fact ok={device.incognitoAllowed} yes="Incognito allowed" no="Not in incognito windows" />
                <Fact ok={device.rulesInPlace} yes="Rules in place" no="Rules missing" />
                {device.failedEntries.length > 0 && (
                  <li className="text-destructive" data-testid="failed-entries">
                    Not blocked in this browser (Chrome refused its rule): {device.failedEntries.join(", ")}. Shorten or split the entry.
                  </li>
                )}
              </ul>
            )}
          </li>
        ))}
      </ul>
      {incognitoOff && (
        <p className="text-sm text-muted-foreground" data-testid="incognito-guide">
          To block in incognito windows too: open <span className="font-mono">chrome://extensions</span>, choose Focus Flow, Details, and
          switch on "Allow in Incognito".
        </p>
      )}
      <ShieldOffList intervals={status.shieldOff} />
    </>
  );
}

function ShieldOffList({ intervals }: { intervals: ShieldStatus["shieldOff"] }) {
  if (intervals.length === 0) return <p className="text-sm text-muted-foreground">The shield has not been off during a focus session.</p>;
  return (
    <div className="grid gap-1.5">
      <h4 className="text-sm font-medium">Shield off during focus</h4>
      <ul aria-label="Shield off during focus" className="grid gap-1 text-sm">
        {intervals.slice(0, 5).map((interval) => (
          <li key={interval.startedAt} data-testid="shield-off">
            Shield off at {time(interval.startedAt)} ({day(interval.startedAt)}){interval.endedAt ? `, back at ${time(interval.endedAt)}` : ", still off"}
          </li>
        ))}
      </ul>
    </div>
  );
}
