import type { User } from "@focus/core/schemas";
import { DeleteAccountSection } from "@/features/data/DeleteAccountSection";
import { ProfileCard } from "@/features/settings/ProfileCard";
import { SettingsPanel } from "@/features/settings/SettingsPanel";
import { ShortcutsCard } from "@/features/shortcuts/ShortcutsCard";
import { SubscriptionCard } from "@/features/subscription/SubscriptionCard";

/** The Settings tab and /settings: the settings form, the shortcuts, and for a signed-in user the plan and the profile. */
export function SettingsTab({ user }: { user: User }) {
  const more = (
    <>
      <ShortcutsCard />
      {!user.isGuest && (
        <>
          <SubscriptionCard user={user} />
          <ProfileCard user={user} dangerZone={<DeleteAccountSection user={user} />} />
        </>
      )}
    </>
  );
  return <SettingsPanel user={user} more={more} />;
}
