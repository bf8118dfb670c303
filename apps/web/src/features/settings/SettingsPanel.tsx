import type { User } from "@focus/core/schemas";
import type { ReactNode } from "react";
import { ErrorAlert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { useSettings } from "@/runtime/settings";
import { SettingsForm } from "./SettingsForm";

/**
 * 'Focus Settings' (`docs/product.md`, Settings), shared by the Settings tab and /settings: timer,
 * notification and theme settings with 'Save Settings', then `more` (the cards other features
 * add: shortcuts, the plan, the profile; put together by the app, `app/tabs.tsx`).
 */
export function SettingsPanel({ user, more }: { user: User; more?: ReactNode }) {
  const settings = useSettings();
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6">
      <header className="grid gap-1">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Focus Settings</h1>
        <p className="text-muted-foreground">Shape your sessions, sounds and account.</p>
      </header>
      {settings.data ? (
        <SettingsForm settings={settings.data} user={user} />
      ) : settings.isError ? (
        <ErrorAlert>
          <p>We could not load your settings.</p>
          <Button variant="outline" size="sm" className="mt-3" onClick={() => void settings.refetch()}>
            Try again
          </Button>
        </ErrorAlert>
      ) : (
        <div className="grid min-h-40 place-items-center">
          <Spinner label="Loading your settings" showLabel />
        </div>
      )}
      {more}
    </div>
  );
}
