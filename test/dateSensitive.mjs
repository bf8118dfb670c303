/**
 * Which test files depend on the date, shared by vitest.config.ts and scripts/test.mjs.
 *
 * `npm run check` runs these files at two chosen instants (test/instant.ts) and the other test
 * files once at the machine's clock: a date-sensitive file gains nothing from a third run at
 * whatever hour CI happens to start, and the instants are the hours where such a file breaks.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const repoRoot = fileURLToPath(new URL("..", import.meta.url));

/** The projects whose tests read "today", a week, a trial's end, a streak or a schedule, with their test folders (from the repository's root). */
export const DATE_PROJECT_DIRS = {
  core: "packages/core/src",
  api: "apps/api/test",
  web: "apps/web/src",
  extension: "apps/extension/src",
};

/**
 * What makes a test file date-sensitive: it names a day, a date, a week, a trial, a streak, a
 * schedule, midnight, a time zone, a clock or an hour. The others (a header's layout, a zod
 * message, the audio list) give the same result at any instant.
 */
const DATE_WORDS = /[Dd]ay|Date|[Ww]eek|[Tt]rial|[Ss]treak|[Ss]chedule|midnight|[Tt]ime[Zz]one|[Cc]lock|[Hh]our/;

/**
 * Read no date and measure work under load of their own making (the audio library's worker
 * processes, a presence flood): they run once, at the machine's clock, with the machine to
 * themselves.
 */
const NOT_DATE_SENSITIVE = ["audioRenderer.test.ts", "roomAbuse.test.ts"];

const TEST_FILE = /\.test\.tsx?$/;

/**
 * The date-sensitive test files of one date project, as paths from its test folder's project
 * root (the form Vitest's `include` and `exclude` take), e.g. `src/stats/streak.test.ts`.
 * @param {keyof typeof DATE_PROJECT_DIRS} project
 * @returns {string[]}
 */
export function dateSensitiveFiles(project) {
  const dir = DATE_PROJECT_DIRS[project];
  const projectRoot = dir.split("/").slice(0, 2).join("/");
  return readdirSync(join(repoRoot, dir), { recursive: true })
    .map((name) => join(dir, String(name)))
    .filter((file) => TEST_FILE.test(file) && !NOT_DATE_SENSITIVE.some((name) => file.endsWith(`/${name}`)))
    .filter((file) => DATE_WORDS.test(readFileSync(join(repoRoot, file), "utf8")))
    .map((file) => file.slice(projectRoot.length + 1));
}
