// Core's module graph and exports, measured with the TypeScript compiler (no build needed).
//
//   node packages/core/scripts/audit.mjs graph     folder cycles, upward imports, files per subpath
//   node packages/core/scripts/audit.mjs exports   exported names of core and who uses them
//
// Floors: CORE_FLOORS in eslint.config.js, lowest first; a folder imports only from lower floors
// and itself. `graph` exits 1 on a folder cycle or an import that does not go down; `exports`
// exits 1 when an exported name is used by no other file (those used by tests only are listed
// apart), unless KEPT_EXPORTS names it, or when an entry of KEPT_EXPORTS no longer applies.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { CORE_FLOORS } from "../../../eslint.config.js";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");
const CORE = join(ROOT, "packages/core");
const SRC = join(CORE, "src");

/** Core's floors, lowest first, as the lint checks them (eslint.config.js): folder names, or a top file's name without `.ts`. */
const FLOORS = CORE_FLOORS.map((floor) => floor.map((name) => name.replace(/\.ts$/, "")));

const isTest = (file) => /\.test\.tsx?$/.test(file);
const rel = (file) => relative(ROOT, file);
/** A core file's folder: its first directory under src, or the file's name (`constants`). */
const folderOf = (file) => {
  const path = relative(SRC, file);
  return path.includes("/") ? path.split("/")[0] : path.replace(/(\.d)?\.ts$/, "");
};
const floorOf = (folder) => FLOORS.findIndex((names) => names.includes(folder));

function walk(dir, out = []) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (name === "node_modules" || name === "dist") continue;
    if (statSync(path).isDirectory()) walk(path, out);
    else if (/\.tsx?$/.test(name)) out.push(path);
  }
  return out;
}

function compilerOptions(tsconfig) {
  const { config } = ts.readConfigFile(tsconfig, ts.sys.readFile);
  const parsed = ts.parseJsonConfigFileContent(config, ts.sys, dirname(tsconfig));
  // @focus/core/<subpath> as the web app, the extension and the tests see it: its source (a
  // folder's index.ts, or the file of that name), not the build's declarations.
  const paths = { ...parsed.options.paths, "@focus/core/*": [join(SRC, "*")] };
  return { options: { ...parsed.options, paths, noEmit: true }, fileNames: parsed.fileNames };
}

