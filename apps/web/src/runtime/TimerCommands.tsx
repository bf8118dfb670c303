import { timerEventsOf, type TimerCommand, type TimerCommandRefusal } from "@focus/core/timer";
import { useEffect, useMemo, useRef, type ReactNode } from "react";
import { AccountTimerSync } from "./accountTimerSync";
import { outboxSync } from "./outbox/sync";
import { useLiveChannel } from "./liveChannel";
import { serverClockHeard, serverNow, useServerClockHeard, useServerClockOffset } from "./serverClock";
import { TimerActor } from "./timerActor";
import { TimerCommandContext, type TimerCommander } from "./timerCommands";

export interface TimerCommandsProps {
  /** The signed-in user's id; null for a guest (the timer stays in this browser). */
  userId: number | null;
  /** Another device changed the account's timer before this device's commands reached it. */
  onStale(): void;
  /** The server refused a command: a start for the plan's rules, or one a strict session refuses. */
  onRefused(reason: TimerCommandRefusal): void;
  /** The server refused a batch of commands outright; `message` is the server's. */
  onFailed(message: string): void;
  children: ReactNode;
}

/**
 * Provides the timer's commander (`useTimerCommand`) inside the timer actor and the live
 * connection: each command runs on this device's chart at once, stamped with the server's clock
 * (a start carries the task picked here, if any), and for a signed-in user goes to the account's timer
 * through `AccountTimerSync` and the outbox; the sync also makes this device follow every change
 * made elsewhere.
 * Each new estimate of the server's clock is given to the chart (`CLOCK`).
 */
export function TimerCommands({ userId, onStale, onRefused, onFailed, children }: TimerCommandsProps) {
  const actor = TimerActor.useActorRef();
  const channel = useLiveChannel();
  const sync = useRef<AccountTimerSync | null>(null);
  const callbacks = useRef({ onStale, onRefused, onFailed });
  useEffect(() => {
    callbacks.current = { onStale, onRefused, onFailed };
  });

  // A better estimate of the server's clock reaches the chart at once (a device whose clock is
  // minutes off shows the true time left as soon as it has heard the server).
  const offset = useServerClockOffset();
  const heard = useServerClockHeard();
  useEffect(() => {
    actor.send({ type: "CLOCK", now: serverNow() });
    if (heard) sync.current?.clockKnown();
  }, [actor, offset, heard]);

  useEffect(() => {
    if (userId === null || !channel) return;
    const created = new AccountTimerSync({
      userId,
      timer: actor,
      channel,
      outbox: outboxSync,
      now: serverNow,
      clockHeard: serverClockHeard,
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      onStale: () => callbacks.current.onStale(),
      onRefused: (reason) => callbacks.current.onRefused(reason),
      onFailed: (message) => callbacks.current.onFailed(message),
    });
    sync.current = created;
    return () => {
      created.stop();
      sync.current = null;
    };
  }, [userId, channel, actor]);

  const commander = useMemo<TimerCommander>(
    () => (command: TimerCommand) => {
      // A start carries the task picked here; with none picked here it carries none, so a pick
      // made on another device that this device's list has not caught up with still stands.
      const picked = actor.getSnapshot().context.task;
      const carriesPick = (command.type === "start" || command.type === "toggle") && command.task === undefined && picked !== null;
      const full = carriesPick ? { ...command, task: picked } : command;
      // A signed-in user's command runs here and goes to the account's timer; a guest's stays here.
      if (sync.current) sync.current.submit(full);
      else for (const event of timerEventsOf(full, serverNow())) actor.send(event);
    },
    [actor],
  );
  return <TimerCommandContext.Provider value={commander}>{children}</TimerCommandContext.Provider>;
}
