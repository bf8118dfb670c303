import { beforeEach, describe, expect, it } from "vitest";
import { loadConfig } from "../src/env";
import {
  configurePasswordHashing,
  dummyHash,
  HASH_CONCURRENCY,
  HASH_QUEUE_LIMIT,
  hashPassword,
  passwordHashParams,
  SCRYPT_PARAMS,
  verifyAgainstDummy,
  verifyPassword,
} from "../src/security/password";

/** What the other tests hash with (SCRYPT_N in helpers.ts): cheap, recorded in the hash all the same. */
const CHEAP = { N: 2 ** 10, r: 8, p: 1 };

// The production cost, whatever an app built earlier in this worker set (files share modules).
beforeEach(() => configurePasswordHashing({ N: SCRYPT_PARAMS.N }));

describe("password hashing", () => {
  // The one test that hashes and verifies at the production cost (every other test sets SCRYPT_N).
  it("stores scrypt with its OWASP parameters, a 16-byte salt and a 64-byte key, and verifies it", async () => {
    expect(SCRYPT_PARAMS).toEqual({ N: 2 ** 17, r: 8, p: 1 });
    expect(loadConfig({}).scryptN).toBe(SCRYPT_PARAMS.N);
    const hash = await hashPassword("correct-horse");
    const [scheme, N, r, p, salt, key, ...rest] = hash.split("$");
    expect(scheme).toBe("scrypt");
    expect([Number(N), Number(r), Number(p)]).toEqual([2 ** 17, 8, 1]);
    expect(Buffer.from(salt ?? "", "base64")).toHaveLength(16);
    expect(Buffer.from(key ?? "", "base64")).toHaveLength(64);
    expect(rest).toEqual([]);
    expect(await verifyPassword("correct-horse", hash)).toBe(true);
    expect(await verifyPassword("correct-horsE", hash)).toBe(false);
  });

  it("salts every hash differently", async () => {
    const [a, b] = await Promise.all([hashPassword("same", CHEAP), hashPassword("same", CHEAP)]);
    expect(a).not.toBe(b);
  });

  it("verifies the right password and refuses a wrong one", async () => {
    const hash = await hashPassword("correct-horse", CHEAP);
    expect(await verifyPassword("correct-horse", hash)).toBe(true);
    expect(await verifyPassword("correct-horsE", hash)).toBe(false);
    expect(await verifyPassword("", hash)).toBe(false);
  });

  it("verifies hashes made with other recorded parameters", async () => {
    const hash = await hashPassword("pw", CHEAP);
    expect(hash.startsWith("scrypt$1024$8$1$")).toBe(true);
    expect(await verifyPassword("pw", hash)).toBe(true);
  });

  it("hashes with the configured N (SCRYPT_N), keeping r and p, and refuses an N it could not verify", async () => {
    configurePasswordHashing({ N: 2 ** 11 });
    expect(passwordHashParams()).toEqual({ N: 2 ** 11, r: 8, p: 1 });
    const hash = await hashPassword("pw");
    expect(hash.startsWith("scrypt$2048$8$1$")).toBe(true);
    expect(await verifyPassword("pw", hash)).toBe(true);
    for (const N of [0, 1, 3, 1000, 2 ** 21, 1.5]) {
      expect(() => configurePasswordHashing({ N }), String(N)).toThrow(RangeError);
    }
    expect(passwordHashParams()).toEqual({ N: 2 ** 11, r: 8, p: 1 });
  });

  it("checks unknown users against a dummy hash of the configured cost, and always says no", async () => {
    configurePasswordHashing({ N: 2 ** 10 });
    expect((await dummyHash()).startsWith("scrypt$1024$8$1$")).toBe(true);
    expect(await verifyAgainstDummy("dummy password for timing equality")).toBe(false);
    configurePasswordHashing({ N: 2 ** 12 });
    expect((await dummyHash()).startsWith("scrypt$4096$8$1$")).toBe(true);
    expect(await verifyAgainstDummy("anything")).toBe(false);
  });

  it("treats malformed or absurd stored hashes as a mismatch without throwing", async () => {
    for (const stored of ["", "plain", "bcrypt$x", "scrypt$3$8$1$c2FsdA==$a2V5", "scrypt$1073741824$8$1$c2FsdA==$a2V5", "scrypt$1024$8$1$$"]) {
      expect(await verifyPassword("pw", stored), stored).toBe(false);
    }
  });

  it("computes 2 hashes at a time and lets 32 wait; one more is refused at once with 503 and Retry-After", async () => {
    configurePasswordHashing({ N: CHEAP.N });
    // Every hash asked for at once, before the first one finishes.
    const jobs = Array.from({ length: HASH_CONCURRENCY + HASH_QUEUE_LIMIT + 6 }, (_, n) => hashPassword(`password ${n}`));
    const results = await Promise.allSettled(jobs);
    const refused = results.filter((result) => result.status === "rejected");
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(HASH_CONCURRENCY + HASH_QUEUE_LIMIT);
    expect(refused.length).toBe(6);
    for (const result of refused) {
      expect(result.reason).toMatchObject({ statusCode: 503, message: "The server is busy, please try again in a few seconds.", retryAfterS: 5 });
    }
    // Once the queue drained, hashing works again.
    expect(await verifyPassword("again", await hashPassword("again"))).toBe(true);
  });
});
