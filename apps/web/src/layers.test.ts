// @vitest-environment node
/**
 * The web app's layers and cycles as the lint checks them (`eslint.config.js`, webLayerZones;
 * `docs/architecture.md`, the web app's layers): the repository's own import-x block for
 * apps/web/src runs on small files that break one rule each, placed where the rule looks (a file
 * in features/timer/, runtime/, app/shell/, ...; they are linted from memory, never written into
 * src). Each must be refused with the rule's message, however the import is written (an `@/`
 * path, a relative path, a re-export, a dynamic `import()`), and a file that keeps the layers
 * must pass.
 */
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { ESLint, type Linter } from "eslint";
import tseslint from "typescript-eslint";
import { beforeAll, describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const SRC = path.join(ROOT, "apps/web/src");

/** The rule ids (and messages) ESLint reports for `code` as the file `file` (relative to apps/web/src). */
async function problems(eslint: ESLint, file: string, code: string): Promise<{ ruleId: string | null; message: string }[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(SRC, file) });
  return (result?.messages ?? []).map(({ ruleId, message }) => ({ ruleId, message }));
}

describe("the web app's layers, checked by lint on resolved imports", () => {
  let eslint: ESLint;

  beforeAll(async () => {
    // The config is loaded by URL: it is JavaScript outside this package's TypeScript project.
    const config = ((await import(pathToFileURL(path.join(ROOT, "eslint.config.js")).href)) as { default: Linter.Config[] }).default;
    const layers = config.find((block) => block.rules?.["import-x/no-restricted-paths"] !== undefined && block.files?.includes("apps/web/src/**/*.{ts,tsx}"));
    if (!layers) throw new Error("eslint.config.js has no import-x/no-restricted-paths block for apps/web/src");
    // Only the layers' block (and the TypeScript parser): the type-aware rules need a project
    // the probe files are not part of.
    eslint = new ESLint({
      cwd: ROOT,
      overrideConfigFile: true,
      overrideConfig: [{ files: ["**/*.{ts,tsx}"], languageOptions: { parser: tseslint.parser as Linter.Parser } }, layers],
    });
  }, 60_000);

  const refused = (message: string) => expect.objectContaining({ ruleId: "import-x/no-restricted-paths", message: expect.stringContaining(message) });
  const FEATURE = "a feature imports no other feature, app or page";

  it("passes a feature importing its own folder, runtime, lib and components", async () => {
    const code = [
      'import { useSettings } from "@/runtime/settings";',
      'import { useTaskList } from "../../runtime/tasks/useTasks";',
      'import { cn } from "@/lib/utils";',
      'import { Button } from "@/components/ui/button";',
      'import { TimerHost } from "./TimerHost";',
      'export const probe = [useSettings, useTaskList, cn, Button, TimerHost, () => import("./EndEarlyDialog")];',
      "",
    ].join("\n");
    expect(await problems(eslint, "features/timer/Probe.tsx", code)).toEqual([]);
  });

  it("refuses a feature importing another feature, however the path is written", async () => {
    expect(await problems(eslint, "features/timer/Probe.tsx", 'import "../settings/SettingsForm";\n')).toEqual([refused(FEATURE)]);
    expect(await problems(eslint, "features/timer/Probe.tsx", 'import { SettingsForm } from "@/features/settings/SettingsForm";\nexport const f = SettingsForm;\n')).toEqual([
      refused(FEATURE),
    ]);
    expect(await problems(eslint, "features/stats/Probe.ts", 'export { factor } from "../../features/tasks/../tasks/pickedTask";\n')).toEqual([refused(FEATURE)]);
    expect(await problems(eslint, "features/stats/Probe.ts", 'export const load = () => import("../tasks/TasksCard");\n')).toEqual([refused(FEATURE)]);
  });

  it("refuses a feature importing a page or the app, dynamic import() included", async () => {
    expect(await problems(eslint, "features/timer/Probe.ts", 'export const load = () => import("@/pages/SettingsPage");\n')).toEqual([refused(FEATURE)]);
    expect(await problems(eslint, "features/timer/Probe.ts", 'export const load = () => import("../../pages/SettingsPage");\n')).toEqual([refused(FEATURE)]);
    expect(await problems(eslint, "features/timer/Probe.ts", 'import { SettingsTab } from "@/app/settingsTab";\nexport const t = SettingsTab;\n')).toEqual([refused(FEATURE)]);
    expect(await problems(eslint, "features/offline/Probe.ts", 'export const load = () => import("@/AppRoutes");\n')).toEqual([refused(FEATURE)]);
  });

  it("refuses runtime importing a feature, and lib or components importing runtime", async () => {
    expect(await problems(eslint, "runtime/probe.ts", 'export { useTimerControls } from "../features/timer/HeaderTimer";\n')).toEqual([refused("runtime sits below the features")]);
    expect(await problems(eslint, "lib/probe.ts", 'export const load = () => import("@/runtime/settings");\n')).toEqual([refused("lib and components are shared")]);
    expect(await problems(eslint, "components/Probe.tsx", 'import { useSignedInUser } from "../runtime/currentUser";\nexport const u = useSignedInUser;\n')).toEqual([
      refused("lib and components are shared"),
    ]);
  });

  it("lets pages use the app's shell, never the app a page", async () => {
    expect(await problems(eslint, "pages/Probe.tsx", 'import { BackToApp } from "@/app/shell/BackToApp";\nexport const b = BackToApp;\n')).toEqual([]);
    expect(await problems(eslint, "app/shell/Probe.tsx", 'export const load = () => import("@/pages/SettingsPage");\n')).toEqual([refused("app imports no page")]);
  });

  it("refuses an import it cannot resolve, which no zone could check", async () => {
    expect(await problems(eslint, "features/timer/Probe.ts", 'export const load = () => import("@/pages/NoSuchPage");\n')).toEqual([
      expect.objectContaining({ ruleId: "import-x/no-unresolved" }),
    ]);
  });

  it("refuses an import cycle", async () => {
    // components/ui/button imports lib/utils: lib/utils importing it back closes a loop.
    expect(await problems(eslint, "lib/utils.ts", 'import { Button } from "@/components/ui/button";\nexport const b = Button;\n')).toEqual([
      expect.objectContaining({ ruleId: "import-x/no-cycle" }),
    ]);
  });
});
