/**
 * The landing page rendered to HTML at build time (`scripts/prerender.mjs` writes it into
 * `dist/landing.html`, which the server sends for `/`): a phone shows the page before any
 * script has arrived. The markup is what the app itself renders for `/` to a visitor who is not
 * signed in (the skip link, then the page), so the app's first render reuses these nodes
 * (`main.tsx` waits for the page's code first) and nothing on screen moves or repaints.
 */
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToString } from "preact-render-to-string";
import { MemoryRouter } from "react-router-dom";
import { SkipLink } from "@/components/SkipLink";
import { LandingPage } from "@/pages/LandingPage";

/** The landing page's HTML, the `#root` element's content. */
export function renderLanding(): string {
  return renderToString(
    <QueryClientProvider client={new QueryClient()}>
      <SkipLink />
      <MemoryRouter initialEntries={["/"]}>
        <LandingPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
