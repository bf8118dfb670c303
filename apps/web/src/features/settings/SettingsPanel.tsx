import type { User } from "@focus/core";
import { ErrorAlert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { ShortcutsCard } from "@/features/shortcuts/ShortcutsCard";
import { useSettings } from "@/features/settings/useSettings";
import { ProfileCard } from "./ProfileCard";
import { SettingsForm } from "./SettingsForm";
import { SubscriptionCard } from "./SubscriptionCard";

/**
 * 'Focus Settings' (`docs/product.md`, Settings), shared by the Settings tab and /settings: timer,
 * notification and theme settings with 'Save Settings'; for non-guests the profile card and the
 * plan with its cancel link (premium) or 'Upgrade to Premium' (everyone else).
 */
export function SettingsPanel({ user }: { user: User }) {
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
      <ShortcutsCard />
      {!user.isGuest && (
        <>
          <SubscriptionCard user={user} />
          <ProfileCard user={user} />
        </>
      )}
    </div>
  );
}
