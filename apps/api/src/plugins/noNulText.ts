/**
 * No text with a NUL character reaches a route: a request whose body, query or path parameters
 * hold a string with U+0000 anywhere (nested too) is answered 400 `{ message }` before
 * validation. PostgreSQL cannot store NUL in text (it answered 500 for a login name, device name
 * or cancellation reason holding one), SQLite would store it silently; no field of this API
 * needs it (`docs/api.md`).
 */
import fp from "fastify-plugin";
import { HttpError } from "../httpError";

/** What a refused request says. */
export const NUL_TEXT_MESSAGE = "Text must not contain NUL characters";

/** Whether `value` (a parsed JSON value, query or params object) holds a string with U+0000. */
export function holdsNulText(value: unknown, depth = 0): boolean {
  if (typeof value === "string") return value.includes("\u0000");
  if (depth > 64 || value === null || typeof value !== "object") return false;
  if (Array.isArray(value)) return value.some((item) => holdsNulText(item, depth + 1));
  return Object.entries(value).some(([key, item]) => key.includes("\u0000") || holdsNulText(item, depth + 1));
}

export default fp(
  async (fastify) => {
    fastify.addHook("preValidation", (request, _reply, done) => {
      const refused = holdsNulText(request.params) || holdsNulText(request.query) || holdsNulText(request.body);
      done(refused ? new HttpError(400, NUL_TEXT_MESSAGE) : undefined);
    });
  },
  { name: "no-nul-text" },
);
