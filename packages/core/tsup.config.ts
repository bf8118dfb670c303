import { defineConfig } from "tsup";

/**
 * One entry per subpath of package.json's `exports` (`@focus/core/timer`, `/schemas`, ...):
 * Node consumers (the API, the benches) load these; code shared by several subpaths goes into
 * chunks once. The web app and the extension build from the source instead (the `source`
 * export condition), where their bundler drops every module a page does not use.
 */
export default defineConfig({
  entry: {
    "constants": "src/constants.ts",
    "format": "src/format.ts",
    "schemas/index": "src/schemas/index.ts",
    "rooms/index": "src/rooms/index.ts",
    "timer/index": "src/timer/index.ts",
    "subscription/index": "src/subscription/index.ts",
    "stats/index": "src/stats/index.ts",
    "tasks/index": "src/tasks/index.ts",
    "cancellation/index": "src/cancellation/index.ts",
    "planSelection/index": "src/planSelection/index.ts",
    "protocol/index": "src/protocol/index.ts",
    "audio/index": "src/audio/index.ts",
    "audioPlayer/index": "src/audioPlayer/index.ts",
    "push/index": "src/push/index.ts",
  },
  format: ["esm"],
  // Declarations come from `tsc -p tsconfig.build.json` (the `types` task), which turbo runs
  // beside the apps' builds: none of them reads them, only the type-check and the lint do.
  dts: false,
  // Everything but those declarations is cleaned before each build (and each rebuild under
  // `tsup --watch`), so a JavaScript-only build never leaves the apps without core's types.
  clean: ["!**/*.d.ts"],
  sourcemap: true,
  splitting: true,
});
