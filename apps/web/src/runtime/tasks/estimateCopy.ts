import type { EstimateFactor, FinishProjection } from "@focus/core/tasks";

/**
 * How the estimate factor and the projected finish read (`docs/product.md`, Tasks). The numbers
 * come from core (`estimateFactor`, `projectFinish`); this is only their wording.
 */

/** The factor to one decimal, "1.4×". */
export function factorText(factor: number): string {
  return `${factor.toFixed(1)}×`;
}

/**
 * "Your tasks take 1.4× your estimates (from 5 done tasks)." — or, when the factor reads 1.0,
 * "Your estimates hold (from 2 done tasks)."
 */
export function factorLine({ factor, basedOn }: EstimateFactor): string {
  const from = `from ${basedOn} done ${basedOn === 1 ? "task" : "tasks"}`;
  if (factorText(factor) === factorText(1)) return `Your estimates hold (${from}).`;
  return `Your tasks take ${factorText(factor)} your estimates (${from}).`;
}

/**
 * "About 6 focus sessions left · done around 4:35 PM" (a weekday before the time when the
 * finish is not today, at `now`).
 */
export function projectionLine(projection: FinishProjection, now: number, locale?: string): string {
  const sameDay = new Date(projection.finishAt).toDateString() === new Date(now).toDateString();
  const time = new Intl.DateTimeFormat(locale, { ...(sameDay ? {} : { weekday: "short" }), hour: "numeric", minute: "2-digit" }).format(projection.finishAt);
  const sessions = `${projection.sessions} focus ${projection.sessions === 1 ? "session" : "sessions"}`;
  return `About ${sessions} left · done around ${time}`;
}
