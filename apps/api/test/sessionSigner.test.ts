import { Signer } from "@fastify/cookie";
import { describe, expect, it, vi } from "vitest";
import { MemoizedSigner } from "../src/security/sessionSigner";

const SECRET = "a-session-secret-of-at-least-32-characters";
const OLD_SECRET = "an-older-session-secret-of-32-characters!";

describe("session cookie signer", () => {
  it("signs and verifies exactly as @fastify/cookie does", () => {
    const reference = new Signer([SECRET, OLD_SECRET], "sha256");
    const signer = new MemoizedSigner([SECRET, OLD_SECRET]);
    for (const id of ["abc", "Zx_9-longer.session.id", ""]) {
      expect(signer.sign(id)).toBe(reference.sign(id));
      const signed = reference.sign(id);
      expect(signer.unsign(signed)).toEqual(reference.unsign(signed));
      expect(signer.unsign(signed)).toEqual(reference.unsign(signed));
    }
    const byOldSecret = new Signer(OLD_SECRET, "sha256").sign("rotated");
    expect(signer.unsign(byOldSecret)).toEqual({ valid: true, renew: true, value: "rotated" });
    // A cookie signed with the old secret is signed anew with the current one.
    expect(signer.sign("rotated")).toBe(reference.sign("rotated"));
  });

  it("never accepts a forged or tampered cookie, however often it is sent", () => {
    const signer = new MemoizedSigner(SECRET);
    const good = signer.sign("session-id");
    expect(signer.unsign(good).valid).toBe(true);
    for (const forged of [`${good}x`, good.replace(/.$/, (c) => (c === "A" ? "B" : "A")), "session-id.AAAA", "session-id", "x.y"]) {
      for (let i = 0; i < 3; i++) expect(signer.unsign(forged)).toEqual({ valid: false, renew: false, value: null });
    }
  });

  it("computes a verified cookie's HMAC once, and forgets the least recently used beyond its size", () => {
    const signer = new MemoizedSigner(SECRET, 2);
    const cookies = ["a", "b", "c"].map((id) => signer.sign(id));
    const hmac = vi.spyOn(Signer.prototype, "unsign");
    try {
      signer.unsign(cookies[0] ?? "");
      signer.unsign(cookies[1] ?? "");
      signer.unsign(cookies[0] ?? "");
      signer.unsign(cookies[1] ?? "");
      expect(hmac).toHaveBeenCalledTimes(2);
      signer.unsign(cookies[2] ?? "");
      signer.unsign(cookies[0] ?? "");
      expect(hmac).toHaveBeenCalledTimes(4);
      expect(signer.unsign(cookies[0] ?? "")).toEqual({ valid: true, renew: false, value: "a" });
      expect(signer.sign("a")).toBe(cookies[0]);
    } finally {
      hmac.mockRestore();
    }
  });
});
