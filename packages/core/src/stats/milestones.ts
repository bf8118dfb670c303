/** Focus-time milestones, minutes (`docs/product.md`); after the last, every next multiple of 50. */
const FOCUS_MILESTONES = [25, 60, 100, 150, 200, 250, 300] as const;
/** Spacing of the milestones after 300 minutes. */
const FOCUS_MILESTONE_STEP = 50;

const LAST_LISTED = FOCUS_MILESTONES[FOCUS_MILESTONES.length - 1] ?? 0;

/** Where a focus time stands between two milestones, all in minutes except `percent`. */
export interface MilestoneProgress {
  /** The milestone reached last, minutes; 0 before the first. */
  previous: number;
  /** The next milestone strictly above the focus time, minutes. */
  next: number;
  minutesLeft: number;
  /** Focus time as a share of `next`, percent 0-100 (measured from zero). */
  percent: number;
}

/** A count of minutes made safe for comparisons: NaN and negatives read as 0. */
function asMinutes(minutes: number): number {
  return Number.isFinite(minutes) && minutes > 0 ? minutes : 0;
}

/**
 * The next focus-time milestone strictly above `minutes` (`docs/product.md`): 25, 60, 100, 150,
 * 200, 250, 300, then 350, 400, … So 0 gives 25, 25 gives 60 and 300 gives 350.
 */
export function nextFocusMilestone(minutes: number): number {
  const m = asMinutes(minutes);
  const listed = FOCUS_MILESTONES.find((milestone) => milestone > m);
  return listed ?? (Math.floor(m / FOCUS_MILESTONE_STEP) + 1) * FOCUS_MILESTONE_STEP;
}

/**
 * Progress of `minutes` of focus toward the next milestone. `percent` is
 * minutes / next × 100, so a bar fills from zero to the milestone.
 */
export function focusMilestoneProgress(minutes: number): MilestoneProgress {
  const m = asMinutes(minutes);
  const next = nextFocusMilestone(m);
  const previous =
    m >= LAST_LISTED
      ? Math.floor(m / FOCUS_MILESTONE_STEP) * FOCUS_MILESTONE_STEP
      : ([...FOCUS_MILESTONES].reverse().find((milestone) => milestone <= m) ?? 0);
  return { previous, next, minutesLeft: next - m, percent: (m / next) * 100 };
}
