/**
 * Server configuration from environment variables (`docs/architecture.md`).
 * This is the only module that reads `process.env`.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { registerBodySchema, SHIELD_OFF_AFTER_MS } from "@focus/core/schemas";
import { z } from "zod";
import type { DatabaseConfig } from "./db/connection";
import { SESSION_CACHE_MS } from "./security/loginSessions";
import { MAX_SCRYPT_COST, SCRYPT_PARAMS } from "./security/password";

/** Pino levels accepted by `LOG_LEVEL`. */
export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** How the log is written (`LOG_FORMAT`): pino's JSON lines, or pino-pretty's readable lines. */
export const LOG_FORMATS = ["json", "pretty"] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

/** The validated configuration the app is built from. Paths are absolute. */
export interface Config {
  /** TCP port to listen on (0 picks a free one). */
  port: number;
  host: string;
  /** SQLite (`file`: absolute path of the database file) or PostgreSQL (`url`: a postgres:// URL). */
  database: DatabaseConfig;
  /** Cookie signing secret (32+ characters), or null to use/generate `sessionSecretFile`. */
  sessionSecret: string | null;
  /**
   * Where a generated session secret is kept: `session-secret` next to the SQLite file. Unused
   * with PostgreSQL, which keeps it in the database so every instance shares it (plugins/session.ts).
   */
  sessionSecretFile: string;
  adminUsername: string;
  /** When set, the admin account is created at start if absent. */
  adminPassword: string | null;
  /** The app's public origin (`scheme://host[:port]`, no path), or null to use the request's. */
  publicOrigin: string | null;
  /** Length of the free trial given at registration, days (`docs/product.md`). */
  trialDays: number;
  /** The payment provider's page an upgrade opens, or null: the request is recorded and the team writes. */
  paymentUrl: string | null;
  interviewUrl: string | null;
  /** Where users write for help and hear back about upgrade requests (`docs/product.md`). */
  supportEmail: string;
  /** Directory of the built web app (apps/web/dist by default). */
  webDist: string;
  /** The built extension zip served at /focus-extension.zip (apps/extension/dist by default). */
  extensionZip: string;
  logLevel: LogLevel;
  /** LOG_FORMAT, else readable lines when stdout is a terminal and JSON otherwise. */
  logFormat: LogFormat;
  /** Whether the OpenAPI document and Swagger UI are served at /api/docs (API_DOCS, on by default). */
  apiDocs: boolean;
  /** Fastify `trustProxy`: false (default), true, or a hop count. */
  trustProxy: boolean | number;
  /** The audio library (`packages/audio/README.md`). */
  audio: {
    /** Absolute path of AUDIO_DIR: `<dir>/<mood>/*` tracks, `<dir>/sounds/*` notification sounds. */
    dir: string;
    /** Whether the server renders missing generated files in low-priority worker processes once it listens. */
    render: boolean;
    /** Length of the generated tracks, seconds; null for the catalogue's (15:00). Tests use less. */
    trackSeconds: number | null;
    /** Nice value (0-19) of the render's worker processes from AUDIO_RENDER_NICE; null for the renderer's (19, the lowest priority). */
    renderNice: number | null;
  };
  /**
   * Overload protection (@fastify/under-pressure): the mean event-loop delay
   * over a second above which API requests get 503 with Retry-After, ms; 0 turns the check off.
   */
  overloadMaxEventLoopDelayMs: number;
  /**
   * How long a client may take to send a whole request (headers and body), ms: a drip-fed
   * request is answered 408 and its connection closed after this (REQUEST_TIMEOUT_MS, 30 s).
   */
  requestTimeoutMs: number;
  /**
   * How long a signed-in session read with its user is kept in memory, and on SQLite a page of a
   * user's session list, ms (SESSION_CACHE_MS, 2000; 0 reads both for every request). Changes to
   * the user or the session end the first at once (`security/loginSessions.ts`), changes to the
   * user's recorded sessions the second (`repositories/sessionPageCache.ts`).
   */
  sessionCacheMs: number;
  /**
   * Frames a live connection may send per second after its burst of twice as many
   * (LIVE_FRAMES_PER_SECOND, 10; `docs/api.md`, Live sync). Only a test that floods on purpose
   * raises it.
   */
  liveFramesPerSecond: number;
  /**
   * A room's `room_state` goes out at most once in this many ms (ROOM_STATE_INTERVAL_MS), or
   * null for the default, `ROOM_TRAFFIC_LIMITS.stateIntervalMs` (1 s, `docs/rooms.md`). Only
   * tests shorten it, so a test that waits for a room's next state does not wait a second for each.
   */
  roomStateIntervalMs: number | null;
  /**
   * The Website Shield's watch (`docs/product.md`, Shield off): a paired browser counts as not
   * reporting after `offAfterMs` without a report (SHIELD_OFF_AFTER_MS, 45 s), and the server
   * looks every `checkMs` (SHIELD_CHECK_MS, 15 s). Tests shorten both.
   */
  shield: { offAfterMs: number; checkMs: number };
  /**
   * scrypt cost N for new password hashes (a power of two); the OWASP 2^17 by default. Only the
   * tests lower it (SCRYPT_N), to spare CPU; stored hashes record their own N, so any verifies.
   */
  scryptN: number;
  /**
   * Outgoing mail (password reset links, `docs/product.md`, Forgotten password), or null when
   * SMTP_URL is unset: then no mail is ever sent and the admin hands out reset links.
   */
  mail: MailConfig | null;
  /** Web Push at a session's end (`docs/product.md`, Notifications on a locked phone). */
  push: PushConfig;
}

