/**
 * The session cookie's signer: @fastify/cookie's HMAC signer, remembering the cookies it has
 * verified. A signed-in browser sends the same signed cookie on every request; each check is an
 * HMAC. Here a verified cookie and its id are kept (at most `size`, least recently used dropped
 * first), so the next request with the same cookie, and signing that id again when its expiry
 * is pushed forward, compute none. Cookies that fail verification are never kept, and new ids
 * are signed but not kept.
 */
import { Signer } from "@fastify/cookie";

/** What `unsign` answers (the shape of @fastify/cookie's). */
export interface UnsignResult {
  valid: boolean;
  /** Signed with an older secret: the cookie should be signed again with the current one. */
  renew: boolean;
  value: string | null;
}

/** Most verified cookies remembered. */
export const SIGNER_CACHE_SIZE = 10_000;

export class MemoizedSigner {
  private readonly signer: Signer;
  /** Verified signed cookie → its result; oldest first. */
  private readonly verified = new Map<string, UnsignResult>();
  /** Session id → its signed cookie, for ids whose cookie was verified under the current secret. */
  private readonly signedIds = new Map<string, string>();

  constructor(
    secrets: string | string[],
    private readonly size = SIGNER_CACHE_SIZE,
  ) {
    this.signer = new Signer(secrets, "sha256");
  }

  /** `value.<HMAC-SHA256 base64 without padding>`, as @fastify/cookie signs. */
  sign(value: string): string {
    return this.signedIds.get(value) ?? this.signer.sign(value);
  }

  /** Verifies a signed cookie against every secret, as @fastify/cookie does. */
  unsign(signedValue: string): UnsignResult {
    const known = this.verified.get(signedValue);
    if (known) {
      this.verified.delete(signedValue);
      this.verified.set(signedValue, known);
      return known;
    }
    const result = this.signer.unsign(signedValue) as UnsignResult;
    if (result.valid && result.value !== null) {
      this.verified.set(signedValue, result);
      if (!result.renew) this.signedIds.set(result.value, signedValue);
      if (this.verified.size > this.size) this.forgetOldest();
    }
    return result;
  }

  private forgetOldest(): void {
    const oldest = this.verified.entries().next();
    if (oldest.done) return;
    const [signedValue, result] = oldest.value;
    this.verified.delete(signedValue);
    if (result.value !== null && this.signedIds.get(result.value) === signedValue) this.signedIds.delete(result.value);
  }
}
