import type { User } from "@focus/core/schemas";
import { NeuralAudioCard } from "@/features/audio/NeuralAudioCard";
import { ShieldLine } from "@/features/shield/ShieldLine";
import { TasksCard } from "@/features/tasks/TasksCard";
import { usePickedTaskTitle } from "@/features/tasks/pickedTask";
import { WorkingOn } from "@/features/tasks/WorkingOn";
import { FocusArena } from "@/features/timer/FocusArena";

/**
 * The screens that show several features together, put together here (features never import
 * each other's components): the Focus Arena with the tasks and the audio card. Settings
 * (settingsTab.tsx) and Statistics (statsTab.tsx) are files of their own, so the main view
 * loads them when their tab is first opened.
 */

/** The timer tab: the Focus Arena, the task worked on (its title fills in the intention), the task list, the audio card and, for a signed-in user, the Shield's line. */
export function FocusArenaTab({ user }: { user: User }) {
  const pickedTaskTitle = usePickedTaskTitle(user);
  return (
    <FocusArena
      workingOn={<WorkingOn user={user} />}
      tasks={<TasksCard user={user} />}
      audio={<NeuralAudioCard />}
      shield={user.isGuest ? undefined : <ShieldLine />}
      pickedTaskTitle={pickedTaskTitle}
    />
  );
}