/** Web Push: the VAPID identity pushes are signed with, and which push endpoints are accepted. */
export interface PushConfig {
  /**
   * VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY (base64url, as `web-push generate-vapid-keys` prints
   * them) and VAPID_SUBJECT (a `mailto:` or `https:` URL), or null when unset: then a key pair is
   * generated at first start and kept in the database (`app_secrets`), shared by every instance.
   */
  vapid: { publicKey: string; privateKey: string; subject: string } | null;
  /**
   * PUSH_ANY_ENDPOINT=on: accept a subscription whose endpoint is on any host (tests and local
   * development; still https). Off by default: only the known push services' hosts
   * (`push/endpoints.ts`), so the server never posts to an address a client chose.
   */
  anyEndpoint: boolean;
}

/** Where and as whom mail is sent. */
export interface MailConfig {
  /** SMTP_URL as given (`smtp://` or `smtps://`, credentials included): never logged, never echoed. */
  smtpUrl: string;
  /** MAIL_FROM: `Name <address>` or a bare address; by default `Focus Flow <no-reply@<PUBLIC_ORIGIN's host>>`. */
  from: string;
}

/** Thrown by `loadConfig` for a bad variable; the message names the variable. */
export class ConfigError extends Error {
  override name = "ConfigError";
}

/** SUPPORT_EMAIL when unset. */
export const DEFAULT_SUPPORT_EMAIL = "support@focusflow.app";

/** The sender name of mails when MAIL_FROM is unset. */
const DEFAULT_MAIL_SENDER = "Focus Flow";

/** Bounds of SCRYPT_N: 2^10 (tests) to the most a stored hash may ask for (2^20). */
const MIN_SCRYPT_N = 2 ** 10;
const MAX_SCRYPT_N = MAX_SCRYPT_COST;
const SCRYPT_N_MESSAGE = `must be a power of two from ${MIN_SCRYPT_N} to ${MAX_SCRYPT_N} (meant for tests; unset in production)`;

/** The built web app, resolved from this file (src/ or dist/ alike sit two levels below apps/). */
const DEFAULT_WEB_DIST = fileURLToPath(new URL("../../web/dist", import.meta.url));
/** The extension's zip (`pnpm build` makes it), resolved the same way. */
const DEFAULT_EXTENSION_ZIP = fileURLToPath(new URL("../../extension/dist/focus-extension.zip", import.meta.url));

const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === "" ? undefined : value), schema.optional());

const httpUrl = z.url({ protocol: /^https?$/, message: "must be an http(s) URL" });

