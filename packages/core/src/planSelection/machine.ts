import { emit, fromPromise, setup } from "xstate";

/** Delay before the Free choice completes, ms. */
export const PLAN_COMPLETION_DELAY_MS = 1000;

/** The upgrade's failure text when the error carries none (the fallback). */
export const UPGRADE_FAILED_FALLBACK = "Failed to upgrade subscription";

export type PlanSelectionEvent = { type: "CHOOSE_FREE" } | { type: "CHOOSE_PREMIUM" };

export type PlanSelectionEmitted =
  /** Free chosen: show the trial-activated toast. */
  | { type: "trialActivated" }
  /** Premium chosen and the upgrade call answered with a link: open the payment page in a new tab. */
  | { type: "openPayment"; paypalUrl: string }
  /** Premium chosen and the request recorded, with no payment link: the team gets in touch. */
  | { type: "upgradeRequested" }
  /** The upgrade failed: toast 'Upgrade Failed', stay on the choice. */
  | { type: "upgradeFailed"; message: string };

/**
 * The plan-selection step after registration (`docs/product.md`, People and plans).
 * choosing → (Free) activatingFree → done after 1000 ms;
 * choosing → (Premium) upgrading → done, or back to choosing when the upgrade fails.
 * The upgrade call is the `upgrade` actor, provided by the app; it resolves to the payment URL, or
 * null when the server records the request without one (`docs/product.md`, Offers and upgrade
 * requests): then `upgradeRequested` is emitted instead of `openPayment`.
 */
export const planSelectionMachine = setup({
  types: {
    events: {} as PlanSelectionEvent,
    emitted: {} as PlanSelectionEmitted,
  },
  actors: {
    upgrade: fromPromise<{ paypalUrl: string | null }>(async () => {
      throw new Error("upgrade is provided by the app");
    }),
  },
  actions: {
    emitTrialActivated: emit({ type: "trialActivated" as const }),
    emitOpenPayment: emit((_, params: { paypalUrl: string }) => ({ type: "openPayment" as const, paypalUrl: params.paypalUrl })),
    emitUpgradeRequested: emit({ type: "upgradeRequested" as const }),
    emitUpgradeFailed: emit((_, params: { error: unknown }) => ({ type: "upgradeFailed" as const, message: upgradeFailureMessage(params.error) })),
  },
  guards: {
    hasPaymentLink: (_, params: { paypalUrl: string | null }) => params.paypalUrl !== null,
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
      entry: "emitTrialActivated",
      after: { planCompletionDelay: "done" },
    },
    upgrading: {
      invoke: {
        id: "upgrade",
        src: "upgrade",
        onDone: [
          {
            guard: { type: "hasPaymentLink", params: ({ event }) => ({ paypalUrl: event.output.paypalUrl }) },
            target: "done",
            actions: { type: "emitOpenPayment", params: ({ event }) => ({ paypalUrl: event.output.paypalUrl ?? "" }) },
          },
          { target: "done", actions: "emitUpgradeRequested" },
        ],
        onError: {
          target: "choosing",
          actions: { type: "emitUpgradeFailed", params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    done: { type: "final" },
  },
});

export type PlanSelectionMachine = typeof planSelectionMachine;

/** The text of a failed upgrade: the error's message, else the fallback. */
function upgradeFailureMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : UPGRADE_FAILED_FALLBACK;
}
