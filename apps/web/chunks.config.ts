import type { Rolldown } from "vite";

type ChunkingContext = Rolldown.ChunkingContext;

/**
 * The app's own modules grouped by the budgeted pages that show them (`docs/performance.md`, Few
 * files, light headers): a fresh visit of /app gets the signed-in shell as one file, and what
 * it shares with /auth or / as one more, rather than dozens of small files (each costs its
 * response headers on a phone and compresses worse alone). A page never gets a file holding
 * code that it does not load at once: the grouping follows the static imports from each page,
 * name by name through a list of re-exports (a core subpath such as `@focus/core/timer`, or
 * lucide-react's icon list), since a page importing one name from such a list gets only that
 * name's module.
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

/** The pages with a budget besides /app, by the name they give a shared chunk. */
const BUDGET_PAGES = new Map([
  ["pages/LandingPage.tsx", "landing"],
  ["pages/AuthPage.tsx", "auth"],
]);

const SRC = /[\\/]apps[\\/]web[\\/]src[\\/](.+)$/;

/** A list of re-exports: a core subpath's `index.ts`, or lucide-react's list of icons. */
const REEXPORT_LIST = /[\\/]packages[\\/]core[\\/]src[\\/][^\\/]+[\\/]index\.ts$|[\\/]lucide-react[\\/]dist[\\/]esm[\\/]lucide-react\.js$/;

const CORE = /[\\/]packages[\\/]core[\\/]src[\\/]/;

/** A route page's path under `src/`, or null for any other module. */
function pageOf(id: string): string | null {
  const path = SRC.exec(id)?.[1]?.replaceAll("\\", "/");
  return path && (LAYOUT_PAGES.has(path) || path.startsWith("pages/")) ? path : null;
}

/** One static `import … from` / `export … from` / `import "…"` of a module's code. */
interface ImportStatement {
  specifier: string;
  /** The names it takes from the other module (their exported names); "all" for `*` or a default import. */
  imported: Set<string> | "all";
  /** The names it gives its own importers (`export { a as b } from`), "all" for `export *`, empty for an import. */
  exported: Set<string> | "all";
}

const STATEMENT = /(?:^|[\n;])\s*(import|export)\s*(?:([^;'"]*?)\s*from\s*)?["']([^"'\n]+)["']/g;

/** The static imports and re-exports of `code`, in order. */
function statementsOf(code: string): ImportStatement[] {
  const statements: ImportStatement[] = [];
  for (const [, keyword, clause = "", specifier = ""] of code.matchAll(STATEMENT)) {
    const braces = /^\{([^}]*)\}$/.exec(clause.trim());
    const pairs = (braces?.[1] ?? "")
      .split(",")
      .map((part) => part.trim().split(/\s+as\s+/))
      .filter((pair) => pair[0]);
    const names = (side: 0 | 1) => new Set(pairs.map((pair) => (side === 1 ? pair[1] ?? pair[0] : pair[0]) ?? ""));
    const plain = clause.trim() === "";
    const imported = plain && keyword === "import" ? new Set<string>() : braces ? names(0) : "all";
    const exported = keyword === "export" ? (braces ? names(1) : "all") : new Set<string>();
    statements.push({ specifier, imported, exported });
  }
  return statements;
}

/**
 * What module `importer` takes from module `target` and passes on: its statements about
 * `target` matched by order (a module's imported ids follow its statements' specifiers), or
 * null when that cannot be told (then everything is assumed taken).
 */
function statementsAbout(importer: string, target: string, ctx: ChunkingContext): ImportStatement[] | null {
  const info = ctx.getModuleInfo(importer);
  if (!info?.code) return null;
  const statements = statementsOf(info.code);
  const specifiers = [...new Set(statements.map((statement) => statement.specifier))];
  // A helper the bundler adds after the module's own imports (`\0vite/preload-helper.js` for `import()`).
  const ids = [...info.importedIds];
  while (ids.length > specifiers.length && ids.at(-1)?.startsWith("\0")) ids.pop();
  if (specifiers.length !== ids.length) return null;
  const specifier = specifiers[ids.indexOf(target)];
  return specifier === undefined ? null : statements.filter((statement) => statement.specifier === specifier);
}

/** The names list `list` exports from its module `from`; "all" when that cannot be told. */
function namesPassedOn(list: string, from: string, ctx: ChunkingContext): Set<string> | "all" {
  const statements = statementsAbout(list, from, ctx);
  if (!statements) return "all";
  const names = new Set<string>();
  for (const statement of statements) {
    if (statement.exported === "all") {
      const exports = ctx.getModuleInfo(from)?.exports;
      if (!exports) return "all";
      for (const name of exports) names.add(name);
    } else for (const name of statement.exported) names.add(name);
  }
  return names;
}

/** Whether `importer` takes any of `names` from the list `list`. */
function takesAny(importer: string, list: string, names: Set<string> | "all", ctx: ChunkingContext): boolean {
  if (names === "all" || REEXPORT_LIST.test(importer)) return true;
  const statements = statementsAbout(importer, list, ctx);
  if (!statements) return true;
  return statements.some((statement) => statement.imported === "all" || [...statement.imported].some((name) => names.has(name)));
}

/**
 * Where a module can be loaded from: the route pages (and "entry" for the app's entry) from
 * which a chain of imports reaches it, through a list of re-exports only by a name that list
 * takes from the module on the way. `dynamic` false follows static imports only, and names a
 * part loaded on demand (`import()`) on the way as an origin of its own.
 */
function originsOf(id: string, ctx: ChunkingContext, dynamic: boolean): Set<string> {
  const origins = new Set<string>();
  const seen = new Set<string>([id]);
  const queue: { id: string; from: string | null }[] = [{ id, from: null }];
  for (let step = queue.pop(); step !== undefined; step = queue.pop()) {
    const page = pageOf(step.id);
    const info = ctx.getModuleInfo(step.id);
    if (page) {
      origins.add(page);
      continue;
    }
    if (!info || info.isEntry) {
      origins.add("entry");
      continue;
    }
    if (!dynamic && info.dynamicImporters.length > 0) origins.add(`import(${step.id})`);
    const list = REEXPORT_LIST.test(step.id) && step.from !== null;
    const names = list && step.from !== null ? namesPassedOn(step.id, step.from, ctx) : "all";
    for (const importer of dynamic ? [...info.importers, ...info.dynamicImporters] : info.importers) {
      // Through a list, each way in is its own: which names it passes on depends on where from.
      const key = REEXPORT_LIST.test(importer) ? `${importer}<${step.id}` : importer;
      if (seen.has(key)) continue;
      if (list && info.importers.includes(importer) && !takesAny(importer, step.id, names, ctx)) continue;
      seen.add(key);
      queue.push({ id: importer, from: step.id });
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
 *   would be one per set of importers. A page outside these loads the file whole. Core's
 *   modules stay out of these.
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
  if (shown.has("entry") || users.length === 0 || REEXPORT_LIST.test(id)) name = null;
  // Core has no side effects: a page gets the parts of a core module it uses, statement by
  // statement, which the import graph cannot tell; a file several pages share leaves core out.
  else if (users.length > 1) name = CORE.test(id) ? null : `shared-${users.join("-")}`;
  else if (users[0] === "app" && [...originsOf(id, ctx, true)].every((origin) => LAYOUT_PAGES.has(origin))) name = "shell";
  decided.set(id, name);
  return name;
}
