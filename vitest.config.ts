import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const coreSource = fileURLToPath(new URL("./packages/core/src/index.ts", import.meta.url));
const coreConstants = fileURLToPath(new URL("./packages/core/src/constants.ts", import.meta.url));
/** Tests run against @focus/core's source, so no build is needed between edits. */
const coreAlias = [
  { find: /^@focus\/core$/, replacement: coreSource },
  { find: /^@focus\/core\/constants$/, replacement: coreConstants },
];

/**
 * One test run for the whole monorepo, so CI prints one summary line.
 * Unit and API projects run from source; e2e drives the built app in Debian Chromium.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: { name: "core", root: "packages/core", include: ["src/**/*.test.ts"], environment: "node" },
      },
      {
        test: { name: "audio", root: "packages/audio", include: ["src/**/*.test.ts"], environment: "node", testTimeout: 60_000 },
      },
      {
        resolve: { alias: coreAlias },
        test: {
          name: "api",
          root: "apps/api",
          include: ["src/**/*.test.ts", "test/**/*.test.ts"],
          environment: "node",
          testTimeout: 20_000,
        },
      },
      {
        extends: "apps/web/vite.config.ts",
        resolve: { alias: coreAlias },
        test: {
          name: "web",
          root: "apps/web",
          include: ["src/**/*.test.{ts,tsx}"],
          environment: "jsdom",
          setupFiles: ["src/test/setup.ts"],
        },
      },
      {
        resolve: { alias: coreAlias },
        test: { name: "extension", root: "apps/extension", include: ["src/**/*.test.ts"], environment: "node" },
      },
      {
        test: {
          name: "e2e",
          root: "e2e",
          include: ["**/*.e2e.ts"],
          environment: "node",
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
