import { userSchema, type User } from "@focus/core/schemas";
import { planChangeNotice, trialNotice, type SubscriptionFields, type TrialNoticeId } from "@focus/core/subscription";
import { useEffect, useRef } from "react";
import { toast } from "@/components/ui/use-toast";
import { useLiveReload } from "@/runtime/useLiveReload";
import { queryKeys } from "@/lib/queryKeys";
import { serverNow } from "@/runtime/serverClock";
import { readUserValue, writeUserValue } from "@/runtime/userStorage";
import { usePlanNow } from "@/runtime/usePlanNow";

/** How long a plan notice stays, ms: longer than an ordinary toast, it says what changed for the user. */
export const PLAN_NOTICE_MS = 15_000;
/** The per-user storage names: the plan this browser last showed, and each trial notice shown. */
const SEEN_PLAN = "plan-seen";
const noticeName = (id: TrialNoticeId) => `plan-notice:${id}`;

const seenPlanSchema = userSchema.pick({ subscriptionPlan: true, subscriptionStatus: true, trialEndDate: true });

/** The plan this browser last showed the user, or null (never, or unreadable). */
function readSeenPlan(userId: number): SubscriptionFields | null {
  try {
    const parsed = seenPlanSchema.safeParse(JSON.parse(readUserValue(userId, SEEN_PLAN) ?? "null"));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * Says a change of the user's plan in plain words (core's `planChangeNotice`): the admin
 * activating or cancelling it, ending the trial, a cancellation on another device. Compared with
 * the plan this browser last showed, so a change made while the app was closed is said at the
 * next start. When it says the trial ended, the trial's own "ended" notice counts as shown.
 */
function usePlanChangeNotices(user: User) {
  const seen = useRef<{ id: number; plan: SubscriptionFields } | null>(null);
  useEffect(() => {
    if (user.isGuest) return;
    const before = seen.current?.id === user.id ? seen.current.plan : readSeenPlan(user.id);
    const plan = seenPlanSchema.parse(user);
    seen.current = { id: user.id, plan };
    writeUserValue(user.id, SEEN_PLAN, JSON.stringify(plan));
    const notice = before && planChangeNotice(before, plan, serverNow());
    if (!notice) return;
    if (trialNotice(plan, serverNow())?.id === "trial-ended") writeUserValue(user.id, noticeName("trial-ended"), "shown");
    toast({ ...notice, duration: PLAN_NOTICE_MS });
  }, [user]);
}

/** The trial's notices, 3 days and 1 day before its end and when it ended (core's `trialNotice`), once each per user. */
function useTrialNotices(user: User) {
  const now = usePlanNow(user);
  useEffect(() => {
    const notice = trialNotice(user, now);
    if (!notice || readUserValue(user.id, noticeName(notice.id))) return;
    writeUserValue(user.id, noticeName(notice.id), "shown");
    toast({ title: notice.title, description: notice.description, duration: PLAN_NOTICE_MS });
  }, [user, now]);
}

/**
 * The plan notices of the signed-in layout (`docs/product.md`, Plan notices): the plan follows the
 * server live, a change of it is said, and the trial warns before it ends. Renders nothing.
 */
export function PlanNotices({ user }: { user: User }) {
  // The user and their requests, again whenever the server says they changed (`user_changed`).
  useLiveReload(["user_changed"], [queryKeys.me, queryKeys.subscriptionRequests]);
  usePlanChangeNotices(user);
  useTrialNotices(user);
  return null;
}
