import { getShortestPaths, getSimplePaths, type StatePath } from "@xstate/graph";
import { describe, expect, it } from "vitest";
import { createActor, fromPromise, SimulatedClock, type EventObject, type SnapshotFrom } from "xstate";
import { PLAN_COMPLETION_DELAY_MS, UPGRADE_FAILED_FALLBACK, planSelectionMachine, type PlanSelectionEmitted, type PlanSelectionEvent } from "./machine";

const PAYPAL_URL = "https://pay.example/focus";
const SERVER_REFUSAL = "Payments are not configured yet. Please contact support.";

/**
 * The graph's alphabet: the user's two choices, and the three things the world does to the
 * chart (the 1000 ms delay passing, the upgrade call answering, the upgrade call failing).
 * On a real actor these become a clock tick and the settling of the provided upgrade actor.
 */
const AFTER_DELAY = "xstate.after.planCompletionDelay.planSelection.continuingTrial";
const UPGRADE_DONE = "xstate.done.actor.upgrade";
/** The upgrade answered without a payment link (no PAYMENT_URL): the request was recorded. */
const UPGRADE_REQUESTED = "upgrade recorded without a link";
const UPGRADE_ERROR = "xstate.error.actor.upgrade";
const ALPHABET = [
  { type: "CONTINUE_TRIAL" },
  { type: "CHOOSE_PREMIUM" },
  { type: AFTER_DELAY },
  { type: UPGRADE_DONE, output: { paypalUrl: PAYPAL_URL } },
  { type: UPGRADE_DONE, output: { paypalUrl: null } },
  { type: UPGRADE_ERROR, error: new Error(SERVER_REFUSAL) },
] as unknown as readonly PlanSelectionEvent[];

type Snapshot = SnapshotFrom<typeof planSelectionMachine>;

/** What can happen in a state: the alphabet's events the chart answers there (ignored ones lead nowhere). */
const events = (state: Snapshot) => ALPHABET.filter((event) => state.can(event));
type Path = StatePath<Snapshot, EventObject>;

/**
 * A node is the state together with the event that led there, so "back on the choice after a
 * failed upgrade" is a node of its own and simple paths go on from it (retrying, or Free).
 */
const serializeState = (state: Snapshot, event: EventObject | undefined) => `${JSON.stringify(state.value)} via ${stepName(event)}`;

/** A step's name: the event type, with the two upgrade answers (link or none) told apart. */
function stepName(event: EventObject | undefined): string {
  if (!event) return "start";
  if (event.type === UPGRADE_DONE && (event as unknown as { output: { paypalUrl: string | null } }).output.paypalUrl === null) {
    return UPGRADE_REQUESTED;
  }
  return event.type;
}

/** A real actor on a simulated clock whose upgrade call the test settles, one deferred per call. */
function startReal() {
  const clock = new SimulatedClock();
  const calls: { resolve: (value: { paypalUrl: string | null }) => void; reject: (error: unknown) => void }[] = [];
  const upgrade = fromPromise<{ paypalUrl: string | null }>(
    () => new Promise((resolve, reject) => calls.push({ resolve, reject })),
  );
  const actor = createActor(planSelectionMachine.provide({ actors: { upgrade } }), { clock }).start();
  const emitted: PlanSelectionEmitted[] = [];
  actor.on("*", (event) => emitted.push(event));
  return { actor, clock, calls, emitted };
}

/** Promise callbacks run on the microtask queue: let the settled upgrade reach the chart. */
const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Replays one graph path on a real actor and checks, step by step, what the user sees: the
 * toast-bearing emitted events, the 1000 ms wait before Free completes, the upgrade called
 * once per Premium choice, and the state the path says it reaches.
 */
async function replay(path: Path) {
  const { actor, clock, calls, emitted } = startReal();
  const expected: PlanSelectionEmitted[] = [];
  let premiumChoices = 0;
  for (const step of path.steps) {
    const type = stepName(step.event);
    switch (type) {
      case "xstate.init":
        break;
      case "CONTINUE_TRIAL":
        actor.send({ type: "CONTINUE_TRIAL" });
        expected.push({ type: "trialContinued" });
        break;
      case "CHOOSE_PREMIUM":
        actor.send({ type: "CHOOSE_PREMIUM" });
        premiumChoices++;
        // The upgrade is called at once, and the buttons wait for it.
        expect(calls).toHaveLength(premiumChoices);
        break;
      case AFTER_DELAY:
        // Free completes after exactly 1000 ms, not a millisecond earlier.
        clock.increment(PLAN_COMPLETION_DELAY_MS - 1);
        expect(actor.getSnapshot().status).toBe("active");
        expect(actor.getSnapshot().value).toBe("continuingTrial");
        clock.increment(1);
        break;
      case UPGRADE_DONE:
        calls.at(-1)!.resolve({ paypalUrl: PAYPAL_URL });
        await settle();
        expected.push({ type: "openPayment", paypalUrl: PAYPAL_URL });
        break;
      case UPGRADE_REQUESTED:
        calls.at(-1)!.resolve({ paypalUrl: null });
        await settle();
        expected.push({ type: "upgradeRequested" });
        break;
      case UPGRADE_ERROR:
        calls.at(-1)!.reject(new Error(SERVER_REFUSAL));
        await settle();
        expected.push({ type: "upgradeFailed", message: SERVER_REFUSAL });
        break;
      default:
        throw new Error(`No replay for ${type}`);
    }
    expect(actor.getSnapshot().value).toBe(step.state.value);
    expect(emitted).toEqual(expected);
  }
  const snapshot = actor.getSnapshot();
  actor.stop();
  return { snapshot, emitted, premiumChoices };
}

