import type { User } from "@focus/core/schemas";
import { NeuralAudioCard } from "@/features/audio/NeuralAudioCard";
import { DeleteAccountSection } from "@/features/data/DeleteAccountSection";
import { ExportCard } from "@/features/data/ExportCard";
import { ProfileCard } from "@/features/settings/ProfileCard";
import { SettingsPanel } from "@/features/settings/SettingsPanel";
import { ShortcutsCard } from "@/features/shortcuts/ShortcutsCard";
import { StatsPanel } from "@/features/stats/StatsPanel";
import { SubscriptionCard } from "@/features/subscription/SubscriptionCard";
import { TasksCard } from "@/features/tasks/TasksCard";
import { WorkingOn } from "@/features/tasks/WorkingOn";
import { FocusArena } from "@/features/timer/FocusArena";

/**
 * The screens that show several features together, put together here (features never import
 * each other's components): the Focus Arena with the tasks and the audio card, Settings with
 * the shortcuts, the plan and the profile, Statistics with the user's data.
 */

/** The timer tab: the Focus Arena, the task worked on, the task list and the audio card. */
export function FocusArenaTab({ user }: { user: User }) {
  return <FocusArena workingOn={<WorkingOn user={user} />} tasks={<TasksCard user={user} />} audio={<NeuralAudioCard />} />;
}

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

/** The Statistics tab, with the user's data (export and import). */
export function StatsTab({ user }: { user: User }) {
  return <StatsPanel user={user} dataCard={<ExportCard />} />;
}
