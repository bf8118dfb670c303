/**
 * An error with an HTTP status whose message is safe to show the client
 * (`docs/api.md`, Errors). The error handler answers `{ message }` with `statusCode`, and a
 * Retry-After header (seconds) when `retryAfterS` is given. This file imports nothing of the
 * API, so every floor may throw it (`docs/architecture.md`, the API's floors).
 */
export class HttpError extends Error {
  override name = "HttpError";
  constructor(
    readonly statusCode: number,
    message: string,
    readonly retryAfterS?: number,
  ) {
    super(message);
  }
}

/** 401 `{ message: "Not authenticated" }`. */
export const notAuthenticated = () => new HttpError(401, "Not authenticated");

/** 403 for a logged-in user who is not the admin (the 'Access Denied' text). */
export const notAdmin = () => new HttpError(403, "You don't have permission to access this page.");

/** 404 `{ message: "User not found" }`: no user has the id an admin call names. */
export const userNotFound = () => new HttpError(404, "User not found");
