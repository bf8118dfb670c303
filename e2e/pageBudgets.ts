/**
 * The web app's performance budgets, in one place: what each page may transfer in JavaScript
 * (bytes on the wire, compressed, as a phone on a fresh visit gets them) and the Lighthouse
 * targets (mobile preset). The CI test `pageWeight.e2e.ts` fails over a page's ceiling; the
 * bench (`BENCH_ONLY=js,lighthouse`) prints both against these figures. `docs/performance.md`
 * says why they are what they are.
 */
export interface PageBudget {
  route: "/" | "/auth" | "/app";
  /** What the page shows: the landing, the sign-in page, the signed-in timer. */
  label: string;
  signedIn: boolean;
  /** The goal for JavaScript transferred on a fresh visit, KiB (1 KiB = 1024 bytes). */
  scriptKiB: number;
  /**
   * What CI enforces today, KiB: the goal where it is met; where it is not yet, the page's weight
   * when the limit was set plus a little, so it cannot grow while the gap is closed.
   */
  ceilingKiB: number;
  /** Lighthouse performance score, 0-100, at least. */
  minPerformance: number;
}

export const PAGE_BUDGETS: readonly PageBudget[] = [
  { route: "/", label: "landing", signedIn: false, scriptKiB: 90, ceilingKiB: 90, minPerformance: 95 },
  { route: "/auth", label: "sign in", signedIn: false, scriptKiB: 110, ceilingKiB: 110, minPerformance: 95 },
  // 171.7 KiB measured once the account's timer moved to the server (its commands wait in the
  // outbox in batches, the device keeps the server's copy), 173.5 KiB with the Shield's line beside
  // Start (it asks the extension here), 174.9 KiB with the streak's nudge beside Start, 175.0-175.1
  // KiB with room membership held by the app (the join and the chip load only in a room): over
  // the goal, held at 176 until the outbox's fix that answers every caller of a write (a save
  // taken by a send already under way had waited forever): 176.1-176.2 KiB with it, held at 176.5.
  { route: "/app", label: "timer (signed in)", signedIn: true, scriptKiB: 170, ceilingKiB: 176.5, minPerformance: 90 },
];

/** Lighthouse targets every page shares: cumulative layout shift at most, largest contentful paint at most (ms). */
export const LIGHTHOUSE_TARGETS = { maxCls: 0.02, maxLcpMs: 2000 } as const;
