/**
 * The reset mail (`docs/product.md`, Forgotten password): who asked, the link, how long it
 * works, and that ignoring it is safe; a plain-text part and a simple HTML part saying the same.
 */
import { PASSWORD_RESET_LINK_MINUTES } from "@focus/core/schemas";
import type { MailMessage } from "./mailer";

/** Subject of every reset mail. */
export const PASSWORD_RESET_SUBJECT = "Reset your Focus Flow password";

/** Escapes text for HTML element content and double-quoted attributes. */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);
}

/** The mail to `to` for the account `username`, with the reset link `url` (absolute). */
export function passwordResetMail(to: string, username: string, url: string): MailMessage {
  const minutes = PASSWORD_RESET_LINK_MINUTES;
  const text = [
    `Hi ${username},`,
    "",
    `Someone asked to reset the password of your Focus Flow account "${username}" on the sign-in page, by typing its username or email. If that was you, open this link to choose a new password:`,
    "",
    url,
    "",
    `The link works once, for the next ${minutes} minutes. Using it signs you out of Focus Flow on your other browsers and devices.`,
    "",
    "Didn't ask? You can ignore this mail. Your password stays as it is, and the link stops working by itself.",
    "",
    "Focus Flow",
    "",
  ].join("\n");
  const name = escapeHtml(username);
  const href = escapeHtml(url);
  const html = `<!doctype html>
<html lang="en">
<body style="margin:0;padding:24px;background:#f6f7f9;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#1f2937;line-height:1.5">
<div style="max-width:480px;margin:0 auto;background:#ffffff;border-radius:12px;padding:28px">
<p style="margin:0 0 16px">Hi ${name},</p>
<p style="margin:0 0 16px">Someone asked to reset the password of your Focus Flow account <strong>${name}</strong> on the sign-in page, by typing its username or email. If that was you, choose a new password here:</p>
<p style="margin:0 0 20px"><a href="${href}" style="display:inline-block;background:#4f46e5;color:#ffffff;text-decoration:none;font-weight:600;padding:12px 20px;border-radius:8px">Choose a new password</a></p>
<p style="margin:0 0 16px;font-size:14px;color:#4b5563">The link works once, for the next ${minutes} minutes. Using it signs you out of Focus Flow on your other browsers and devices. If the button does not work, copy this address into your browser:<br><a href="${href}" style="color:#4f46e5;word-break:break-all">${href}</a></p>
<p style="margin:0 0 16px">Didn't ask? You can ignore this mail. Your password stays as it is, and the link stops working by itself.</p>
<p style="margin:0;color:#4b5563">Focus Flow</p>
</div>
</body>
</html>
`;
  return { to, subject: PASSWORD_RESET_SUBJECT, text, html };
}
