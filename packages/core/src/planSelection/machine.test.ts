import { getShortestPaths } from "@xstate/graph";
import { describe, expect, it } from "vitest";
import { createActor, fromPromise, SimulatedClock, waitFor } from "xstate";
import { planSelectionMachine, type PlanSelectionEmitted } from "./machine";

function start(upgrade: () => Promise<{ paypalUrl: string }>) {
  const clock = new SimulatedClock();
  const actor = createActor(planSelectionMachine.provide({ actors: { upgrade: fromPromise(upgrade) } }), { clock }).start();
  const emitted: PlanSelectionEmitted[] = [];
  actor.on("*", (e) => emitted.push(e));
  return { actor, clock, emitted };
}

describe("plan selection (spec §4)", () => {
  it("Free shows the trial toast and completes after 1000 ms", () => {
    const { actor, clock, emitted } = start(async () => ({ paypalUrl: "x" }));
    actor.send({ type: "CHOOSE_FREE" });
    expect(emitted).toEqual([{ type: "trialActivated" }]);
    clock.increment(999);
    expect(actor.getSnapshot().status).toBe("active");
    clock.increment(1);
    expect(actor.getSnapshot().status).toBe("done");
  });

  it("Premium calls the upgrade and opens the payment link", async () => {
    const { actor, emitted } = start(async () => ({ paypalUrl: "https://pay.example/focus" }));
    actor.send({ type: "CHOOSE_PREMIUM" });
    await waitFor(actor, (s) => s.status === "done");
    expect(emitted).toEqual([{ type: "openPayment", paypalUrl: "https://pay.example/focus" }]);
  });

  it("stays on the choice with a failure when the upgrade fails", async () => {
    const { actor, emitted } = start(async () => {
      throw new Error("Payments are not configured yet. Please contact support.");
    });
    actor.send({ type: "CHOOSE_PREMIUM" });
    await waitFor(actor, (s) => s.matches("choosing") && emitted.length > 0);
    expect(emitted).toEqual([{ type: "upgradeFailed", message: "Payments are not configured yet. Please contact support." }]);
    // The user can still choose.
    actor.send({ type: "CHOOSE_FREE" });
    expect(actor.getSnapshot().value).toBe("activatingFree");
  });

  it("reaches every state", () => {
    const paths = getShortestPaths(planSelectionMachine, {
      events: [{ type: "CHOOSE_FREE" }, { type: "CHOOSE_PREMIUM" }, { type: "xstate.after.planCompletionDelay.planSelection.activatingFree" } as never],
    });
    expect(new Set(paths.map((p) => p.state.value))).toEqual(new Set(["choosing", "activatingFree", "upgrading", "done"]));
  });
});
