import type { PublicConfig } from "@focus/core/schemas";
import { useSyncExternalStore } from "react";
import { api } from "./api";

/**
 * The server's public configuration (`GET /api/config`, `docs/api.md`): the trial length, the
 * support address, whether upgrades open a payment page, the interview booking page. The server
 * is the one source of these; every screen that names one reads it here, never a constant of its
 * own. Asked once per page load and shared by every screen (the landing page included, so no
 * query client and no zod here: the answer is checked by hand).
 */

/** What the screens use; a field is null while the server has not answered, or when it could not. */
export interface ServerConfig {
  /** The interview booking page (http(s) only), or null. */
  interviewUrl: string | null;
  /** TRIAL_DAYS: the trial a registration gives, in days. */
  trialDays: number | null;
  /** SUPPORT_EMAIL: where users write for help. */
  supportEmail: string | null;
  /** Whether an upgrade opens a payment page (PAYMENT_URL set). */
  paymentConfigured: boolean | null;
}

const UNKNOWN: ServerConfig = { interviewUrl: null, trialDays: null, supportEmail: null, paymentConfigured: null };

/**
 * The trial length the server wrote into the page it sent (`<meta name="focus-trial-days">`, in
 * place of core's PAGE_TRIAL_DAYS_MARK), so a page rendered ahead of time and the app's first
 * render name the same trial before `/api/config` answers; null elsewhere (tests, a page from the
 * service worker's copy, which still has the mark).
 */
function trialDaysInPage(): number | null {
  if (typeof document === "undefined") return null;
  const days = Number(document.querySelector<HTMLMetaElement>('meta[name="focus-trial-days"]')?.content);
  return Number.isInteger(days) && days > 0 ? days : null;
}

let current: ServerConfig = { ...UNKNOWN, trialDays: trialDaysInPage() };
/** The answer once it came (a failed request is not kept: the next screen asks again). */
let answered = false;
let pending: Promise<ServerConfig> | null = null;
const listeners = new Set<() => void>();

/** Keeps the fields of the answer that have the right shape; anything else stays unknown. */
function readConfig(body: unknown): ServerConfig {
  const value = (body && typeof body === "object" ? body : {}) as Partial<Record<keyof PublicConfig, unknown>>;
  const { interviewUrl, trialDays, supportEmail, paymentConfigured } = value;
  return {
    interviewUrl: typeof interviewUrl === "string" && /^https?:\/\//i.test(interviewUrl) ? interviewUrl : null,
    trialDays: typeof trialDays === "number" && Number.isInteger(trialDays) && trialDays > 0 ? trialDays : null,
    supportEmail: typeof supportEmail === "string" && /^[^\s@]+@[^\s@]+$/.test(supportEmail) ? supportEmail : null,
    paymentConfigured: typeof paymentConfigured === "boolean" ? paymentConfigured : null,
  };
}

/**
 * Asks the server once (later calls share the answer) and resolves to the configuration; never
 * rejects: without an answer every field is null.
 */
export function loadPublicConfig(): Promise<ServerConfig> {
  if (answered) return Promise.resolve(current);
  pending ??= api.get<unknown>("/api/config").then(
    (body) => {
      current = readConfig(body);
      answered = true;
      listeners.forEach((listener) => listener());
      return current;
    },
    () => {
      pending = null;
      return current;
    },
  );
  return pending;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  void loadPublicConfig();
  return () => listeners.delete(listener);
}

/** The server's public configuration, asked for on first use; re-renders once it arrives. */
export function usePublicConfig(): ServerConfig {
  return useSyncExternalStore(subscribe, () => current);
}

/**
 * Sets what the screens show before the server answers. For rendering pages ahead of time
 * (`src/prerender.tsx`), which has no server to ask.
 */
export function presetPublicConfig(config: Partial<ServerConfig>): void {
  current = { ...current, ...config };
}

/** Forgets the answer, so the next use asks again. For tests, which each serve their own. */
export function resetPublicConfig(): void {
  current = UNKNOWN;
  answered = false;
  pending = null;
}
