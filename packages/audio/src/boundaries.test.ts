/**
 * The generator is framework-free: only `node.ts` and `worker.ts` (the Node-only
 * entries) may use Node APIs; everything else runs in a browser or a worklet as well.
 */
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const NODE_ONLY = new Set(["node.ts", "worker.ts"]);
const sources = readdirSync(__dirname).filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts") && !NODE_ONLY.has(f));

describe("packages/audio core", () => {
  it.each(sources)("%s uses no Node or DOM APIs", (file) => {
    const source = readFileSync(path.join(__dirname, file), "utf8");
    expect(source).not.toMatch(/reference types="node"/);
    // Code only from here: comments may mention anything.
    const text = source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/\/\/.*$/gm, "");
    expect(text).not.toMatch(/from\s+["']node:/);
    expect(text).not.toMatch(/(?<![.\w])(process|Buffer|window|document|globalThis|navigator)\./);
    expect(text).not.toMatch(/(?<![.\w])(require|Buffer)\(/);
    expect(text).not.toMatch(/from\s+["']\.\/(node|worker)["']/);
  });
});
