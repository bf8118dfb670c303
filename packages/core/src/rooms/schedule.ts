/**
 * Focus rooms' rounds (`docs/rooms.md`): a room runs focus and break rounds back to back from
 * the moment it opened, on the server's clock, so everyone in it shares one timer. The round at
 * any instant follows from the room's schedule alone: no state to keep, the same answer on every
 * API instance and in every browser.
 */
import type { TimerMode } from "../constants";
import type { RoomPhase } from "../schemas/room";
import { remainingMsOf } from "../timer/timeLeft";

/** A room's timing: when its first round began (epoch ms) and its rounds' lengths (whole minutes). */
export interface RoomSchedule {
  startedAt: number;
  focusMinutes: number;
  breakMinutes: number;
}

/** One round of a room: its number (from 0), phase, and when it began and ends (epoch ms). */
interface RoomRound {
  index: number;
  phase: RoomPhase;
  startedAt: number;
  endsAt: number;
}

/**
 * The round running at `now` (epoch ms). Round 2k is a focus round and 2k+1 its break; a
 * moment before the room opened counts as its first focus round.
 */
export function roomRound(schedule: RoomSchedule, now: number): RoomRound {
  const focusMs = schedule.focusMinutes * 60_000;
  const breakMs = schedule.breakMinutes * 60_000;
  const cycleMs = focusMs + breakMs;
  const elapsed = Math.max(0, now - schedule.startedAt);
  const cycle = Math.floor(elapsed / cycleMs);
  const cycleStart = schedule.startedAt + cycle * cycleMs;
  if (elapsed - cycle * cycleMs < focusMs) {
    return { index: cycle * 2, phase: "focus", startedAt: cycleStart, endsAt: cycleStart + focusMs };
  }
  return { index: cycle * 2 + 1, phase: "break", startedAt: cycleStart + focusMs, endsAt: cycleStart + cycleMs };
}

/** The timer chart's event that runs a room's round (`FOLLOW_ROUND`). */
interface FollowRoundEvent {
  type: "FOLLOW_ROUND";
  mode: TimerMode;
  startedAt: number;
  endsAt: number;
  now: number;
}

/**
 * The event that makes a member's timer run the room's round at `now` (epoch ms): a focus round
 * as focus, a break round as a short break, ending at the round's end.
 */
export function followRoomRoundEvent(schedule: RoomSchedule, now: number): FollowRoundEvent {
  const round = roomRound(schedule, now);
  return { type: "FOLLOW_ROUND", mode: round.phase === "focus" ? "focus" : "shortBreak", startedAt: round.startedAt, endsAt: round.endsAt, now };
}

/** How far a member's reading of the server's clock may be off at a round's edge, ms. */
const ROUND_EDGE_TOLERANCE_MS = 5_000;

/**
 * Whether a `round` command (`mode` from `startedAt` to `endsAt`, epoch ms) given at `at` is the
 * round one of `schedules` runs then (`docs/rooms.md`): the rooms the user is in. A device that
 * reads the server's clock a little off at a round's edge names the round just before or after,
 * within ROUND_EDGE_TOLERANCE_MS; any other round, or none, makes a session up.
 */
export function isRoomRound(schedules: readonly RoomSchedule[], round: Omit<FollowRoundEvent, "type" | "now">, at: number): boolean {
  return schedules.some((schedule) =>
    [at - ROUND_EDGE_TOLERANCE_MS, at, at + ROUND_EDGE_TOLERANCE_MS].some((instant) => {
      const event = followRoomRoundEvent(schedule, instant);
      return event.mode === round.mode && event.startedAt === round.startedAt && event.endsAt === round.endsAt;
    }),
  );
}

/** What of the timer decides whether joining a room would end a session: its context's fields. */
interface TimerSessionFacts {
  mode: TimerMode;
  /** When the session under way started, epoch ms; null when none is (idle, or a fresh mode). */
  sessionStartTime: number | null;
  /** When the running session ends, epoch ms; null while paused or idle. */
  endsAt: number | null;
  /** Time left of a paused session, ms. */
  remainingMs: number;
  /** Length of the session, ms. */
  durationMs: number;
}

/**
 * The focus time a join at `now` would end, ms: a focus session under way (running or paused)
 * that is not already this room's round; 0 when there is none. Joining runs the room's round
 * in its place and records nothing of it, so the web app asks first (`docs/rooms.md`).
 */
export function focusEndedByJoining(timer: TimerSessionFacts, schedule: RoomSchedule, now: number): number {
  if (timer.mode !== "focus" || timer.sessionStartTime === null) return 0;
  if (timer.endsAt !== null && timer.endsAt === roomRound(schedule, now).endsAt) return 0;
  return remainingMsOf({ ...timer, now });
}

/** A member's presence lasts this long without a sign of life (ms): leaving, a closed tab or a lost connection shows within it. */
export const ROOM_PRESENCE_TIMEOUT_MS = 30_000;
/** How often an API instance tells the others who is in its rooms, ms (well inside the timeout). */
export const ROOM_PRESENCE_HEARTBEAT_MS = 10_000;
/** A room nobody has been in for this long closes by itself, ms (10 minutes). */
export const ROOM_EMPTY_CLOSE_MS = 10 * 60_000;
/** Open rooms one user may own at once. */
export const MAX_OPEN_ROOMS_PER_OWNER = 3;
/** Most members one room holds. */
export const MAX_ROOM_MEMBERS = 50;
