import { emit, fromPromise, setup } from "xstate";

/** Delay before the Free choice completes, ms (spec §4, §9: 1000 ms). */
export const PLAN_COMPLETION_DELAY_MS = 1000;

export type PlanSelectionEvent = { type: "CHOOSE_FREE" } | { type: "CHOOSE_PREMIUM" };

export type PlanSelectionEmitted =
  /** Free chosen: show the trial-activated toast. */
  | { type: "trialActivated" }
  /** Premium chosen and the upgrade call answered: open the payment link in a new tab. */
  | { type: "openPayment"; paypalUrl: string }
  /** The upgrade failed: toast 'Upgrade Failed', stay on the choice. */
  | { type: "upgradeFailed"; message: string };

/**
 * The plan-selection step after registration (spec §4 Auth and plan selection).
 * choosing → (Free) activatingFree → done after 1000 ms;
 * choosing → (Premium) upgrading → done, or back to choosing when the upgrade fails.
 * The upgrade call is the `upgrade` actor, provided by the app; it resolves to the payment URL.
 */
export const planSelectionMachine = setup({
  types: {
    events: {} as PlanSelectionEvent,
    emitted: {} as PlanSelectionEmitted,
  },
  actors: {
    upgrade: fromPromise<{ paypalUrl: string }>(async () => {
      throw new Error("upgrade is provided by the app");
    }),
  },
  delays: {
    planCompletionDelay: PLAN_COMPLETION_DELAY_MS,
  },
}).createMachine({
  id: "planSelection",
  initial: "choosing",
  states: {
    choosing: {
      on: {
        CHOOSE_FREE: "activatingFree",
        CHOOSE_PREMIUM: "upgrading",
      },
    },
    activatingFree: {
      entry: emit({ type: "trialActivated" as const }),
      after: { planCompletionDelay: "done" },
    },
    upgrading: {
      invoke: {
        src: "upgrade",
        onDone: {
          target: "done",
          actions: emit(({ event }) => ({ type: "openPayment" as const, paypalUrl: event.output.paypalUrl })),
        },
        onError: {
          target: "choosing",
          actions: emit(({ event }) => ({
            type: "upgradeFailed" as const,
            message: event.error instanceof Error ? event.error.message : "Failed to upgrade subscription",
          })),
        },
      },
    },
    done: { type: "final" },
  },
});

export type PlanSelectionMachine = typeof planSelectionMachine;
