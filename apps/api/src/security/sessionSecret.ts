/** The cookie-signing secret (generated and stored on first start). */
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const SECRET_BYTES = 48;
const MIN_LENGTH = 32;

/**
 * The configured secret, else the one kept in `file`, else a new random one
 * (48 bytes, base64url) written to `file` with mode 0600 for the next start.
 * @throws Error when the file exists but holds a secret shorter than 32 characters.
 */
export function resolveSessionSecret(configured: string | null, file: string): string {
  if (configured) return configured;
  let existing: string | null = null;
  try {
    existing = readFileSync(file, "utf8").trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  if (existing !== null) {
    if (existing.length < MIN_LENGTH) {
      throw new Error(`The session secret in ${file} is shorter than ${MIN_LENGTH} characters; delete it or set SESSION_SECRET`);
    }
    return existing;
  }
  const secret = randomBytes(SECRET_BYTES).toString("base64url");
  mkdirSync(path.dirname(file), { recursive: true });
  try {
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: "wx" });
  } catch (error) {
    // Another process wrote it first: use theirs.
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return readFileSync(file, "utf8").trim();
    throw error;
  }
  return secret;
}
