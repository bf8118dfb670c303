/**
 * ESLint rule `focus/type-errors`: TypeScript's own errors for each linted file (what `tsc
 * --noEmit` reports for it), read from the program the type-aware lint rules build anyway.
 *
 * `npm run check` type-checks this way instead of running `tsc` beside the lint: the lint
 * already parses and binds every project and checks most of each file's types for its promise
 * rules, so the errors cost a few seconds more here and a whole second `tsc` pass there
 * (`docs/testing.md` has the figures). `pnpm typecheck` still runs `tsc` for an editor-free
 * check of one package.
 *
 * A file only in ESLint's default project (a config file outside every tsconfig's `include`) is
 * skipped: its compiler options are not its package's. Errors about the options or the program
 * as a whole are reported once per program, on the first of its files linted.
 */
import ts from "typescript";

/** Programs whose global and option errors were already reported. */
const reportedPrograms = new WeakSet();

/** A TypeScript diagnostic as one line: `TS2322: Type 'string' is not assignable to …`. */
function describe(diagnostic) {
  return `TS${diagnostic.code}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n")}`;
}

/** The ESLint location of a diagnostic in `sourceFile` (its start, or the file's first line). */
function locationOf(diagnostic, sourceFile) {
  if (diagnostic.file !== sourceFile || diagnostic.start === undefined) return { line: 1, column: 0 };
  const start = sourceFile.getLineAndCharacterOfPosition(diagnostic.start);
  const end = sourceFile.getLineAndCharacterOfPosition(diagnostic.start + (diagnostic.length ?? 0));
  return { start: { line: start.line + 1, column: start.character }, end: { line: end.line + 1, column: end.character } };
}

/** @type {import("eslint").Rule.RuleModule} */
export const typeErrors = {
  meta: {
    type: "problem",
    docs: { description: "Report TypeScript's errors for the file, as tsc --noEmit would." },
    schema: [
      {
        type: "object",
        properties: { defaultProject: { type: "string", description: "The tsconfig of ESLint's default project, whose files are skipped." } },
        additionalProperties: false,
      },
    ],
  },
  create(context) {
    const services = context.sourceCode.parserServices;
    const program = services?.program;
    if (!program) return {};
    const options = program.getCompilerOptions();
    const defaultProject = context.options[0]?.defaultProject;
    if (defaultProject && options.configFilePath && String(options.configFilePath).endsWith(defaultProject)) return {};
    const sourceFile = program.getSourceFile(context.physicalFilename);
    if (!sourceFile) return {};
    return {
      Program() {
        const diagnostics = [...program.getSyntacticDiagnostics(sourceFile), ...program.getSemanticDiagnostics(sourceFile)];
        // `tsc --noEmit` with declarations on also reports what would stop a declaration file.
        if (options.declaration || options.composite) diagnostics.push(...program.getDeclarationDiagnostics(sourceFile));
        if (!reportedPrograms.has(program)) {
          reportedPrograms.add(program);
          diagnostics.push(...program.getConfigFileParsingDiagnostics(), ...program.getOptionsDiagnostics(), ...program.getGlobalDiagnostics());
        }
        for (const diagnostic of diagnostics) {
          if (diagnostic.category !== ts.DiagnosticCategory.Error) continue;
          context.report({ loc: locationOf(diagnostic, sourceFile), message: describe(diagnostic) });
        }
      },
    };
  },
};