/** `Name <address>` or a bare address, as mail headers write a sender. */
const mailbox = z
  .string()
  .trim()
  .refine((value) => {
    const address = /^[^<>]*<([^<>\s]+)>$/.exec(value)?.[1] ?? value;
    return z.email().safeParse(address).success;
  }, "must be an email address, or a name and an address: Focus Flow <no-reply@focus.example.com>");

const envSchema = z.object({
  PORT: optional(z.coerce.number().int().min(0).max(65535, "must be a port number (0-65535)")),
  HOST: optional(z.string().trim().min(1)),
  DATABASE_URL: optional(z.string().trim()),
  SESSION_SECRET: optional(z.string().min(32, "must be at least 32 characters long")),
  ADMIN_USERNAME: optional(registerBodySchema.shape.username),
  ADMIN_PASSWORD: optional(registerBodySchema.shape.password),
  PUBLIC_ORIGIN: optional(httpUrl),
  TRIAL_DAYS: optional(z.coerce.number().int().min(1).max(3650, "must be a whole number of days (1-3650)")),
  PAYMENT_URL: optional(httpUrl),
  INTERVIEW_URL: optional(httpUrl),
  SUPPORT_EMAIL: optional(z.email("must be an email address")),
  WEB_DIST: optional(z.string().trim().min(1)),
  EXTENSION_ZIP: optional(z.string().trim().min(1)),
  LOG_LEVEL: optional(z.enum(LOG_LEVELS)),
  LOG_FORMAT: optional(z.enum(LOG_FORMATS, { message: "must be json or pretty" })),
  API_DOCS: optional(z.enum(["on", "off"], { message: "must be on or off" })),
  TRUST_PROXY: optional(z.string().trim().regex(/^(true|false|\d+)$/, "must be true, false or a hop count")),
  AUDIO_DIR: optional(z.string().trim().min(1)),
  AUDIO_RENDER: optional(z.enum(["on", "off"], { message: "must be on or off" })),
  AUDIO_TRACK_SECONDS: optional(z.coerce.number().int().min(1).max(3600, "must be whole seconds (1-3600)")),
  AUDIO_RENDER_NICE: optional(z.coerce.number().int("must be a whole number (0-19)").min(0, "must be 0-19").max(19, "must be 0-19")),
  OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: optional(
    z.coerce.number().int().min(0).max(60_000, "must be whole milliseconds (0-60000, 0 turns the check off)"),
  ),
  SHIELD_OFF_AFTER_MS: optional(z.coerce.number().int().min(1000).max(3_600_000, "must be whole milliseconds (1000-3600000)")),
  SHIELD_CHECK_MS: optional(z.coerce.number().int().min(500).max(600_000, "must be whole milliseconds (500-600000)")),
  ROOM_STATE_INTERVAL_MS: optional(z.coerce.number().int().min(10).max(60_000, "must be whole milliseconds (10-60000)")),
  LIVE_FRAMES_PER_SECOND: optional(z.coerce.number().int().min(1).max(100_000, "must be a whole number of frames (1-100000)")),
  REQUEST_TIMEOUT_MS: optional(z.coerce.number().int().min(100).max(600_000, "must be whole milliseconds (100-600000)")),
  SESSION_CACHE_MS: optional(z.coerce.number().int().min(0).max(60_000, "must be whole milliseconds (0-60000, 0 turns the cache off)")),
  SMTP_URL: optional(z.url({ protocol: /^smtps?$/, message: "must be an smtp:// or smtps:// URL, e.g. smtps://user:password@smtp.example.com:465" })),
  MAIL_FROM: optional(mailbox),
  VAPID_PUBLIC_KEY: optional(z.string().trim().regex(/^[A-Za-z0-9_-]{87}$/, "must be a P-256 public key, base64url (87 characters, as web-push generate-vapid-keys prints it)")),
  VAPID_PRIVATE_KEY: optional(z.string().trim().regex(/^[A-Za-z0-9_-]{43}$/, "must be a P-256 private key, base64url (43 characters, as web-push generate-vapid-keys prints it)")),
  VAPID_SUBJECT: optional(z.string().trim().regex(/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/, "must be a mailto: or https: URL, e.g. mailto:support@focus.example.com")),
  PUSH_ANY_ENDPOINT: optional(z.enum(["on", "off"], { message: "must be on or off" })),
  SCRYPT_N: optional(
    z.coerce
      .number()
      .int(SCRYPT_N_MESSAGE)
      .min(MIN_SCRYPT_N, SCRYPT_N_MESSAGE)
      .max(MAX_SCRYPT_N, SCRYPT_N_MESSAGE)
      .refine((n) => (n & (n - 1)) === 0, SCRYPT_N_MESSAGE),
  ),
});

