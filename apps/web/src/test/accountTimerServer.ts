import { DEFAULT_SETTINGS } from "@focus/core/schemas";
import {
  applyTimerCommands,
  newAccountTimer,
  type AccountTimer,
  type TimerAccess,
  type TimerCommandBatch,
  type TimerCommandsAnswer,
} from "@focus/core/timer";
import { cachedAccountTimer } from "@/runtime/accountTimerSync";
/**
 * The server's side of a signed-in user's account timer for page tests: answers
 * `POST /api/timer/commands` batches as the API does (core's `applyTimerCommands`, the plan's
 * rules left out), starting from the timer the page keeps for `ownerId` (`saveRunningFocus`)
 * or a new one. `batches` are the batches it was sent, in order.
 */
export function accountTimerServer(ownerId: number) {
  let timer: AccountTimer | null = null;
  const batches: TimerCommandBatch[] = [];
  const access: TimerAccess = {
    isGuest: false,
    subscription: { subscriptionPlan: "premium", subscriptionStatus: "active", trialEndDate: null },
    guestSessionUsedOn: null,
    focusSessionsToday: 0,
  };
  return {
    batches,
    answer(batch: TimerCommandBatch): TimerCommandsAnswer {
      batches.push(batch);
      const now = Date.now();
      timer ??= cachedAccountTimer(ownerId) ?? newAccountTimer(DEFAULT_SETTINGS, "0123456789abcdef0123", now);
      const result = applyTimerCommands(timer, batch.commands, batch.baseVersion, { settings: DEFAULT_SETTINGS, access, now });
      timer = result.timer;
      return { timer, serverNow: now, replies: result.outcomes };
    },
  };
}
