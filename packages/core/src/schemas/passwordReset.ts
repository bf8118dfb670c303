import { z } from "zod";
import { loginBodySchema, loginFormSchema, registerBodySchema, registerFormSchema } from "./auth";
import { userSchema } from "./user";

/**
 * Password reset (`docs/product.md`, Forgotten password; routes in `docs/api.md`): the bodies,
 * answers and words shared by the API and the web app.
 */

/** How long a reset link works, minutes. */
export const PASSWORD_RESET_LINK_MINUTES = 30;
/** Reset mails one account is sent at most per hour (counted from the stored links). */
export const PASSWORD_RESET_MAILS_PER_HOUR = 3;
/** The web app's page a reset link opens; the token follows in the fragment (`#<token>`). */
export const PASSWORD_RESET_PATH = "/reset-password";

/**
 * What `POST /api/password-reset/request` answers, whether or not an account matches, and also
 * when that account has had its mails for the hour.
 */
export const PASSWORD_RESET_SENT_MESSAGE = `If an account matches, we've sent a link to its email. It works for ${PASSWORD_RESET_LINK_MINUTES} minutes.`;
/** What the same route answers when the server has no SMTP_URL (no mail can leave it). */
export const PASSWORD_RESET_NO_MAIL_MESSAGE =
  "This Focus Flow server can't send email. Ask the person who runs it for a reset link: they can make one for you from the admin page.";
/** What a link that is unknown, used or older than 30 minutes gets (410), one message for all three. */
export const PASSWORD_RESET_INVALID_MESSAGE = `This reset link doesn't work anymore. A link works once, for ${PASSWORD_RESET_LINK_MINUTES} minutes. Ask for a new one.`;

/** A reset token as the link carries it: 32 random bytes, base64url (43 characters). */
export const passwordResetTokenSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{43}$/, PASSWORD_RESET_INVALID_MESSAGE);

/** Body of `POST /api/password-reset/request`: the account's username or email, as sign-in takes it. */
export const passwordResetRequestBodySchema = z.object({ login: loginBodySchema.shape.username });

/** Body of `POST /api/password-reset/check`: is this link still good? */
export const passwordResetCheckBodySchema = z.object({ token: passwordResetTokenSchema });

/** Answer of `POST /api/password-reset/check`: until when the link works (ISO 8601 UTC). */
export const passwordResetCheckResponseSchema = z.object({ expiresAt: z.string() });

/** Body of `POST /api/password-reset/complete`: the token and the new password (registration's rules). */
export const passwordResetCompleteBodySchema = z.object({
  token: passwordResetTokenSchema,
  password: registerBodySchema.shape.password,
});

/** Answer of `POST /api/password-reset/complete`: the user, now signed in on this browser. */
export const passwordResetCompleteResponseSchema = z.object({ user: userSchema });

/** Answer of `GET /api/password-reset`: whether this server sends reset links by email (SMTP_URL set). */
export const passwordResetOptionsSchema = z.object({ byEmail: z.boolean() });
export type PasswordResetOptions = z.infer<typeof passwordResetOptionsSchema>;

/**
 * Answer of `POST /api/admin/users/:userId/reset-link`: the link to hand to the user, absolute
 * when the server knows its PUBLIC_ORIGIN, else the path (the admin's page adds its own origin),
 * and when it stops working (ISO 8601 UTC).
 */
export const adminResetLinkResponseSchema = z.object({ url: z.string(), expiresAt: z.string() });
export type AdminResetLink = z.infer<typeof adminResetLinkResponseSchema>;

/** The "Forgot password?" form: one field, the username or email, checked as sign-in checks it. */
export const forgotPasswordFormSchema = z.object({ login: loginFormSchema.shape.usernameOrEmail });

/** The new-password form of a reset link: registration's password and confirmation rules and words. */
export const resetPasswordFormSchema = z
  .object({
    password: registerFormSchema.shape.password,
    confirmPassword: registerFormSchema.shape.confirmPassword,
  })
  .refine((form) => form.password === form.confirmPassword, {
    message: "Passwords don't match",
    path: ["confirmPassword"],
  });