/**
 * Parses `DATABASE_URL`: `sqlite:<path>` / `sqlite://<path>` into an absolute file path, or a
 * `postgres://` / `postgresql://` URL (kept as given, checked to name a host).
 * @throws ConfigError for anything else; a PostgreSQL URL's password is never echoed.
 */
function parseDatabaseUrl(url: string, cwd: string): DatabaseConfig {
  if (/^postgres(ql)?:\/\//i.test(url)) {
    let parsed: URL | null = null;
    try {
      parsed = new URL(url);
    } catch {
      parsed = null;
    }
    if (!parsed || (!parsed.hostname && !parsed.searchParams.get("host"))) {
      throw new ConfigError("Invalid DATABASE_URL: expected postgres://user:password@host:5432/database");
    }
    return { dialect: "postgres", url };
  }
  const match = /^sqlite:(?:\/\/)?(.+)$/i.exec(url);
  if (!match?.[1]) {
    throw new ConfigError(
      `Invalid DATABASE_URL "${url}": expected sqlite:<path> (e.g. sqlite:./data/focus.db) or postgres://user:password@host/database`,
    );
  }
  return { dialect: "sqlite", file: path.resolve(cwd, match[1]) };
}

/** Normalises PUBLIC_ORIGIN to `scheme://host[:port]`; a path is refused. */
function parsePublicOrigin(value: string): string {
  const url = new URL(value);
  if ((url.pathname !== "/" && url.pathname !== "") || url.search || url.hash) {
    throw new ConfigError(`Invalid PUBLIC_ORIGIN "${value}": expected an origin without a path, e.g. https://focus.example.com`);
  }
  return url.origin;
}

/**
 * Builds the configuration from an environment (pure apart from resolving relative paths
 * against `cwd`). Empty strings count as unset. `stdoutIsTerminal` picks the log format when
 * LOG_FORMAT is unset.
 * @throws ConfigError whose message names the offending variable.
 */
