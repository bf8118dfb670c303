import { getShortestPaths } from "@xstate/graph";
import { describe, expect, it } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import { CANCELLATION_REASONS } from "../schemas/subscription";
import { cancellationMachine } from "./machine";
import type { AcceptOfferRequest, CancelRequest, CancellationEmitted, CancellationEvent } from "./types";

function start(
  cancel: (req: CancelRequest) => Promise<unknown> = async () => ({}),
  accept: (req: AcceptOfferRequest) => Promise<unknown> = async () => ({}),
) {
  const requests: CancelRequest[] = [];
  const offers: AcceptOfferRequest[] = [];
  const machine = cancellationMachine.provide({
    actors: {
      cancelSubscription: fromPromise<unknown, CancelRequest>(({ input }) => {
        requests.push(input);
        return cancel(input);
      }),
      acceptOffer: fromPromise<unknown, AcceptOfferRequest>(({ input }) => {
        offers.push(input);
        return accept(input);
      }),
    },
  });
  const actor = createActor(machine).start();
  const emitted: CancellationEmitted[] = [];
  actor.on("*", (e) => emitted.push(e));
  return { actor, emitted, requests, offers };
}

describe("cancellation flow", () => {
  it("needs a reason before continuing", () => {
    const { actor } = start();
    actor.send({ type: "OPEN" });
    actor.send({ type: "CONTINUE" });
    expect(actor.getSnapshot().value).toBe("reason");
  });

  it.each(["too-expensive", "not-using", "technical-issues", "temporary-break"] as const)(
    "offers retention for %s",
    (reason) => {
      const { actor } = start();
      actor.send({ type: "OPEN" });
      actor.send({ type: "SELECT_REASON", reason });
      actor.send({ type: "CONTINUE" });
      expect(actor.getSnapshot().value).toBe("retention");
    },
  );

  it.each(["found-alternative", "other"] as const)("goes straight to feedback for %s", (reason) => {
    const { actor } = start();
    actor.send({ type: "OPEN" });
    actor.send({ type: "SELECT_REASON", reason });
    actor.send({ type: "CONTINUE" });
    expect(actor.getSnapshot().value).toBe("feedback");
  });

  it("records the accepted offer, then closes with 'Offer accepted' and cancels nothing", async () => {
    const { actor, emitted, requests, offers } = start();
    actor.send({ type: "OPEN" });
    actor.send({ type: "SELECT_REASON", reason: "too-expensive" });
    actor.send({ type: "CONTINUE" });
    actor.send({ type: "ACCEPT_OFFER" });
    expect(actor.getSnapshot().value).toBe("acceptingOffer");
    await waitFor(actor, (s) => s.matches("closed"));
    expect(offers).toEqual([{ offer: "half-price-3-months" }]);
    expect(emitted).toEqual([{ type: "offerAccepted", reason: "too-expensive", offer: "half-price-3-months" }]);
    expect(requests).toHaveLength(0);
  });

  it.each([
    ["not-using", "pause-3-months"],
    ["technical-issues", "half-price-3-months"],
    ["temporary-break", "pause-3-months"],
  ] as const)("records the offer of %s as %s", async (reason, offer) => {
    const { actor, offers } = start();
    actor.send({ type: "OPEN" });
    actor.send({ type: "SELECT_REASON", reason });
    actor.send({ type: "CONTINUE" });
    actor.send({ type: "ACCEPT_OFFER" });
    await waitFor(actor, (s) => s.matches("closed"));
    expect(offers).toEqual([{ offer }]);
  });

  it("stays on the offer with the server's message when recording it fails", async () => {
    const refusal = "Only an active plan or trial can take an offer";
    const { actor, emitted } = start(undefined, async () => {
      throw new Error(refusal);
    });
    actor.send({ type: "OPEN" });
    actor.send({ type: "SELECT_REASON", reason: "too-expensive" });
    actor.send({ type: "CONTINUE" });
    actor.send({ type: "ACCEPT_OFFER" });
    await waitFor(actor, (s) => s.matches("retention") && s.context.error !== null);
    expect(actor.getSnapshot().context.error).toBe(refusal);
    expect(emitted).toEqual([{ type: "offerFailed", message: refusal }]);
    // Declining then leaves the message behind.
    actor.send({ type: "DECLINE_OFFER" });
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it("walks decline → feedback → final warning → confirmation and cancels once CANCEL is typed", async () => {
    const { actor, emitted, requests } = start();
    actor.send({ type: "OPEN" });
    actor.send({ type: "SELECT_REASON", reason: "not-using" });
    actor.send({ type: "CONTINUE" });
    actor.send({ type: "DECLINE_OFFER" });
    actor.send({ type: "SET_FEEDBACK", feedback: "Busy term" });
    actor.send({ type: "SET_EMAIL", email: "me@example.com" });
    actor.send({ type: "CONTINUE" });
    expect(actor.getSnapshot().value).toBe("finalWarning");
    actor.send({ type: "CONTINUE" });
    actor.send({ type: "SET_CONFIRMATION_TEXT", text: "cancel" });
    actor.send({ type: "CONFIRM" });
    expect(actor.getSnapshot().value).toBe("confirmation");
    actor.send({ type: "SET_CONFIRMATION_TEXT", text: "CANCEL" });
    actor.send({ type: "CONFIRM" });
    await waitFor(actor, (s) => s.matches("closed"));
    expect(requests).toEqual([{ reason: "Not using it enough", feedback: "Busy term", email: "me@example.com" }]);
    expect(emitted).toEqual([{ type: "cancelled" }]);
    // Closed resets everything.
    expect(actor.getSnapshot().context.reason).toBeNull();
  });

  it("stays on the confirmation with the server's message when cancelling fails", async () => {
    const { actor, emitted } = start(async () => {
      throw new Error("You have no active premium subscription to cancel");
    });
    actor.send({ type: "OPEN" });
    actor.send({ type: "SELECT_REASON", reason: "other" });
    actor.send({ type: "CONTINUE" });
    actor.send({ type: "CONTINUE" });
    actor.send({ type: "CONTINUE" });
    actor.send({ type: "SET_CONFIRMATION_TEXT", text: "CANCEL" });
    actor.send({ type: "CONFIRM" });
    await waitFor(actor, (s) => s.matches("confirmation") && s.context.error !== null);
    expect(actor.getSnapshot().context.error).toBe("You have no active premium subscription to cancel");
    expect(emitted).toEqual([{ type: "cancelFailed", message: "You have no active premium subscription to cancel" }]);
  });

  it("resets when closed at any step", () => {
    const { actor } = start();
    actor.send({ type: "OPEN" });
    actor.send({ type: "SELECT_REASON", reason: "other" });
    actor.send({ type: "CONTINUE" });
    actor.send({ type: "SET_FEEDBACK", feedback: "x" });
    actor.send({ type: "CLOSE" });
    expect(actor.getSnapshot().value).toBe("closed");
    expect(actor.getSnapshot().context).toMatchObject({ reason: null, feedback: "" });
    actor.send({ type: "OPEN" });
    expect(actor.getSnapshot().value).toBe("reason");
  });
});

describe("cancellation paths", () => {
  const events: CancellationEvent[] = [
    { type: "OPEN" },
    { type: "CLOSE" },
    ...CANCELLATION_REASONS.map((reason) => ({ type: "SELECT_REASON" as const, reason })),
    { type: "CONTINUE" },
    { type: "ACCEPT_OFFER" },
    { type: "DECLINE_OFFER" },
    { type: "SET_CONFIRMATION_TEXT", text: "CANCEL" },
    { type: "CONFIRM" },
  ];
  const options = { events, serializeState: (s: { value: unknown; context: { reason: unknown; confirmationText: string } }) => JSON.stringify([s.value, s.context.reason, s.context.confirmationText]) };

  it("reaches every step", () => {
    const reached = new Set(getShortestPaths(cancellationMachine, options).map((p) => p.state.value));
    expect(reached).toEqual(
      new Set(["closed", "reason", "retention", "acceptingOffer", "feedback", "finalWarning", "confirmation", "submitting"]),
    );
  });

  it("never reaches retention for a reason without an offer, nor submits without CANCEL typed", () => {
    // Every reachable (step, reason, typed text) is the end of one shortest path, so checking
    // each path's end checks every state the flow can be in.
    const states = getShortestPaths(cancellationMachine, options).map((p) => p.state);
    expect(states.length).toBeGreaterThan(30);
    expect(states.some((s) => s.matches("submitting"))).toBe(true);
    for (const s of states) {
      if (s.matches("retention")) expect(["found-alternative", "other"]).not.toContain(s.context.reason);
      if (s.matches("submitting")) expect(s.context.confirmationText).toBe("CANCEL");
    }
  });
});
