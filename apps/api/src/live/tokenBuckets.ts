/**
 * Token buckets by key (a user id): `burst` at once, then `perMinute` spread evenly. The focus
 * rooms' per-user limits on joins and status changes (`live/rooms.ts`, `docs/rooms.md`).
 */

/** A bucket's size and refill. */
export interface BucketLimit {
  burst: number;
  perMinute: number;
}

interface Bucket {
  tokens: number;
  /** When `tokens` was counted, epoch ms. */
  at: number;
}

/** Buckets for many keys; a full bucket is forgotten by `prune`. */
export class TokenBuckets {
  private readonly buckets = new Map<number, Bucket>();

  constructor(
    private readonly limit: BucketLimit,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** Takes a token from `key`'s bucket; false (nothing taken) when it is empty. */
  take(key: number): boolean {
    const bucket = this.refilled(key);
    if (bucket.tokens < 1) return false;
    bucket.tokens -= 1;
    return true;
  }

  /** Milliseconds until `key`'s bucket holds a token again (0 when it holds one now). */
  wait(key: number): number {
    const bucket = this.refilled(key);
    return bucket.tokens >= 1 ? 0 : Math.ceil(((1 - bucket.tokens) * 60_000) / this.limit.perMinute);
  }

  /** Forgets the buckets that are full again (they would start full anyway). */
  prune(): void {
    for (const key of [...this.buckets.keys()]) {
      if (this.refilled(key).tokens >= this.limit.burst) this.buckets.delete(key);
    }
  }

  private refilled(key: number): Bucket {
    const now = this.now();
    let bucket = this.buckets.get(key);
    if (!bucket) {
      bucket = { tokens: this.limit.burst, at: now };
      this.buckets.set(key, bucket);
    }
    bucket.tokens = Math.min(this.limit.burst, bucket.tokens + ((now - bucket.at) * this.limit.perMinute) / 60_000);
    bucket.at = now;
    return bucket;
  }
}
