/**
 * An SMTP server in the test process (smtp-server) that keeps every mail it receives, parsed
 * by mailparser: the API under test sends real mail to it through SMTP_URL. Plain SMTP on
 * loopback, no STARTTLS; AUTH is accepted and recorded when the URL carries credentials.
 * Also used by the e2e test `e2e/passwordReset.e2e.ts`.
 */
import type { AddressInfo } from "node:net";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

/** A received mail, as a reader sees it. */
export interface SinkMail {
  /** The recipient addresses of the envelope. */
  to: string[];
  from: string;
  replyTo: string;
  subject: string;
  text: string;
  html: string;
}

export interface SmtpSink {
  /** `smtp://[user:password@]127.0.0.1:<port>` for SMTP_URL. */
  url: (credentials?: { user: string; password: string }) => string;
  port: number;
  /** Every mail received so far, oldest first. */
  mails: SinkMail[];
  /** Usernames that authenticated. */
  logins: string[];
  /** The next mail to `to` not yet taken by this call (waits up to `timeoutMs`). */
  nextMailTo(to: string, timeoutMs?: number): Promise<SinkMail>;
  close(): Promise<void>;
}

/** Starts a sink on a free loopback port. */
export async function startSmtpSink(): Promise<SmtpSink> {
  const mails: SinkMail[] = [];
  const logins: string[] = [];
  const taken = new Set<SinkMail>();
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    disabledCommands: ["STARTTLS"],
    authOptional: true,
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      logins.push(auth.username ?? "");
      callback(null, { user: auth.username });
    },
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (parsed) => {
          mails.push({
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            from: parsed.from?.text ?? "",
            replyTo: parsed.replyTo?.text ?? "",
            subject: parsed.subject ?? "",
            text: parsed.text ?? "",
            html: typeof parsed.html === "string" ? parsed.html : "",
          });
          for (const wake of waiters) wake();
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    mails,
    logins,
    url: (credentials) =>
      credentials
        ? `smtp://${encodeURIComponent(credentials.user)}:${encodeURIComponent(credentials.password)}@127.0.0.1:${port}`
        : `smtp://127.0.0.1:${port}`,
    nextMailTo: (to, timeoutMs = 5000) =>
      new Promise((resolve, reject) => {
        const take = () => {
          const mail = mails.find((m) => !taken.has(m) && m.to.includes(to));
          if (!mail) return false;
          taken.add(mail);
          clearTimeout(timer);
          waiters.delete(take);
          resolve(mail);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(take);
          reject(new Error(`no mail to ${to} within ${timeoutMs} ms (received: ${mails.map((m) => m.to.join(",")).join("; ") || "none"})`));
        }, timeoutMs);
        if (!take()) waiters.add(take);
      }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The reset link of a reset mail's plain-text part, and its token (after `#`). */
export function resetLinkOf(mail: SinkMail): { url: string; token: string } {
  const url = /https?:\/\/\S+\/reset-password#[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
  if (!url) throw new Error(`no reset link in the mail:\n${mail.text}`);
  return { url, token: url.slice(url.indexOf("#") + 1) };
}
