/**
 * The server's pino logger options: JSON lines, or pino-pretty's readable lines for a developer at
 * a terminal (LOG_FORMAT, `env.ts`). Both go through the same redaction and serializers, so no
 * cookie, authorization header, password, device token or reset token is ever written, pretty or not.
 */
import { createRequire } from "node:module";
import type { Writable } from "node:stream";
import type { FastifyRequest, FastifyServerOptions } from "fastify";
import type PinoPretty from "pino-pretty";
import type { Config } from "./env";

/** Fields never written to the log. */
export const REDACTED_PATHS = [
  "req.headers.cookie",
  "req.headers.authorization",
  'res.headers["set-cookie"]',
  "password",
  "*.password",
  "*.currentPassword",
  "*.newPassword",
  "*.password_hash",
  "*.passwordHash",
  // Reset tokens (`routes/passwordReset`), should a body or an object holding one be logged.
  "token",
  "*.token",
];

/** Query parameters whose values never reach the log, by their decoded, lower-case name. */
const SECRET_QUERY_PARAMS = new Set(["token"]);

/** `text` percent-decoded as a query string is (`+` a space); as it is when it does not decode. */
function decodedQueryPart(text: string): string {
  try {
    return decodeURIComponent(text.replaceAll("+", " "));
  } catch {
    return text;
  }
}

/**
 * `url` with the value of every secret query parameter hidden (the extension's device token on
 * `/ws/timer?token=…`), whatever the parameter name's spelling (`%74oken`, `TOKEN`): names are
 * read decoded, as the server's query parser reads them.
 */
export function redactedUrl(url: string): string {
  const start = url.indexOf("?");
  if (start < 0) return url;
  const end = url.indexOf("#", start);
  const query = url.slice(start + 1, end < 0 ? undefined : end);
  const parts = query.split("&").map((part) => {
    const name = part.split("=", 1)[0] ?? "";
    return SECRET_QUERY_PARAMS.has(decodedQueryPart(name).trim().toLowerCase()) ? `${name}=[redacted]` : part;
  });
  return `${url.slice(0, start + 1)}${parts.join("&")}${end < 0 ? "" : url.slice(end)}`;
}

/** The request fields Fastify logs, secrets in the query hidden (`redactedUrl`). */
function requestLogFields(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactedUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * pino-pretty, loaded only when asked for: it costs tens of milliseconds to import, which a
 * server logging JSON (production, tests) never pays.
 */
function prettyStream(destination: Writable | undefined) {
  const pretty = createRequire(import.meta.url)("pino-pretty") as typeof PinoPretty;
  return pretty({
    // In the process and synchronous: lines keep their order with what server.ts prints, and
    // none is lost when it exits at once after a failed start.
    sync: true,
    // Colours only for a terminal: a stream given here (a file, a test) gets plain text.
    ...(destination ? { destination, colorize: false } : {}),
    translateTime: "SYS:HH:MM:ss.l",
    ignore: "pid,hostname",
  });
}

/** Fastify's `logger` option for this config; `destination` replaces stdout (tests). */
export function loggerOptions(
  config: Pick<Config, "logLevel" | "logFormat">,
  destination?: Writable,
): NonNullable<FastifyServerOptions["logger"]> {
  const stream = config.logFormat === "pretty" ? prettyStream(destination) : destination;
  return {
    level: config.logLevel,
    redact: { paths: REDACTED_PATHS, censor: "[redacted]" },
    serializers: { req: requestLogFields },
    ...(stream ? { stream } : {}),
  };
}
