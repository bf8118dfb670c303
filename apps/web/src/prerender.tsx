/**
 * The pages rendered to HTML at build time (`scripts/prerender.mjs` writes them into `dist/`; the
 * server sends them): the landing page for `/` and the sign-in page for `/auth` (its Register
 * tab, and its Login tab for `/auth?tab=login`), so a phone shows the page before any script has
 * arrived. The markup is what the app itself renders there to a visitor who is not signed in
 * (the skip link, then the page), so the app's first render reuses these nodes (`main.tsx` waits
 * for the page's code first) and nothing on screen moves or repaints. The trial's length is
 * rendered as `trialDays` and replaced by the script with core's PAGE_TRIAL_DAYS_MARK, which the
 * server fills in as it sends the page.
 */
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { renderToString } from "preact-render-to-string";
import { MemoryRouter } from "react-router-dom";
import { SkipLink } from "@/components/SkipLink";
import { presetPublicConfig } from "@/lib/publicConfig";
import { queryKeys } from "@/lib/queryKeys";
import { AuthPage } from "@/pages/AuthPage";
import { LandingPage } from "@/pages/LandingPage";

export { PAGE_TRIAL_DAYS_MARK } from "@focus/core/constants";

/** `page` at `path` as a visitor sees it first: nobody signed in, the trial `trialDays` long. */
function renderAt(path: string, page: ReactNode, trialDays: number): string {
  presetPublicConfig({ trialDays });
  const client = new QueryClient();
  client.setQueryData(queryKeys.me, null);
  return renderToString(
    <QueryClientProvider client={client}>
      <SkipLink />
      <MemoryRouter initialEntries={[path]}>{page}</MemoryRouter>
    </QueryClientProvider>,
  );
}

/** The landing page's HTML, the `#root` element's content. */
export function renderLanding(trialDays: number): string {
  return renderAt("/", <LandingPage />, trialDays);
}

/** The sign-in page's HTML on its Register (`/auth`) or Login (`/auth?tab=login`) tab. */
export function renderAuth(tab: "register" | "login", trialDays: number): string {
  return renderAt(tab === "login" ? "/auth?tab=login" : "/auth", <AuthPage />, trialDays);
}
