import { lazy, Suspense, useEffect, useState } from "react";
import { useTimerControls } from "@/runtime/useTimer";
import { TOGGLE_MUTE_EVENT } from "@/lib/events";
import { shortcutFor } from "./shortcuts";

/** The list's dialog (Radix Dialog, about 8 KiB compressed), loaded when `?` first asks for it. */
const ShortcutsDialog = lazy(async () => ({ default: (await import("./ShortcutsDialog")).ShortcutsDialog }));

/**
 * Listens for the keyboard shortcuts (shortcuts.ts) while the main view is open and drives
 * the timer through its controls; `?` opens the list. Mount inside `TimerProvider`.
 */
export function KeyboardShortcuts() {
  const controls = useTimerControls();
  const [helpOpen, setHelpOpen] = useState(false);
  const [helpWanted, setHelpWanted] = useState(false);
  if (helpOpen && !helpWanted) setHelpWanted(true);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const action = shortcutFor(event);
      if (!action) return;
      // Space would scroll the page; the other keys have no default worth keeping here.
      event.preventDefault();
      switch (action) {
        case "toggle":
          // The chart decides: start when idle or paused, pause when running, nothing while starting.
          controls.toggle();
          break;
        case "reset":
          controls.reset();
          break;
        case "undo":
          controls.undo();
          break;
        case "extend":
          controls.extend();
          break;
        case "focus":
        case "shortBreak":
        case "longBreak":
          controls.setMode(action);
          break;
        case "mute":
          document.dispatchEvent(new CustomEvent(TOGGLE_MUTE_EVENT));
          break;
        case "help":
          setHelpOpen(true);
          break;
      }
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [controls]);

  if (!helpWanted) return null;
  return (
    <Suspense fallback={null}>
      <ShortcutsDialog open={helpOpen} onOpenChange={setHelpOpen} />
    </Suspense>
  );
}
