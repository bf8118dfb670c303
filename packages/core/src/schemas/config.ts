import { z } from "zod";

/**
 * Response of `GET /api/config` (`docs/api.md`): the server's public configuration, the part the
 * web app needs before anyone logs in.
 * - `interviewUrl`: INTERVIEW_URL, the scheduling page of the interview promotion, or null.
 * - `trialDays`: TRIAL_DAYS, the length of the free trial a registration gives, in days; every
 *   screen that names the trial's length reads it here (`docs/product.md`).
 * - `supportEmail`: SUPPORT_EMAIL, where 'Contact Support' and upgrade requests point.
 * - `paymentConfigured`: whether PAYMENT_URL is set, i.e. whether an upgrade opens a payment page
 *   (otherwise the request is recorded and the team gets in touch).
 */
export const publicConfigSchema = z.object({
  interviewUrl: z.url({ protocol: /^https?$/ }).nullable(),
  trialDays: z.number().int().positive(),
  supportEmail: z.email(),
  paymentConfigured: z.boolean(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