describe("plan selection", () => {
  const paths = getSimplePaths(planSelectionMachine, { events, serializeState });

  it("explores Free, Premium success and Premium failure, and what follows a failure", () => {
    const routes = paths.map((path) =>
      path.steps
        .map((step) => stepName(step.event))
        .filter((type) => type !== "xstate.init")
        .join(" → "),
    );
    expect(routes).toEqual(
      expect.arrayContaining([
        `CONTINUE_TRIAL → ${AFTER_DELAY}`,
        `CHOOSE_PREMIUM → ${UPGRADE_DONE}`,
        `CHOOSE_PREMIUM → ${UPGRADE_REQUESTED}`,
        `CHOOSE_PREMIUM → ${UPGRADE_ERROR}`,
        `CHOOSE_PREMIUM → ${UPGRADE_ERROR} → CONTINUE_TRIAL → ${AFTER_DELAY}`,
      ]),
    );
    expect(new Set(paths.map((path) => path.state.value))).toEqual(new Set(["choosing", "continuingTrial", "upgrading", "done"]));
  });

  it("replays every simple path on a real actor with the outcome the product rules give it", async () => {
    expect(paths.length).toBeGreaterThanOrEqual(8);
    for (const path of paths) {
      const { snapshot, emitted, premiumChoices } = await replay(path);
      const last = stepName(path.steps.at(-1)!.event);
      if (last === UPGRADE_ERROR) {
        // A failed upgrade toasts and leaves the user on the choice, free to choose again.
        expect(snapshot.value).toBe("choosing");
        expect(emitted.at(-1)).toEqual({ type: "upgradeFailed", message: SERVER_REFUSAL });
        expect(snapshot.can({ type: "CONTINUE_TRIAL" })).toBe(true);
        expect(snapshot.can({ type: "CHOOSE_PREMIUM" })).toBe(true);
      } else if (last === UPGRADE_DONE) {
        // Premium opens the payment link, then the step is over.
        expect(snapshot.status).toBe("done");
        expect(emitted.at(-1)).toEqual({ type: "openPayment", paypalUrl: PAYPAL_URL });
      } else if (last === UPGRADE_REQUESTED) {
        // Without a payment link the request is recorded and said so; no page opens.
        expect(snapshot.status).toBe("done");
        expect(emitted.at(-1)).toEqual({ type: "upgradeRequested" });
        expect(emitted.some((event) => event.type === "openPayment")).toBe(false);
      } else if (last === AFTER_DELAY) {
        // Free toasted the trial on the click and completes after the delay; no upgrade left pending.
        expect(snapshot.status).toBe("done");
        expect(emitted.at(-1)).toEqual({ type: "trialContinued" });
      } else {
        expect(snapshot.status).toBe("active");
      }
      // Never more than one payment link, and only after a Premium choice.
      expect(emitted.filter((event) => event.type === "openPayment").length).toBeLessThanOrEqual(Math.min(1, premiumChoices));
    }
  });

  it("ignores the choice buttons while a choice is being carried out", () => {
    const states = getShortestPaths(planSelectionMachine, { events, serializeState }).map((path) => path.state);
    expect(new Set(states.map((state) => state.value))).toEqual(new Set(["choosing", "continuingTrial", "upgrading", "done"]));
    for (const state of states) {
      const choosing = state.matches("choosing");
      expect(state.can({ type: "CONTINUE_TRIAL" })).toBe(choosing);
      expect(state.can({ type: "CHOOSE_PREMIUM" })).toBe(choosing);
    }
  });

  it("falls back to 'Failed to upgrade subscription' when the failure carries no message", async () => {
    const { actor, calls, emitted } = startReal();
    actor.send({ type: "CHOOSE_PREMIUM" });
    calls[0]!.reject("socket closed");
    await settle();
    expect(emitted).toEqual([{ type: "upgradeFailed", message: UPGRADE_FAILED_FALLBACK }]);
    expect(UPGRADE_FAILED_FALLBACK).toBe("Failed to upgrade subscription");
  });
});
