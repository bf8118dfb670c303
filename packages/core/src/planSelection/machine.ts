import { emit, fromPromise, setup } from "xstate";

/** Delay before "Continue with my trial" completes, ms. */
export const PLAN_COMPLETION_DELAY_MS = 1000;

/** The upgrade's failure text when the error carries none (the fallback). */
export const UPGRADE_FAILED_FALLBACK = "Failed to upgrade subscription";

export type PlanSelectionEvent = { type: "CONTINUE_TRIAL" } | { type: "CHOOSE_PREMIUM" };

export type PlanSelectionEmitted =
  /** The user continues with the trial that already runs: nothing is activated, the toast says the trial runs. */
  | { type: "trialContinued" }
  /** Premium chosen and the upgrade call answered with a link: open the payment page in a new tab. */
  | { type: "openPayment"; paypalUrl: string }
  /** Premium chosen and the request recorded, with no payment link: the team gets in touch. */
  | { type: "upgradeRequested" }
  /** The upgrade failed: toast 'Upgrade Failed', stay on the choice. */
  | { type: "upgradeFailed"; message: string };

/**
 * The plan-selection step after registration (`docs/product.md`, People and plans).
 * The trial already runs (it starts at registration); the step only lets the user choose whether
 * to ask for Premium now. choosing → (continue with the trial) continuingTrial → done after 1000 ms;
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
    emitTrialContinued: emit({ type: "trialContinued" as const }),
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
        CONTINUE_TRIAL: "continuingTrial",
        CHOOSE_PREMIUM: "upgrading",
      },
    },
    continuingTrial: {
      entry: "emitTrialContinued",
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

/** The text of a failed upgrade: the error's message, else the fallback. */
function upgradeFailureMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : UPGRADE_FAILED_FALLBACK;
}
