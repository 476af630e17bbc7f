import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { bundleWidget, generatedModule, WIDGET_GENERATED } from "../../scripts/lib/widget-bundle";

describe("the booking widget's bundled script", () => {
  it("is the bundle of app/widget/*.ts as it is now (run `npm run build:widget` after changing them)", async () => {
    const committed = await readFile(WIDGET_GENERATED, "utf8");
    expect(committed).toBe(await generatedModule(await bundleWidget()));
  });
});
