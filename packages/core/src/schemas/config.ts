import { z } from "zod";

/**
 * Response of `GET /api/config`: the server's public configuration, the part the web app needs
 * before anyone logs in. `interviewUrl` is INTERVIEW_URL, the scheduling page of the interview
 * promotion, or null when the server has none.
 */
export const publicConfigSchema = z.object({ interviewUrl: z.url({ protocol: /^https?$/ }).nullable() });
export type PublicConfig = z.infer<typeof publicConfigSchema>;
