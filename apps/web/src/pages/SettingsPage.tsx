import { SettingsTab } from "@/app/settingsTab";
import { useSignedInUser } from "@/runtime/currentUser";
import { NotFoundScreen } from "@/components/NotFoundScreen";
import { BackToApp } from "@/app/shell/BackToApp";

/**
 * /settings: the settings screen for a signed-in user. Visitors get the not-found screen (the
 * route's rule in the signed-in layout), and so do guests, who have no settings of their own.
 */
export function SettingsPage() {
  const user = useSignedInUser();
  if (user.isGuest) return <NotFoundScreen />;
  return (
    <main className="grid gap-4 px-4 pt-4 pb-16 sm:px-6 sm:pt-6">
      <div className="mx-auto grid w-full max-w-3xl">
        <BackToApp />
      </div>
      <SettingsTab user={user} />
    </main>
  );
}
