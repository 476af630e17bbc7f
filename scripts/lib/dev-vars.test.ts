import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ensureDevVarsFile } from "./dev-vars";

describe("ensureDevVarsFile", () => {
  it("writes the development values, then makes APP_URL follow the port npm start serves on", () => {
    const root = mkdtempSync(join(tmpdir(), "dev-vars-"));
    expect(ensureDevVarsFile(root, "http://localhost:8787")).toBe("written");
    writeFileSync(join(root, ".dev.vars"), `${readFileSync(join(root, ".dev.vars"), "utf8")}RESEND_API_KEY=re_local\n`);

    expect(ensureDevVarsFile(root, "http://localhost:3000")).toBe("updated");
    const file = readFileSync(join(root, ".dev.vars"), "utf8");
    expect(file).toContain("APP_URL=http://localhost:3000\n");
    expect(file).not.toContain("8787");
    expect(file).toContain("RESEND_API_KEY=re_local");
    expect(ensureDevVarsFile(root, "http://localhost:3000")).toBe("unchanged");
  });

  it("leaves a .dev.vars the developer wrote alone", () => {
    const root = mkdtempSync(join(tmpdir(), "dev-vars-"));
    writeFileSync(join(root, ".dev.vars"), "APP_URL=https://tunnel.example\n");
    expect(ensureDevVarsFile(root, "http://localhost:3000")).toBe("unchanged");
    expect(readFileSync(join(root, ".dev.vars"), "utf8")).toBe("APP_URL=https://tunnel.example\n");
  });
});
