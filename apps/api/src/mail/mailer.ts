/**
 * Outgoing mail through nodemailer's SMTP transport (SMTP_URL, MAIL_FROM; `README.md`,
 * Configuration). One transport per app; each message opens its own connection, which suits
 * a few reset mails an hour.
 *
 * Nothing here logs: nodemailer's own logger stays off (its debug output would show the AUTH
 * exchange), and a failure is described by `mailFailure` with the error's code and the SMTP
 * reply code only, never the message text, the recipient or the connection URL.
 */
import nodemailer from "nodemailer";
import type { MailConfig } from "../env";

/** One mail: a plain-text part and an HTML part. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Sends mail; `close` ends the transport (the app's onClose). */
export interface Mailer {
  /** @throws nodemailer's error when the server cannot be reached or refuses the mail. */
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** Longest waits on the SMTP server, ms: for a connection, its greeting, and any reply. */
const CONNECTION_TIMEOUT_MS = 10_000;
const GREETING_TIMEOUT_MS = 10_000;
const SOCKET_TIMEOUT_MS = 20_000;

/**
 * A mailer for the config: `from` is MAIL_FROM, replies go to `replyTo` (SUPPORT_EMAIL, so
 * "I didn't ask for this" reaches a person).
 */
export function createMailer(config: MailConfig, replyTo: string): Mailer {
  const transport = nodemailer.createTransport(
    {
      url: config.smtpUrl,
      connectionTimeout: CONNECTION_TIMEOUT_MS,
      greetingTimeout: GREETING_TIMEOUT_MS,
      socketTimeout: SOCKET_TIMEOUT_MS,
      logger: false,
      debug: false,
    },
    { from: config.from, replyTo },
  );
  return {
    async send(message) {
      await transport.sendMail(message);
    },
    close() {
      transport.close();
    },
  };
}

/** What a failed send may log: the error's code (e.g. ECONNECTION, EAUTH) and the SMTP reply code. */
export function mailFailure(error: unknown): { code: string; responseCode: number | null } {
  const value = (error ?? {}) as { code?: unknown; responseCode?: unknown };
  return {
    code: typeof value.code === "string" ? value.code : "UNKNOWN",
    responseCode: typeof value.responseCode === "number" ? value.responseCode : null,
  };
}
