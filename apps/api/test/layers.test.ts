/**
 * The API's floors and cycles as the lint checks them (`eslint.config.js`, API_FLOORS;
 * `docs/architecture.md`, the API's floors): the repository's own import-x block runs on small
 * files that break one rule each, placed where the rule looks (a file in routes/, domain/, ...;
 * they are linted from memory, never written into src). Each must be refused with the rule's
 * message, and a file that keeps the floors must pass. It says nothing about the database
 * engine, so it runs on SQLite's project only.
 */
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { ESLint, type Linter } from "eslint";
import tseslint from "typescript-eslint";
import { beforeAll, describe, expect, it } from "vitest";
import { TEST_ENGINE } from "./helpers";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const SRC = path.join(ROOT, "apps/api/src");

/** The rule ids (and messages) ESLint reports for `code` as the file `file` (relative to apps/api/src). */
async function problems(eslint: ESLint, file: string, code: string): Promise<{ ruleId: string | null; message: string }[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(SRC, file) });
  return (result?.messages ?? []).map(({ ruleId, message }) => ({ ruleId, message }));
}

describe.skipIf(TEST_ENGINE === "postgres")("the API's floors, checked by lint on resolved imports", () => {
  let eslint: ESLint;

  beforeAll(async () => {
    // The config is loaded by URL: it is JavaScript outside this package's TypeScript project.
    const config = ((await import(pathToFileURL(path.join(ROOT, "eslint.config.js")).href)) as { default: Linter.Config[] }).default;
    // The API's block by its files: core's and the web app's floors have blocks of their own.
    const floors = config.find((block) => block.rules?.["import-x/no-restricted-paths"] !== undefined && block.files?.includes("apps/api/src/**/*.ts"));
    if (!floors) throw new Error("eslint.config.js has no import-x/no-restricted-paths block for apps/api/src");
    // Only the floors' block (and the TypeScript parser): the type-aware rules need a project
    // the probe files are not part of.
    const parser = { languageOptions: { parser: tseslint.parser as Linter.Parser } };
    eslint = new ESLint({
      cwd: ROOT,
      overrideConfigFile: true,
      overrideConfig: [{ files: ["**/*.ts"], ...parser }, floors],
    });
  }, 60_000);

  const refusedPath = (message: string) => expect.objectContaining({ ruleId: "import-x/no-restricted-paths", message: expect.stringContaining(message) });

  it("passes a route that reaches data through the domain", async () => {
    expect(await problems(eslint, "routes/probe.ts", 'import { settingsOf } from "../domain/settings";\nexport const read = settingsOf;\n')).toEqual([]);
  });

  it("refuses a route importing a repository or db, however the path is written", async () => {
    expect(await problems(eslint, "routes/probe.ts", 'import { getSettings } from "../repositories/settings";\nexport const read = getSettings;\n')).toEqual([
      refusedPath("routes may import only"),
    ]);
    expect(await problems(eslint, "routes/settings/probe.ts", 'import { getSettings } from "../../repositories/settings";\nexport const read = getSettings;\n')).toEqual([
      refusedPath("routes may import only"),
    ]);
    expect(await problems(eslint, "routes/settings/probe.ts", 'import { getSettings } from "../../routes/../repositories/settings.ts";\nexport const read = getSettings;\n')).toEqual([
      refusedPath("routes may import only"),
    ]);
    expect(await problems(eslint, "routes/settings/probe.ts", 'import type { Database } from "../../db/database";\nexport type D = Database;\n')).toEqual([
      refusedPath("routes may import only"),
    ]);
  });

  it("refuses a dynamic import() across a floor", async () => {
    expect(await problems(eslint, "routes/settings/probe.ts", 'export const read = async () => (await import("../../repositories/settings")).getSettings;\n')).toEqual([
      refusedPath("routes may import only"),
    ]);
    expect(await problems(eslint, "repositories/probe.ts", 'export const up = () => import("../domain/settings");\n')).toEqual([refusedPath("repositories may import only db")]);
  });

  it("refuses the domain importing an adapter (live, push, mail, audio): it has ports", async () => {
    for (const adapter of ["../live/hub", "../push/sender", "../mail/mailer", "../audio/library"]) {
      expect(await problems(eslint, "domain/probe.ts", `import * as adapter from "${adapter}";\nexport const a = adapter;\n`)).toEqual([refusedPath("domain may import only")]);
    }
  });

  it("refuses an adapter importing routes, and security importing the domain", async () => {
    expect(await problems(eslint, "audio/probe.ts", 'import routes from "../routes/audio";\nexport const r = routes;\n')).toEqual([refusedPath("audio may import only")]);
    expect(await problems(eslint, "security/probe.ts", 'import { settingsOf } from "../domain/settings";\nexport const s = settingsOf;\n')).toEqual([
      refusedPath("security may import only"),
    ]);
  });

  it("refuses an import cycle", async () => {
    // domain/accounts.ts imports domain/publicUser.ts: publicUser importing it back closes a loop
    // (no-cycle follows the files on disk from the probe).
    expect((await problems(eslint, "domain/publicUser.ts", 'import { registerUser } from "./accounts";\nexport const r = registerUser;\n')).map((p) => p.ruleId)).toEqual([
      "import-x/no-cycle",
    ]);
  });
});
