import { writeFileSync } from "node:fs";
import { parseAst, type Plugin, type Rolldown } from "vite";

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

type ModuleInfo = NonNullable<ReturnType<ChunkingContext["getModuleInfo"]>>;

/** The bundler's module info, asked once per module (each call copies the module's code out). */
const infos = new Map<string, ModuleInfo | null>();
function moduleInfo(id: string, ctx: ChunkingContext): ModuleInfo | null {
  let info = infos.get(id);
  if (info === undefined) {
    info = ctx.getModuleInfo(id);
    infos.set(id, info);
  }
  return info;
}

/** Each module's statements, parsed once. */
const parsed = new Map<string, ImportStatement[]>();

/**
 * The static imports and re-exports of a module's code, in order, from the bundler's own parser
 * (`parseAst`): `import … from`, `import "…"`, `export { … } from`, `export * from`.
 */
function statementsOf(id: string, code: string): ImportStatement[] {
  const known = parsed.get(id);
  if (known) return known;
  const statements: ImportStatement[] = [];
  for (const node of parseAst(code, { lang: "js" }).body) {
    if (node.type === "ImportDeclaration") {
      const named = node.specifiers.every((s) => s.type === "ImportSpecifier");
      const imported = named ? new Set(node.specifiers.map((s) => (s.type === "ImportSpecifier" ? nameOf(s.imported) : ""))) : "all";
      statements.push({ specifier: node.source.value, imported, exported: new Set() });
    } else if (node.type === "ExportNamedDeclaration" && node.source) {
      const pairs = node.specifiers.map((s) => [nameOf(s.local), nameOf(s.exported)] as const);
      statements.push({ specifier: node.source.value, imported: new Set(pairs.map(([local]) => local)), exported: new Set(pairs.map(([, exported]) => exported)) });
    } else if (node.type === "ExportAllDeclaration") {
      statements.push({ specifier: node.source.value, imported: "all", exported: "all" });
    }
  }
  parsed.set(id, statements);
  return statements;
}

/** An identifier's name, or a string literal's (`export { "a-b" as c }`). */
function nameOf(node: { type: string; name?: string; value?: unknown }): string {
  return node.type === "Identifier" ? (node.name ?? "") : String(node.value);
}

/**
 * What module `importer` takes from module `target` and passes on: its statements about
 * `target` matched by order (a module's imported ids follow its statements' specifiers), or
 * null when that cannot be told (then everything is assumed taken).
 */
function statementsAbout(importer: string, target: string, ctx: ChunkingContext): ImportStatement[] | null {
  return importsOf(importer, ctx)?.get(target) ?? null;
}

/** Each module's statements by the id each names, worked out once; null when they cannot be matched. */
const byTarget = new Map<string, Map<string, ImportStatement[]> | null>();
function importsOf(importer: string, ctx: ChunkingContext): Map<string, ImportStatement[]> | null {
  if (byTarget.has(importer)) return byTarget.get(importer) ?? null;
  const info = moduleInfo(importer, ctx);
  let result: Map<string, ImportStatement[]> | null = null;
  if (info?.code) {
    const statements = statementsOf(importer, info.code);
    const specifiers = [...new Set(statements.map((statement) => statement.specifier))];
    // A helper the bundler adds after the module's own imports (`\0vite/preload-helper.js` for `import()`).
    const ids = [...info.importedIds];
    while (ids.length > specifiers.length && ids.at(-1)?.startsWith("\0")) ids.pop();
    if (specifiers.length === ids.length) {
      result = new Map(ids.map((id, index) => [id, statements.filter((statement) => statement.specifier === specifiers[index])]));
    }
  }
  byTarget.set(importer, result);
  return result;
}

/** The names list `list` exports from its module `from`; "all" when that cannot be told. */
function namesPassedOn(list: string, from: string, ctx: ChunkingContext): Set<string> | "all" {
  const statements = statementsAbout(list, from, ctx);
  if (!statements) return "all";
  const names = new Set<string>();
  for (const statement of statements) {
    if (statement.exported === "all") {
      const exports = moduleInfo(from, ctx)?.exports;
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

/** Where each module that is not a list can be loaded from, by `dynamic`: its walk is the same however it was reached. */
const originsKnown = [new Map<string, Set<string>>(), new Map<string, Set<string>>()] as const;

/**
 * Where a module can be loaded from: the route pages (and "entry" for the app's entry) from
 * which a chain of imports reaches it, through a list of re-exports only by a name that list
 * takes from the module on the way. `dynamic` false follows static imports only, and names a
 * part loaded on demand (`import()`) on the way as an origin of its own.
 */
function originsOf(id: string, ctx: ChunkingContext, dynamic: boolean): Set<string> {
  const known = originsKnown[dynamic ? 1 : 0];
  const cached = known.get(id);
  if (cached) return cached;
  const origins = new Set<string>();
  const seen = new Set<string>([id]);
  const queue: { id: string; from: string | null }[] = [{ id, from: null }];
  for (let step = queue.pop(); step !== undefined; step = queue.pop()) {
    const page = pageOf(step.id);
    const info = moduleInfo(step.id, ctx);
    if (page) {
      origins.add(page);
      continue;
    }
    if (!info || info.isEntry) {
      origins.add("entry");
      continue;
    }
    const isList = REEXPORT_LIST.test(step.id);
    const reached = isList ? undefined : known.get(step.id);
    if (reached) {
      for (const origin of reached) origins.add(origin);
      continue;
    }
    if (!dynamic && info.dynamicImporters.length > 0) origins.add(`import(${step.id})`);
    const list = isList && step.from !== null;
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
  if (!REEXPORT_LIST.test(id)) known.set(id, origins);
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

/** What `timedPageChunk` writes: the grouping callback's calls in one build and the time inside them. */
export interface ChunkGroupingTiming {
  callback: "chunk grouping";
  calls: number;
  /** Wall time inside the calls, summed, ms (the callback is synchronous, so none overlap). */
  ms: number;
}

/**
 * `pageChunk` timed, for `pnpm bench` (its web build step, `scripts/bench.mjs`): the callback to
 * give `codeSplitting` in its place, and a plugin that writes the calls so far and the time spent
 * in them (`ChunkGroupingTiming`, JSON) into `file` once the client bundle is written.
 */
export function timedPageChunk(file: string): { pageChunk: typeof pageChunk; plugin: Plugin } {
  const timing: ChunkGroupingTiming = { callback: "chunk grouping", calls: 0, ms: 0 };
  return {
    pageChunk(id, ctx) {
      const start = performance.now();
      try {
        return pageChunk(id, ctx);
      } finally {
        timing.ms += performance.now() - start;
        timing.calls++;
      }
    },
    plugin: {
      name: "focus-chunk-grouping-timing",
      // The client build only: the landing's prerender builds again for Node with this config.
      apply: (_config, env) => env.command === "build" && !env.isSsrBuild,
      writeBundle() {
        writeFileSync(file, `${JSON.stringify(timing)}\n`);
      },
    },
  };
}
