import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";

const root = resolve(import.meta.dirname, "../..");
const packageJson = JSON.parse(readFileSync(resolve(root, "package.json"), "utf8")) as {
  engines: { node: string };
  devDependencies: Record<string, string>;
};

describe("the Node version the project states", () => {
  it("is the one npm scripts run on: .nvmrc, engines and the pinned node package agree", () => {
    const pinnedMajor = Number(/\d+/.exec(packageJson.devDependencies.node ?? "")?.[0]);
    expect(Number(readFileSync(resolve(root, ".nvmrc"), "utf8").trim())).toBe(pinnedMajor);
    expect(Number(process.versions.node.split(".")[0])).toBe(pinnedMajor);
    const engineMinimum = /^>=(\d+)\.(\d+)\.(\d+)$/.exec(packageJson.engines.node);
    expect(engineMinimum, "engines.node is a plain minimum").not.toBeNull();
    expect(Number(engineMinimum![1])).toBeLessThanOrEqual(pinnedMajor);
  });

  it("is what the README asks of a fresh machine", () => {
    const readme = readFileSync(resolve(root, "README.md"), "utf8");
    expect(readme).toContain("Node.js 20.17 or newer and its npm");
    expect(readme).toContain(
      `project's own Node ${String(Number(/\d+/.exec(packageJson.devDependencies.node ?? "")?.[0]))}`,
    );
  });
});
