import { describe, expect, it } from "vitest";
import { hashPassword, SCRYPT_PARAMS, verifyPassword } from "../src/security/password";

describe("password hashing", () => {
  it("stores scrypt with its OWASP parameters, a 16-byte salt and a 64-byte key", async () => {
    const hash = await hashPassword("correct-horse");
    const [scheme, N, r, p, salt, key, ...rest] = hash.split("$");
    expect(scheme).toBe("scrypt");
    expect([Number(N), Number(r), Number(p)]).toEqual([2 ** 17, 8, 1]);
    expect(SCRYPT_PARAMS).toEqual({ N: 2 ** 17, r: 8, p: 1 });
    expect(Buffer.from(salt ?? "", "base64")).toHaveLength(16);
    expect(Buffer.from(key ?? "", "base64")).toHaveLength(64);
    expect(rest).toEqual([]);
  });

  it("salts every hash differently", async () => {
    const [a, b] = await Promise.all([hashPassword("same"), hashPassword("same")]);
    expect(a).not.toBe(b);
  });

  it("verifies the right password and refuses a wrong one", async () => {
    const hash = await hashPassword("correct-horse");
    expect(await verifyPassword("correct-horse", hash)).toBe(true);
    expect(await verifyPassword("correct-horsE", hash)).toBe(false);
    expect(await verifyPassword("", hash)).toBe(false);
  });

  it("verifies hashes made with other recorded parameters", async () => {
    const hash = await hashPassword("pw", { N: 2 ** 10, r: 8, p: 1 });
    expect(hash.startsWith("scrypt$1024$8$1$")).toBe(true);
    expect(await verifyPassword("pw", hash)).toBe(true);
  });

  it("treats malformed or absurd stored hashes as a mismatch without throwing", async () => {
    for (const stored of ["", "plain", "bcrypt$x", "scrypt$3$8$1$c2FsdA==$a2V5", "scrypt$1073741824$8$1$c2FsdA==$a2V5", "scrypt$1024$8$1$$"]) {
      expect(await verifyPassword("pw", stored), stored).toBe(false);
    }
  });
});
