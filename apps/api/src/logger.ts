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

/**
 * The request fields Fastify logs, with the value of a `token` query parameter hidden (the
 * extension's device token on `/ws/timer?token=…`).
 */
function requestLogFields(request: FastifyRequest) {
  return {
    method: request.method,
    url: request.url.replace(/([?&]token=)[^&#]*/gi, "$1[redacted]"),
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
