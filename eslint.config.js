import { readdirSync } from "node:fs";
import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";
import { typeErrors } from "./scripts/eslint/typeErrors.js";

/** Apps never import each other; packages are imported whole. */
const APPS_APART = { group: ["@focus/api", "@focus/web", "@focus/extension"], message: "apps never import each other." };
const CORE_WHOLE = { group: ["@focus/core/src/*"], message: "Import @focus/core, not its internals." };


// Core's floors (docs/architecture.md), lowest first: a folder of packages/core/src (or a file at
// its top, `constants.ts`) imports only from folders on lower floors and from itself, so no
// two folders import each other. Checked on resolved paths (relative, re-exported and dynamic
// imports alike) by import-x's no-restricted-paths, with no-cycle for cycles between files.
export const CORE_FLOORS = [
  ["constants.ts", "format.ts"],
  ["schemas", "audio"],
  ["days"],
  ["stats", "tasks", "subscription", "push", "cancellation", "planSelection"],
  ["timer", "audioPlayer"],
  ["rooms", "protocol"],
];
const CORE_SRC = "packages/core/src";

/** One zone per core folder: the folders on its own floor and above it are closed to it. */
function coreFloorZones() {
  const placed = CORE_FLOORS.flat();
  const unplaced = readdirSync(new URL(`./${CORE_SRC}`, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() || /^[^.]+\.ts$/.test(entry.name))
    .map((entry) => entry.name)
    .filter((name) => !placed.includes(name));
  if (unplaced.length > 0) throw new Error(`${CORE_SRC}: put ${unplaced.join(", ")} on one of CORE_FLOORS (eslint.config.js)`);
  return CORE_FLOORS.flatMap((floor, index) =>
    floor.map((name) => {
      const above = CORE_FLOORS.slice(index).flat().filter((other) => other !== name);
      return {
        target: `${CORE_SRC}/${name}`,
        from: above.map((other) => `${CORE_SRC}/${other}`),
        message: `core's ${name} is on floor ${index} and imports only from lower floors: ${CORE_FLOORS.slice(0, index).flat().join(", ") || "none"} (eslint.config.js CORE_FLOORS, docs/architecture.md).`,
      };
    }),
  );
}

/**
 * The API's floors (docs/architecture.md, the API's boundaries), checked on resolved files, so a
 * relative path, a `../../x` path and a dynamic `import()` count alike: each entry names a part
 * of apps/api/src and the only parts it may import besides itself (@focus/core and packages are
 * outside src and always allowed). Together they form no loop: routes → plugins → adapters
 * (live, push, mail, audio) → domain → security → repositories → db, with env (configuration)
 * read by the outer parts only and httpError.ts below everything.
 */
const API_SRC = "apps/api/src";
const API_ADAPTERS = ["live", "push", "mail", "audio"];
const API_FLOORS = [
  {
    part: "routes",
    may: ["plugins", ...API_ADAPTERS, "domain", "env.ts", "httpError.ts"],
    why: "routes reach data through domain functions, never repositories or db (docs/architecture.md).",
  },
  { part: "plugins", may: [...API_ADAPTERS, "domain", "security", "repositories", "db", "env.ts", "httpError.ts"], why: "plugins wire the parts below them and never import routes." },
  ...API_ADAPTERS.map((adapter) => ({
    part: adapter,
    may: ["domain", "security", "repositories", "db", "env.ts", "httpError.ts"],
    why: "an adapter never imports routes, plugins or another adapter: the app wires them (docs/architecture.md).",
  })),
  { part: "env.ts", may: ["security", "db", "httpError.ts"], why: "configuration reads no floor above security." },
  { part: "logger.ts", may: ["env.ts"], why: "the logger reads the configuration only." },
  {
    part: "domain",
    may: ["security", "repositories", "db", "httpError.ts"],
    why: "domain never imports routes, plugins, configuration or an adapter (live, push, mail, audio): it calls adapters through the ports of domain/ports.ts (docs/architecture.md).",
  },
  { part: "security", may: ["repositories", "db", "httpError.ts"], why: "security sits below domain: it imports repositories and db only." },
  { part: "repositories", may: ["db"], why: "repositories import only db (and @focus/core)." },
  { part: "db", may: [], why: "db imports nothing else of the API." },
  { part: "httpError.ts", may: [], why: "httpError.ts imports nothing of the API, so every floor may throw it." },
];

/** The parts of apps/api/src: its folders and its top-level files. */
function apiParts() {
  return readdirSync(new URL(`./${API_SRC}`, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() || entry.name.endsWith(".ts"))
    .map((entry) => entry.name);
}

/**
 * `import-x/no-restricted-paths` zones: each floor may import its own part and `may`; every
 * other part of apps/api/src (one added later too) is refused.
 */
function apiFloorZones() {
  const parts = apiParts();
  return API_FLOORS.map(({ part, may, why }) => ({
    target: `${API_SRC}/${part}`,
    from: parts.filter((other) => other !== part && !may.includes(other)).map((other) => `${API_SRC}/${other}`),
    message: `${part} may import only ${may.length > 0 ? may.join(", ") : "itself"}: ${why}`,
  }));
}

/**
 * The web app's layers (docs/architecture.md), checked on resolved files like the API's floors, so
 * `@/…`, `../settings/…` and a dynamic `import()` count alike. Lowest first: lib and components
 * (shared) → runtime (current user, live connection, server clock, timer actor, outbox, audio
 * engine, the client state several features share) → features/<name> (screens; a feature
 * imports no other feature) → app (the shell and the screens that put features together) →
 * pages (routes' screens, which may use the app's shell) → the modules at the top of src (entry,
 * route table). src/test (the tests' harness) is no layer: any test may use it.
 */
const WEB_SRC = "apps/web/src";
const WEB_LAYERS = ["lib", "components", "runtime", "features", "app", "pages"];

/** Names in apps/web/src/`folder`: its folders, or with `files` its .ts and .tsx files. */
function webEntries(folder, files = false) {
  return readdirSync(new URL(`./${WEB_SRC}/${folder}`, import.meta.url), { withFileTypes: true })
    .filter((entry) => (files ? entry.isFile() && /\.tsx?$/.test(entry.name) : entry.isDirectory()))
    .map((entry) => entry.name);
}

/** `import-x/no-restricted-paths` zones of the web app's layers (see WEB_LAYERS). */
function webLayerZones() {
  const unplaced = webEntries("").filter((name) => name !== "test" && !WEB_LAYERS.includes(name));
  if (unplaced.length > 0) throw new Error(`${WEB_SRC}: put ${unplaced.join(", ")} in WEB_LAYERS (eslint.config.js)`);
  const top = webEntries("", true).map((name) => `${WEB_SRC}/${name}`);
  const dirs = (...names) => names.map((name) => `${WEB_SRC}/${name}`);
  const features = webEntries("features");
  return [
    {
      target: dirs("lib", "components"),
      from: [...dirs("runtime", "features", "app", "pages"), ...top],
      message: "lib and components are shared: they import no runtime, feature, app or page (docs/architecture.md).",
    },
    {
      target: dirs("runtime"),
      from: [...dirs("features", "app", "pages"), ...top],
      message: "runtime sits below the features: it imports no feature, app or page (docs/architecture.md).",
    },
    ...features.map((feature) => ({
      target: `${WEB_SRC}/features/${feature}`,
      from: [...features.filter((other) => other !== feature).map((other) => `${WEB_SRC}/features/${other}`), ...dirs("app", "pages"), ...top],
      message: `a feature imports no other feature, app or page: share state through runtime/, and let app/ or a page put features together (features/${feature}; docs/architecture.md).`,
    })),
    {
      target: dirs("app"),
      from: [...dirs("pages"), ...top],
      message: "app imports no page: pages use the app's shell, never the other way (docs/architecture.md).",
    },
    { target: dirs("pages"), from: top, message: "a page imports none of the modules at the top of src (entry, route table): they import the pages." },
  ];
}

/** Lint config. The one rule that matters most: packages/core stays platform-free. */
export default tseslint.config(
  { ignores: ["**/dist/**", "**/node_modules/**", "**/.turbo/**", "data/**", "test-output/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    // Promise mistakes need type information: a promise nobody awaits or handles (its
    // rejection lost), or one passed where a void callback is expected. Every TS file belongs
    // to its package's tsconfig.json; the few outside one get a default project.
    files: ["**/*.{ts,tsx,mts,cts}"],
    languageOptions: {
      parserOptions: {
        projectService: {
          allowDefaultProject: ["vitest.config.ts", "test/*.ts", "packages/audio/bench/*.ts", "packages/core/tsup.config.ts", "apps/api/tsup.config.ts"],
          defaultProject: "tsconfig.base.json",
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    plugins: { focus: { rules: { "type-errors": typeErrors } } },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": "error",
      "focus/type-errors": ["error", { defaultProject: "tsconfig.base.json" }],
    },
  },
  { files: ["**/*.{js,mjs,cjs}"], ...tseslint.configs.disableTypeChecked },
  { files: ["apps/web/**/*.{ts,tsx}"], ...reactHooks.configs.flat.recommended },
  {
    files: ["scripts/**", "test/**", "apps/*/scripts/**", "e2e/**", "apps/api/**", "**/*.config.{js,ts}"],
    languageOptions: { globals: globals.node },
  },
  {
    files: ["packages/core/**/*.ts"],
    ignores: ["packages/core/**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            { name: "react", message: "packages/core is framework-free (docs/architecture.md)." },
            { name: "react-dom", message: "packages/core is framework-free (docs/architecture.md)." },
          ],
          patterns: [
            { group: ["node:*"], message: "packages/core may not use Node APIs (docs/architecture.md)." },
            { group: ["react/*", "react-dom/*", "@types/chrome", "chrome", "webextension-polyfill"], message: "packages/core is platform-free." },
            { group: ["@focus/api", "@focus/web", "@focus/extension", "../../apps/*"], message: "packages never import apps." },
          ],
        },
      ],
      "no-restricted-globals": [
        "error",
        { name: "window", message: "No DOM in packages/core." },
        { name: "document", message: "No DOM in packages/core." },
        { name: "localStorage", message: "No DOM in packages/core." },
        { name: "chrome", message: "No extension APIs in packages/core." },
        { name: "process", message: "No Node APIs in packages/core." },
      ],
    },
  },
  {
    // Core's floors and cycles, on the paths the imports resolve to (core's tsconfig).
    files: [`${CORE_SRC}/**/*.ts`],
    plugins: { "import-x": importX },
    settings: {
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "packages/core/tsconfig.json" })],
      // no-cycle reads the files an import leads to: core's are TypeScript.
      "import-x/extensions": [".ts"],
    },
    rules: {
      "import-x/no-unresolved": "error",
      "import-x/no-restricted-paths": ["error", { basePath: import.meta.dirname, zones: coreFloorZones() }],
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
    },
  },
  {
    // Core's own scripts (the floors' and exports' report) run on Node.
    files: ["packages/core/scripts/**"],
    languageOptions: { globals: globals.node },
  },
  {
    // e2e uses the workspace packages as any consumer does (root devDependencies), never their
    // sources or another package's node_modules.
    files: ["e2e/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { regex: "^(\\.\\./)+packages/[^/]+/src(/|$)", message: "Import @focus/core (or the package) by name, not its sources." },
            { regex: "(^|/)node_modules/", message: "Import the package by name (a root devDependency), not from another package's node_modules." },
          ],
        },
      ],
    },
  },
  {
    // Every write of recorded sessions goes through their repository, which tells the page cache
    // (apps/api/src/repositories/sessionPageCache.ts); migrations run before anything is cached.
    files: ["apps/api/src/**/*.ts"],
    ignores: ["apps/api/src/repositories/sessions.ts", "apps/api/src/db/migrations/**"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "CallExpression[callee.property.name=/^(insertInto|updateTable|deleteFrom)$/][arguments.0.value='focus_sessions']",
          message: "Write focus_sessions through repositories/sessions.ts, so the session page cache forgets the user's pages.",
        },
      ],
    },
  },
  {
    // The API's floors and no import cycle (API_FLOORS above; docs/architecture.md). Imports are
    // resolved (TypeScript's resolution), so every way of naming a file counts.
    files: ["apps/api/src/**/*.ts"],
    plugins: { "import-x": importX },
    settings: {
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "apps/api/tsconfig.json" })],
      // no-cycle reads the files an import leads to: the API's are TypeScript (without this it
      // followed none of them, and found no cycle).
      "import-x/extensions": [".ts"],
    },
    rules: {
      "import-x/no-restricted-paths": ["error", { basePath: import.meta.dirname, zones: apiFloorZones() }],
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
    },
  },
  {
    // A function (a component, a hook, a handler) fits on a screen: one over 80 lines is split
    // into named parts. Tests, end-to-end runs and benchmarks are left out: a test reads top
    // to bottom.
    files: ["apps/**/src/**/*.{ts,tsx}", "packages/**/src/**/*.ts", "scripts/**/*.{js,mjs,ts}", "apps/*/scripts/**/*.{js,mjs,ts}", "packages/*/scripts/**/*.{js,mjs,ts}"],
    ignores: ["**/*.test.{ts,tsx}", "**/test/**", "e2e/**", "**/bench/**", "bench/**"],
    rules: {
      "max-lines-per-function": ["error", { max: 80, skipBlankLines: true, skipComments: true, IIFEs: true }],
    },
  },
  {
    files: ["apps/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [APPS_APART, CORE_WHOLE] },
      ],
    },
  },
  {
    // The web app's layers and no import cycle (webLayerZones above; docs/architecture.md), on the
    // files imports resolve to (the web app's tsconfig, `@/*` → src/*), tests included.
    files: [`${WEB_SRC}/**/*.{ts,tsx}`],
    plugins: { "import-x": importX },
    settings: {
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "apps/web/tsconfig.json" })],
      // no-cycle reads the files an import leads to: the web app's are TypeScript and TSX.
      "import-x/extensions": [".ts", ".tsx"],
    },
    rules: {
      // An import the resolver cannot follow would pass the zones unseen; Vite's virtual modules
      // (`virtual:pwa-register`) have no file.
      "import-x/no-unresolved": ["error", { ignore: ["^virtual:"] }],
      "import-x/no-restricted-paths": ["error", { basePath: import.meta.dirname, zones: webLayerZones() }],
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
    },
  },
);
