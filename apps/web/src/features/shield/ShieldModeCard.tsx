import { DELAY_PASSES_LIMITS, SHIELD_MODE_LABELS, SHIELD_MODES, type ShieldMode, type User } from "@focus/core/schemas";
import { ErrorAlert } from "@/components/ui/alert";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/use-toast";
import { useSaveSettings, useSettings } from "@/runtime/settings";

/** What each mode does, in one line under its name. */
const MODE_HINTS: Record<ShieldMode, string> = {
  blocklist: "The sites on your list are blocked while you focus; everything else opens.",
  allowlist: "Only the sites on your list (and Focus Flow) open while you focus; everything else is blocked.",
};

/** The toast that confirms a mode change: what the list means now, and whether it waits for the connection. */
function modeChanged(mode: ShieldMode, queued: boolean) {
  const title = mode === "allowlist" ? "Allow list on" : "Block list on";
  const description = `${MODE_HINTS[mode]}${queued ? " Saved on this device; the extension follows once you are back online." : ""}`;
  toast({ title, description });
}

/**
 * The Shield's settings (`docs/product.md`, Website Shield): block list or allow list, and how
 * many times a day a delay page lets the user in. Saved with the account's settings, so the
 * paired extension follows them at once (it hears `settings_changed`).
 */
export function ShieldModeCard({ user }: { user: User }) {
  const settings = useSettings(true);
  const save = useSaveSettings(user);
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3">How the Shield works</CardTitle>
        <CardDescription>Choose what your list means during a focus session.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        {settings.isPending ? (
          <Spinner label="Loading your Shield settings" showLabel />
        ) : settings.isError ? (
          <ErrorAlert>
            <p className="font-medium">Couldn't load your Shield settings.</p>
            <p className="text-muted-foreground">{settings.error.message}</p>
          </ErrorAlert>
        ) : (
          <>
            <fieldset className="grid gap-2">
              <legend className="mb-2 text-sm font-medium">Mode</legend>
              {SHIELD_MODES.map((mode) => (
                <label key={mode} className="flex cursor-pointer items-start gap-3 rounded-lg border p-3 has-[:checked]:border-primary has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring">
                  <input
                    type="radio"
                    name="shield-mode"
                    value={mode}
                    className="mt-1 size-4 accent-[var(--primary)]"
                    checked={settings.data.shieldMode === mode}
                    onChange={() => save.mutate({ shieldMode: mode }, { onSuccess: (result) => modeChanged(mode, result.status === "queued") })}
                  />
                  <span className="grid gap-0.5">
                    <span className="font-medium">{SHIELD_MODE_LABELS[mode]}</span>
                    <span className="text-sm text-muted-foreground">{MODE_HINTS[mode]}</span>
                  </span>
                </label>
              ))}
            </fieldset>
            <div className="grid gap-2">
              <Label htmlFor="delay-passes">Delay passes a day</Label>
              <select
                id="delay-passes"
                className="h-11 w-full rounded-md border border-input bg-background px-3 text-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none sm:w-40"
                value={settings.data.delayPassesPerDay}
                onChange={(event) => save.mutate({ delayPassesPerDay: Number(event.target.value) })}
                aria-describedby="delay-passes-hint"
              >
                {Array.from({ length: DELAY_PASSES_LIMITS.max - DELAY_PASSES_LIMITS.min + 1 }, (_, i) => DELAY_PASSES_LIMITS.min + i).map((n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </select>
              <p id="delay-passes-hint" className="text-sm text-muted-foreground">
                A site set to "Delay" shows a 30-second pause, then lets you in for 5 minutes, this many times a day.
              </p>
            </div>
            {save.isError && (
              <ErrorAlert>
                <p className="font-medium">Couldn't save your Shield settings.</p>
                <p className="text-muted-foreground">{save.error.message}</p>
              </ErrorAlert>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
