import { z } from "zod";
import { PASSWORD_MIN_LENGTH, USERNAME_MIN_LENGTH } from "../constants";

/** What a new password of spaces (or mostly spaces) is told. */
const BLANK_PASSWORD_MESSAGE = `Password must have at least ${PASSWORD_MIN_LENGTH} characters that are not spaces`;

/** True when `password` has at least PASSWORD_MIN_LENGTH characters other than white space. */
function hasEnoughNonBlank(password: string): boolean {
  return password.replace(/\s/gu, "").length >= PASSWORD_MIN_LENGTH;
}

/** Login form (`docs/product.md`, Limits and validation). */
export const loginFormSchema = z.object({
  usernameOrEmail: z
    .string()
    .trim()
    .min(USERNAME_MIN_LENGTH, "Username or email must be at least 3 characters"),
  password: z.string().min(PASSWORD_MIN_LENGTH, "Password must be at least 6 characters"),
});
export type LoginForm = z.infer<typeof loginFormSchema>;

/** Register form (`docs/product.md`, Limits and validation; mismatch shown on confirmPassword). */
export const registerFormSchema = z
  .object({
    username: z.string().trim().min(USERNAME_MIN_LENGTH, "Username must be at least 3 characters"),
    email: z.email("Please enter a valid email address"),
    password: z.string().min(PASSWORD_MIN_LENGTH, "Password must be at least 6 characters").refine(hasEnoughNonBlank, BLANK_PASSWORD_MESSAGE),
    confirmPassword: z.string().min(PASSWORD_MIN_LENGTH, "Password must be at least 6 characters"),
  })
  .refine((form) => form.password === form.confirmPassword, {
    message: "Passwords don't match",
    path: ["confirmPassword"],
  });
export type RegisterForm = z.infer<typeof registerFormSchema>;

/** Usernames: letters, digits, dot, dash and underscore, 3 to 32 characters. */
const usernameSchema = z
  .string()
  .trim()
  .min(USERNAME_MIN_LENGTH, "Username must be at least 3 characters")
  .max(32, "Username must be at most 32 characters")
  .regex(/^[A-Za-z0-9._-]+$/, "Username may contain only letters, digits, '.', '-' and '_'");

/**
 * New passwords: 6 to 200 characters (the upper bound keeps scrypt's input sane), at least 6 of
 * them not white space. (Common passwords are refused by the server, which holds the list.)
 */
const passwordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, "Password must be at least 6 characters")
  .max(200, "Password must be at most 200 characters")
  .refine(hasEnoughNonBlank, BLANK_PASSWORD_MESSAGE);

/** Body of `POST /api/login` (`docs/api.md`): `username` may hold a username or an email. */
export const loginBodySchema = z.object({
  username: z.string().trim().min(USERNAME_MIN_LENGTH, "Username or email must be at least 3 characters").max(254),
  password: z.string().min(1, "Password is required").max(200),
});

/** Body of `POST /api/register` (`docs/api.md`). */
export const registerBodySchema = z.object({
  username: usernameSchema,
  password: passwordSchema,
  email: z.email("Please enter a valid email address").max(254),
});
export type RegisterBody = z.infer<typeof registerBodySchema>;

/** Body of `PUT /api/user/email` (`docs/api.md`). */
export const updateEmailBodySchema = z.object({
  email: z.email("Please enter a valid email address").max(254),
  /** The account's password: whoever holds a signed-in browser must not be able to take the account over by its email. */
  currentPassword: z.string("Current password is required").min(1, "Current password is required").max(200),
});

/** Body of `PUT /api/user/password` (`docs/api.md`). */
export const updatePasswordBodySchema = z.object({
  currentPassword: z.string().min(1, "Current password is required").max(200),
  newPassword: passwordSchema,
});