/** Every module a file names: imports, re-exports, dynamic imports, `import("...")` types. */
function specifiers(sourceFile) {
  const found = [];
  const visit = (node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const typeOnly = ts.isImportDeclaration(node) ? Boolean(node.importClause?.isTypeOnly) : node.isTypeOnly;
      found.push({ name: node.moduleSpecifier.text, kind: typeOnly ? "type" : "static" });
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteralLike(node.arguments[0])) {
      found.push({ name: node.arguments[0].text, kind: "dynamic" });
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      found.push({ name: node.argument.literal.text, kind: "type" });
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return found;
}

function graph() {
  const { options } = compilerOptions(join(CORE, "tsconfig.json"));
  const files = walk(SRC).filter((file) => !isTest(file) && !file.endsWith(".d.ts"));
  const edges = new Map();
  for (const file of files) {
    const sourceFile = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
    const out = [];
    for (const { name, kind } of specifiers(sourceFile)) {
      const resolved = ts.resolveModuleName(name, file, options, ts.sys).resolvedModule?.resolvedFileName;
      if (resolved && resolved.startsWith(SRC)) out.push({ to: resolved, kind });
    }
    edges.set(file, out);
  }

  // Folder graph (every kind of import: a type-only one ties the folders' meaning too).
  const folderEdges = new Map();
  const upward = [];
  for (const [from, out] of edges) {
    for (const { to, kind } of out) {
      const a = folderOf(from);
      const b = folderOf(to);
      if (a === b) continue;
      if (!folderEdges.has(a)) folderEdges.set(a, new Map());
      const byTarget = folderEdges.get(a);
      if (!byTarget.has(b)) byTarget.set(b, []);
      byTarget.get(b).push(`${relative(SRC, from)} → ${relative(SRC, to)}${kind === "static" ? "" : ` (${kind})`}`);
      if (!(floorOf(b) < floorOf(a))) upward.push({ from: relative(SRC, from), to: relative(SRC, to), kind, a, b });
    }
  }
  const folders = [...new Set(files.map(folderOf))].sort();
  const sccs = stronglyConnected(folders, (f) => [...(folderEdges.get(f)?.keys() ?? [])]).filter((c) => c.length > 1);
  const cycles = elementaryCycles(folders, (f) => [...(folderEdges.get(f)?.keys() ?? [])]);
  const fileSccs = stronglyConnected(files, (f) => edges.get(f).map((e) => e.to)).filter((c) => c.length > 1);
  const runtimeFileSccs = stronglyConnected(files, (f) => edges.get(f).filter((e) => e.kind !== "type").map((e) => e.to)).filter((c) => c.length > 1);

  console.log(`core: ${files.length} non-test files in ${folders.length} folders, ${[...edges.values()].flat().length} imports`);
  console.log(`folders not on a floor: ${folders.filter((f) => floorOf(f) < 0).join(", ") || "none"}`);
  console.log(`\nfolder cycles (strongly connected groups of folders): ${sccs.length}`);
  for (const group of sccs) console.log(`  {${group.join(", ")}}`);
  console.log(`elementary folder cycles: ${cycles.length}`);
  for (const cycle of cycles.slice(0, 40)) console.log(`  ${[...cycle, cycle[0]].join(" → ")}`);
  console.log(`file cycles (strongly connected groups of files): ${fileSccs.length}`);
  for (const group of fileSccs) console.log(`  {${group.map((f) => relative(SRC, f)).join(", ")}}`);
  console.log(`file cycles through runtime imports only (type-only imports left out): ${runtimeFileSccs.length}`);
  for (const group of runtimeFileSccs) console.log(`  {${group.map((f) => relative(SRC, f)).join(", ")}}`);
  console.log(`\nimports that do not go to a lower floor: ${upward.length}`);
  for (const u of upward) console.log(`  ${u.a} → ${u.b}: ${u.from} → ${u.to}${u.kind === "static" ? "" : ` (${u.kind})`}`);

  // What each subpath loads: runtime imports (static and dynamic), and with type-only ones.
  const pkg = JSON.parse(readFileSync(join(CORE, "package.json"), "utf8"));
  const inCycle = new Set(sccs.flat());
  console.log("\nsubpath: files loaded (folders) | with type-only imports (folders)");
  for (const [subpath, target] of Object.entries(pkg.exports)) {
    const entry = join(CORE, target.source);
    const runtime = closure(entry, edges, (e) => e.kind !== "type");
    const all = closure(entry, edges, () => true);
    const fold = (set) => new Set([...set].map(folderOf)).size;
    const cyc = inCycle.has(folderOf(entry)) ? "  (in a folder cycle)" : "";
    console.log(`  ${subpath.padEnd(16)} ${String(runtime.size).padStart(3)} (${fold(runtime)}) | ${String(all.size).padStart(3)} (${fold(all)})${cyc}`);
  }
  console.log("\nfolder → folder imports:");
  for (const [a, byTarget] of [...folderEdges].sort()) {
    for (const [b, list] of byTarget) console.log(`  ${a} → ${b}: ${list.length} (${list.slice(0, 3).join("; ")}${list.length > 3 ? "; …" : ""})`);
  }
  return sccs.length === 0 && upward.length === 0 ? 0 : 1;
}

function closure(entry, edges, keep) {
  const seen = new Set([entry]);
  const stack = [entry];
  while (stack.length) {
    for (const e of edges.get(stack.pop()) ?? []) {
      if (keep(e) && !seen.has(e.to)) {
        seen.add(e.to);
        stack.push(e.to);
      }
    }
  }
  return seen;
}

/** Tarjan's strongly connected components. */
function stronglyConnected(nodes, next) {
  let index = 0;
  const idx = new Map();
  const low = new Map();
  const onStack = new Set();
  const stack = [];
  const out = [];
  const connect = (v) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    for (const w of next(v)) {
      if (!idx.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
    }
    if (low.get(v) === idx.get(v)) {
      const group = [];
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      out.push(group.sort());
    }
  };
  for (const v of nodes) if (!idx.has(v)) connect(v);
  return out;
}

/** Every elementary cycle of a small graph (each once, from its least node). */
function elementaryCycles(nodes, next) {
  const order = new Map(nodes.map((n, i) => [n, i]));
  const cycles = [];
  for (const start of nodes) {
    const path = [start];
    const onPath = new Set(path);
    const extend = (v) => {
      for (const w of next(v)) {
        if (w === start) cycles.push([...path]);
        else if (!onPath.has(w) && order.get(w) > order.get(start)) {
          path.push(w);
          onPath.add(w);
          extend(w);
          path.pop();
          onPath.delete(w);
        }
      }
    };
    extend(start);
  }
  return cycles;
}

/**
 * Exported names no other file names, kept exported on purpose: `file#name` (under src) → why, in
 * one line. A type a declaration elsewhere has by inference only (no identifier names it, so the
 * count below misses it) must stay exported, and re-exported by its subpath, or tsc cannot write
 * that declaration (TS4058, TS2742, TS4023 in `pnpm typecheck`).
 */
const KEPT_EXPORTS = new Map([
  ["days/today.ts#TodayProgress", "apps/web's useTodaySessions returns it by inference (TS4058 in apps/web when it is not exported by @focus/core/stats)"],
]);

/** Who uses each exported name of core's non-test files. */
function exportsReport(verbose) {
  const coreFiles = walk(SRC);
  const exported = new Map(); // key → { file, name, kind, users: Set }
  const keyOf = (file, name) => `${relative(SRC, file)}#${name}`;
  const projects = [
    "packages/core/tsconfig.json",
    "apps/api/tsconfig.json",
    "apps/web/tsconfig.json",
    "apps/extension/tsconfig.app.json",
    "e2e/tsconfig.json",
    "bench/tsconfig.json",
  ];
  let listed = false;
  for (const project of projects) {
    const { options, fileNames } = compilerOptions(join(ROOT, project));
    const roots = project.startsWith("packages/core") ? coreFiles : fileNames;
    const program = ts.createProgram({ rootNames: roots, options });
    const checker = program.getTypeChecker();
    if (!listed) {
      listed = true;
      for (const file of coreFiles.filter((f) => !isTest(f) && !f.endsWith(".d.ts"))) {
        const sourceFile = program.getSourceFile(file);
        const moduleSymbol = checker.getSymbolAtLocation(sourceFile);
        if (!moduleSymbol) continue;
        for (const symbol of checker.getExportsOfModule(moduleSymbol)) {
          const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
          const declaration = target.declarations?.[0];
          if (!declaration || declaration.getSourceFile().fileName !== file) continue; // a re-export
          const kind = target.flags & (ts.SymbolFlags.Value) ? "value" : "type";
          exported.set(keyOf(file, target.name), { file, name: symbol.name, kind, users: new Set() });
        }
      }
    }
    for (const sourceFile of program.getSourceFiles()) {
      const file = sourceFile.fileName;
      if (file.includes("/node_modules/") || !file.startsWith(ROOT)) continue;
      // Each file once: core's files by core's program, the others by their own.
      const inCore = file.startsWith(SRC);
      if (inCore !== project.startsWith("packages/core")) continue;
      const where = inCore ? (isTest(file) ? "core-test" : "core") : /\/test\/|\.test\.tsx?$|^e2e\//.test(rel(file)) ? `${rel(file).split("/")[0] === "e2e" ? "e2e" : rel(file).split("/").slice(0, 2).join("/")}-test` : rel(file).split("/").slice(0, 2).join("/");
      const visit = (node) => {
        if (ts.isIdentifier(node) && !isReexportName(node) && !isDeclarationName(node)) {
          let symbol = checker.getSymbolAtLocation(node);
          if (ts.isShorthandPropertyAssignment(node.parent) && node.parent.name === node) symbol = checker.getShorthandAssignmentValueSymbol(node.parent) ?? symbol;
          if (symbol && symbol.flags & ts.SymbolFlags.Alias) {
            try {
              symbol = checker.getAliasedSymbol(symbol);
            } catch {
              /* unresolved */
            }
          }
          const declaration = symbol?.declarations?.[0];
          const declFile = declaration?.getSourceFile().fileName;
          if (declFile && declFile.startsWith(SRC)) {
            const entry = exported.get(keyOf(declFile, symbol.name));
            if (entry) entry.users.add(declFile === file ? "self" : where);
          }
        }
        ts.forEachChild(node, visit);
      };
      visit(sourceFile);
    }
  }
  return reportExports([...exported.values()], verbose);
}

/** Prints who uses core's exported names; 1 when a name no other file uses is not in KEPT_EXPORTS, or an entry of it is stale. */
function reportExports(all, verbose) {
  const outside = (e) => [...e.users].filter((u) => u !== "self");
  const keyOfEntry = (e) => `${relative(SRC, e.file)}#${e.name}`;
  const unusedAll = all.filter((e) => outside(e).length === 0);
  const kept = unusedAll.filter((e) => KEPT_EXPORTS.has(keyOfEntry(e)));
  const unused = unusedAll.filter((e) => !KEPT_EXPORTS.has(keyOfEntry(e)));
  const keptKeys = new Set(kept.map(keyOfEntry));
  const stale = [...KEPT_EXPORTS.keys()].filter((key) => !keptKeys.has(key));
  const testsOnly = all.filter((e) => outside(e).length > 0 && outside(e).every((u) => u.endsWith("-test")));
  console.log(`exported names declared in core's non-test files: ${all.length}`);
  console.log(`used by no other file (core, its tests, apps, their tests, e2e, bench): ${unused.length}`);
  console.log(`  of which used inside their own file (could be module-private): ${unused.filter((e) => e.users.has("self")).length}`);
  console.log(`kept exported though no other file names them (KEPT_EXPORTS): ${kept.length}`);
  for (const e of kept) console.log(`  ${keyOfEntry(e)}: ${KEPT_EXPORTS.get(keyOfEntry(e))}`);
  if (stale.length) {
    console.log(`KEPT_EXPORTS entries that no longer apply (gone, or used by another file): ${stale.length}`);
    for (const key of stale) console.log(`  ${key}`);
  }
  console.log(`used by tests only: ${testsOnly.length}`);
  if (verbose) {
    console.log("\nunused:");
    for (const e of unused) console.log(`  ${relative(SRC, e.file)} ${e.name} (${e.kind}${e.users.has("self") ? ", used in its file" : ""})`);
    console.log("\nused by tests only:");
    for (const e of testsOnly) console.log(`  ${relative(SRC, e.file)} ${e.name} (${e.kind}): ${outside(e).join(", ")}`);
  }
  return unused.length === 0 && stale.length === 0 ? 0 : 1;
}

function isReexportName(node) {
  // `export { a } from "./x"` and `export { a }` name an export, they do not use it.
  return ts.isExportSpecifier(node.parent);
}

function isDeclarationName(node) {
  const parent = node.parent;
  return (
    (ts.isFunctionDeclaration(parent) ||
      ts.isClassDeclaration(parent) ||
      ts.isInterfaceDeclaration(parent) ||
      ts.isTypeAliasDeclaration(parent) ||
      ts.isEnumDeclaration(parent) ||
      ts.isVariableDeclaration(parent)) &&
    parent.name === node
  );
}

const command = process.argv[2];
if (command === "graph") process.exitCode = graph();
else if (command === "exports") process.exitCode = exportsReport(process.argv.includes("--list"));
else {
  console.error("usage: node packages/core/scripts/audit.mjs graph | exports [--list]");
  process.exitCode = 2;
}
