import type { Rolldown } from "vite";

type ChunkingContext = Rolldown.ChunkingContext;
type ModuleInfo = Rolldown.ModuleInfo;

/**
 * The app's own modules grouped by the budgeted pages that show them (`docs/performance.md`, Few
 * files, light headers): a fresh visit of /app gets the signed-in shell as one file, and what
 * it shares with /auth or / as one more, rather than dozens of small files (each costs its
 * response headers on a phone and compresses worse alone). A page never gets a file holding
 * code that it does not load at once: the grouping follows static imports from each page.
 */

/** The signed-in layout and the pages rendered inside it (the route table in `src/AppRoutes.tsx`). */
const LAYOUT_PAGES = new Set([
  "app/shell/SignedInLayout.tsx",
  "pages/MainPage.tsx",
  "pages/MusicPage.tsx",
  "pages/SettingsPage.tsx",
  "pages/SubscriptionPage.tsx",
  "pages/AdminPage.tsx",
  "pages/ExtensionPage.tsx",
  "pages/LocalAudioPage.tsx",
  "pages/AudioTestPage.tsx",
  "pages/RoomsPage.tsx",
  "pages/RoomPage.tsx",
]);

/** What /app shows at once: the layout and the timer screen. */
const SHELL_ROOTS = new Set(["app/shell/SignedInLayout.tsx", "pages/MainPage.tsx"]);

/** The pages with a budget besides /app, by the letter that names them in a shared chunk. */
const BUDGET_PAGES = new Map([
  ["pages/LandingPage.tsx", "landing"],
  ["pages/AuthPage.tsx", "auth"],
]);

const SRC = /[\\/]apps[\\/]web[\\/]src[\\/](.+)$/;

/**
 * A core subpath's list of re-exports (`@focus/core/timer`...). A page importing one name from
 * it gets only that name's module (core has no side effects), so the import graph through a
 * list overstates what a page loads: a module reached through one is never put in a shared file.
 */
const CORE_LIST = /[\\/]packages[\\/]core[\\/]src[\\/][^\\/]+[\\/]index\.ts$/;

/** A route page's path under `src/`, or null for any other module. */
function pageOf(id: string): string | null {
  const path = SRC.exec(id)?.[1]?.replaceAll("\\", "/");
  return path && (LAYOUT_PAGES.has(path) || path.startsWith("pages/")) ? path : null;
}

/**
 * Where a module can be loaded from: the route pages (and "entry" for the app's entry) from
 * which a chain of imports reaches it. `dynamic` false follows static imports only, and names a
 * part loaded on demand (`import()`) on the way as an origin of its own.
 */
function originsOf(id: string, ctx: ChunkingContext, dynamic: boolean): Set<string> {
  const origins = new Set<string>();
  const seen = new Set<string>([id]);
  const queue = [id];
  for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
    const page = pageOf(next);
    const info: ModuleInfo | null = ctx.getModuleInfo(next);
    if (page) {
      origins.add(page);
      continue;
    }
    if (!info || info.isEntry) {
      origins.add("entry");
      continue;
    }
    if (!dynamic && info.dynamicImporters.length > 0) origins.add(`import(${next})`);
    if (CORE_LIST.test(next)) origins.add("list");
    for (const importer of dynamic ? [...info.importers, ...info.dynamicImporters] : info.importers) {
      if (seen.has(importer)) continue;
      seen.add(importer);
      queue.push(importer);
    }
  }
  return origins;
}

const decided = new Map<string, string | null>();

/**
 * The `codeSplitting` group name of a module (null: left to rolldown's automatic chunks):
 * - "shell": what the signed-in layout and the timer screen load at once, when no page outside
 *   the layout can load it;
 * - "shared-…": what two or three of the budgeted pages (/, /auth, /app) load at once, named by
 *   those pages ("shared-auth-app" holds what /auth and /app both show): one file where there
 *   would be one per set of importers. A page outside these loads the file whole.
 * What the app's entry imports stays in the entry chunk; a part loaded on demand stays apart.
 */
export function pageChunk(id: string, ctx: ChunkingContext): string | null {
  const known = decided.get(id);
  if (known !== undefined) return known;
  const page = pageOf(id);
  const shown = page ? new Set([page]) : originsOf(id, ctx, false);
  const users = [
    ...[...BUDGET_PAGES].filter(([path]) => shown.has(path)).map(([, name]) => name),
    ...([...shown].some((origin) => SHELL_ROOTS.has(origin)) ? ["app"] : []),
  ];
  let name: string | null = null;
  if (shown.has("entry") || users.length === 0) name = null;
  else if (users.length > 1) name = shown.has("list") ? null : `shared-${users.join("-")}`;
  else if (users[0] === "app" && [...originsOf(id, ctx, true)].every((origin) => LAYOUT_PAGES.has(origin))) name = "shell";
  decided.set(id, name);
  return name;
}
