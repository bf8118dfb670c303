/**
 * The one error handler (`docs/api.md`, Errors): always JSON `{ message }`, plus `issues` for
 * validation errors (400, message = first issue's). Bad input is 4xx, never 500; a 5xx is
 * logged and answered without details.
 */
import type { FastifyError } from "fastify";
import fp from "fastify-plugin";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { HttpError } from "../httpError";

/** Client-facing messages for Fastify's own 4xx errors. */
const MESSAGES: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: "Request body is not valid JSON" },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: "Request body is empty but Content-Type is application/json" },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 400, message: "Content-Type must be application/json" },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, message: "Content-Length does not match the body" },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: "Request body is too large" },
};

/** A validation issue as the client sees it: `path` like `settings.focusDuration`. */
export interface Issue {
  path: string;
  message: string;
}

export default fp(
  async (fastify) => {
    fastify.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
      if (hasZodFastifySchemaValidationErrors(error)) {
        const issues: Issue[] = error.validation.map((issue) => ({
          path: issue.instancePath.replace(/^\//, "").replaceAll("/", "."),
          message: issue.message ?? "Invalid value",
        }));
        return reply.code(400).send({ message: issues[0]?.message ?? "Invalid request", issues });
      }
      if (error instanceof HttpError) {
        if (error.retryAfterS !== undefined) reply.header("retry-after", String(error.retryAfterS));
        return reply.code(error.statusCode).send({ message: error.message });
      }
      const known = "code" in error ? MESSAGES[error.code] : undefined;
      if (known) return reply.code(known.status).send({ message: known.message });

      const status = typeof error.statusCode === "number" ? error.statusCode : 500;
      if (status >= 400 && status < 500) {
        return reply.code(status).send({ message: error.message || "Bad request" });
      }
      request.log.error({ err: error }, "request failed");
      return reply.code(500).send({ message: "Internal Server Error" });
    });
  },
  { name: "error-handler" },
);
