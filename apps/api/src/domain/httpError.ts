/**
 * An error with an HTTP status whose message is safe to show the client
 * (DESIGN.md §3 Errors). The error handler answers `{ message }` with `statusCode`.
 */
export class HttpError extends Error {
  override name = "HttpError";
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

/** 401 `{ message: "Not authenticated" }`. */
export const notAuthenticated = () => new HttpError(401, "Not authenticated");
