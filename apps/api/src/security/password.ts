/**
 * Password hashing with node:crypto scrypt (`docs/api.md`), OWASP parameters
 * (N=2^17, r=8, p=1), 16-byte salt, 64-byte key. Hashes describe themselves:
 * `scrypt$N$r$p$<salt base64>$<key base64>`, so parameters can be raised later
 * without breaking stored hashes.
 *
 * The app sets the cost N of new hashes from its config (SCRYPT_N, `configurePasswordHashing`):
 * the OWASP 2^17 unless a test lowers it to spare CPU.
 *
 * At most HASH_CONCURRENCY hashes are computed at once (each holds a thread of the pool and
 * 128 MiB at the OWASP cost, and a burst of sign-ins must not starve everything else); up to
 * HASH_QUEUE_LIMIT more wait their turn, and beyond that a hash is refused at once with 503 and
 * Retry-After (`docs/api.md`, Errors).
 */
import { randomBytes, scrypt, type ScryptOptions, timingSafeEqual } from "node:crypto";
import pLimit from "p-limit";
import { HttpError } from "../httpError";

export interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

/** OWASP Password Storage Cheat Sheet: scrypt N=2^17, r=8, p=1. */
export const SCRYPT_PARAMS: ScryptParams = { N: 2 ** 17, r: 8, p: 1 };
const SALT_BYTES = 16;
const KEY_BYTES = 64;
/** Upper bounds accepted from a stored hash, so a forged row cannot exhaust memory. */
export const MAX_SCRYPT_COST = 2 ** 20;
const MAX_N = MAX_SCRYPT_COST;
const MAX_R = 32;
const MAX_P = 16;

/** scrypt needs 128·N·r bytes; allow twice that. */
function maxmemFor({ N, r }: ScryptParams): number {
  return 2 * 128 * N * r;
}

/** Hashes computed at once in this process. */
export const HASH_CONCURRENCY = 2;
/** Hashes that may wait for a turn; the next one is refused with PASSWORD_HASHING_BUSY_MESSAGE. */
export const HASH_QUEUE_LIMIT = 32;
/** Seconds a refused caller is told to wait (Retry-After). */
export const HASH_RETRY_AFTER_S = 5;
/** What a sign-in, sign-up or password change refused for a full queue says (503). */
export const PASSWORD_HASHING_BUSY_MESSAGE = "The server is busy, please try again in a few seconds.";

const hashing = pLimit(HASH_CONCURRENCY);

/**
 * scrypt, in turn with the other hashes of the process.
 * @throws HttpError 503 (Retry-After HASH_RETRY_AFTER_S) when HASH_QUEUE_LIMIT hashes already wait.
 */
function derive(password: string, salt: Buffer, keyLength: number, params: ScryptParams): Promise<Buffer> {
  if (hashing.pendingCount >= HASH_QUEUE_LIMIT) {
    return Promise.reject(new HttpError(503, PASSWORD_HASHING_BUSY_MESSAGE, HASH_RETRY_AFTER_S));
  }
  const options: ScryptOptions = { ...params, maxmem: maxmemFor(params) };
  return hashing(
    () =>
      new Promise<Buffer>((resolve, reject) => {
        scrypt(password.normalize("NFKC"), salt, keyLength, options, (error, key) => (error ? reject(error) : resolve(key)));
      }),
  );
}

/** The parameters of new hashes: SCRYPT_PARAMS, or a lower N the app was configured with. */
let configured: ScryptParams = SCRYPT_PARAMS;

/**
 * Sets the cost N of new hashes (and of the dummy hash) for this process, from the app's
 * config (`Config.scryptN`, SCRYPT_N); r and p stay OWASP's. The app calls it when it starts.
 * @throws RangeError unless N is a power of two within what `verifyPassword` accepts.
 */
export function configurePasswordHashing({ N }: { N: number }): void {
  if (!Number.isInteger(N) || N < 2 || N > MAX_N || (N & (N - 1)) !== 0) {
    throw new RangeError(`scrypt N must be a power of two up to ${MAX_N}, got ${N}`);
  }
  configured = { ...SCRYPT_PARAMS, N };
}

/** The parameters new hashes are made with now. */
export function passwordHashParams(): ScryptParams {
  return configured;
}

/** Hashes a password (async, off the event loop; about 0.2-0.4 s at the OWASP cost). */
export async function hashPassword(password: string, params: ScryptParams = configured): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, KEY_BYTES, params);
  return ["scrypt", params.N, params.r, params.p, salt.toString("base64"), key.toString("base64")].join("$");
}

/** Parses a stored hash; null when malformed or out of bounds. */
function parseHash(stored: string): { params: ScryptParams; salt: Buffer; key: Buffer } | null {
  const parts = stored.split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return null;
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  const valid =
    Number.isInteger(N) && N > 1 && N <= MAX_N && (N & (N - 1)) === 0 &&
    Number.isInteger(r) && r >= 1 && r <= MAX_R &&
    Number.isInteger(p) && p >= 1 && p <= MAX_P;
  if (!valid) return null;
  const salt = Buffer.from(parts[4] ?? "", "base64");
  const key = Buffer.from(parts[5] ?? "", "base64");
  if (salt.length === 0 || key.length === 0) return null;
  return { params: { N, r, p }, salt, key };
}

/**
 * True when `password` matches the stored hash (constant-time compare).
 * A malformed hash verifies as false, never throws.
 */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed) return false;
  const key = await derive(password, parsed.salt, parsed.key.length, parsed.params);
  return timingSafeEqual(key, parsed.key);
}

/** The dummy hash, made once per configured N. */
let dummy: { N: number; hash: Promise<string> } | undefined;

/**
 * The hash `verifyAgainstDummy` checks against, made with the configured parameters, so it
 * costs what verifying a freshly stored hash costs.
 */
export function dummyHash(): Promise<string> {
  if (dummy?.N !== configured.N) dummy = { N: configured.N, hash: hashPassword("dummy password for timing equality") };
  return dummy.hash;
}

/**
 * Spends the same time as a real verification, for logins of unknown users, so response
 * time does not reveal whether an account exists. Always resolves false.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  await verifyPassword(password, await dummyHash());
  return false;
}
