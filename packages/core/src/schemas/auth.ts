import { z } from "zod";
import { PASSWORD_MIN_LENGTH, USERNAME_MIN_LENGTH } from "../constants";

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
    password: z.string().min(PASSWORD_MIN_LENGTH, "Password must be at least 6 characters"),
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

/** Passwords: 6 to 200 characters (the upper bound keeps scrypt's input sane). */
const passwordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, "Password must be at least 6 characters")
  .max(200, "Password must be at most 200 characters");

/** Body of `POST /api/login` (`docs/api.md`): `username` may hold a username or an email. */
export const loginBodySchema = z.object({
  username: z.string().trim().min(USERNAME_MIN_LENGTH, "Username or email must be at least 3 characters").max(254),
  password: z.string().min(1, "Password is required").max(200),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

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
});

/** Body of `PUT /api/user/password` (`docs/api.md`). */
export const updatePasswordBodySchema = z.object({
  currentPassword: z.string().min(1, "Current password is required").max(200),
  newPassword: passwordSchema,
});