export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  cwd = process.cwd(),
  stdoutIsTerminal = process.stdout.isTTY === true,
): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? "environment");
    const raw = env[name];
    // Secrets are never echoed; SMTP_URL carries the mail server's password.
    const shown = name.includes("SECRET") || name.includes("PASSWORD") || name.includes("PRIVATE") || name === "SMTP_URL" ? "" : ` "${raw ?? ""}"`;
    throw new ConfigError(`Invalid ${name}${shown}: ${issue?.message ?? "bad value"}`);
  }
  const e = parsed.data;
  const database = parseDatabaseUrl(e.DATABASE_URL ?? "sqlite:./data/focus.db", cwd);
  const publicOrigin = e.PUBLIC_ORIGIN ? parsePublicOrigin(e.PUBLIC_ORIGIN) : null;
  const trustProxy = e.TRUST_PROXY === undefined || e.TRUST_PROXY === "false"
    ? false
    : e.TRUST_PROXY === "true" ? true : Number(e.TRUST_PROXY);
  return {
    port: e.PORT ?? 3000,
    host: e.HOST ?? "0.0.0.0",
    database,
    sessionSecret: e.SESSION_SECRET ?? null,
    // Next to the SQLite file; PostgreSQL keeps a generated secret in the database instead.
    sessionSecretFile:
      database.dialect === "sqlite"
        ? path.join(path.dirname(database.file), "session-secret")
        : path.resolve(cwd, "data", "session-secret"),
    adminUsername: e.ADMIN_USERNAME ?? "admin",
    adminPassword: e.ADMIN_PASSWORD ?? null,
    publicOrigin,
    trialDays: e.TRIAL_DAYS ?? 14,
    paymentUrl: e.PAYMENT_URL ?? null,
    interviewUrl: e.INTERVIEW_URL ?? null,
    supportEmail: e.SUPPORT_EMAIL ?? DEFAULT_SUPPORT_EMAIL,
    webDist: e.WEB_DIST ? path.resolve(cwd, e.WEB_DIST) : DEFAULT_WEB_DIST,
    extensionZip: e.EXTENSION_ZIP ? path.resolve(cwd, e.EXTENSION_ZIP) : DEFAULT_EXTENSION_ZIP,
    logLevel: e.LOG_LEVEL ?? "info",
    logFormat: e.LOG_FORMAT ?? (stdoutIsTerminal ? "pretty" : "json"),
    apiDocs: e.API_DOCS !== "off",
    trustProxy,
    audio: {
      dir: path.resolve(cwd, e.AUDIO_DIR ?? "./data/audio"),
      render: e.AUDIO_RENDER !== "off",
      trackSeconds: e.AUDIO_TRACK_SECONDS ?? null,
      renderNice: e.AUDIO_RENDER_NICE ?? null,
    },
    overloadMaxEventLoopDelayMs: e.OVERLOAD_MAX_EVENT_LOOP_DELAY_MS ?? 1000,
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS ?? 30_000,
    sessionCacheMs: e.SESSION_CACHE_MS ?? SESSION_CACHE_MS,
    liveFramesPerSecond: e.LIVE_FRAMES_PER_SECOND ?? 10,
    roomStateIntervalMs: e.ROOM_STATE_INTERVAL_MS ?? null,
    shield: { offAfterMs: e.SHIELD_OFF_AFTER_MS ?? SHIELD_OFF_AFTER_MS, checkMs: e.SHIELD_CHECK_MS ?? 15_000 },
    scryptN: e.SCRYPT_N ?? SCRYPT_PARAMS.N,
    mail: mailConfig(e.SMTP_URL, e.MAIL_FROM, publicOrigin),
    push: { vapid: vapidConfig(e.VAPID_PUBLIC_KEY, e.VAPID_PRIVATE_KEY, e.VAPID_SUBJECT), anyEndpoint: e.PUSH_ANY_ENDPOINT === "on" },
  };
}

/**
 * The VAPID identity from VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT: all three, or
 * none (null: a generated pair is used).
 * @throws ConfigError when only some are set.
 */
function vapidConfig(publicKey: string | undefined, privateKey: string | undefined, subject: string | undefined): PushConfig["vapid"] {
  if (publicKey === undefined && privateKey === undefined && subject === undefined) return null;
  if (publicKey === undefined || privateKey === undefined || subject === undefined) {
    throw new ConfigError(
      "VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT go together: set all three, or none to have a key pair generated and kept in the database",
    );
  }
  return { publicKey, privateKey, subject };
}

/**
 * The mail settings, or null without SMTP_URL. Reset links in mails are built from
 * PUBLIC_ORIGIN only, never from a request's Host header (which whoever sends the request
 * chooses), so SMTP_URL without PUBLIC_ORIGIN stops the start.
 * @throws ConfigError for SMTP_URL without PUBLIC_ORIGIN.
 */
function mailConfig(smtpUrl: string | undefined, from: string | undefined, publicOrigin: string | null): MailConfig | null {
  if (!smtpUrl) return null;
  if (!publicOrigin) {
    throw new ConfigError(
      "SMTP_URL needs PUBLIC_ORIGIN: the links in reset mails are built from it, never from a request's Host header. " +
        "Set PUBLIC_ORIGIN to the address people open Focus Flow at, e.g. https://focus.example.com",
    );
  }
  return { smtpUrl, from: from ?? `${DEFAULT_MAIL_SENDER} <no-reply@${new URL(publicOrigin).hostname}>` };
}
