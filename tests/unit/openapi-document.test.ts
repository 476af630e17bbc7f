import { BaseResolver, createConfig, lintDocument, Source } from "@redocly/openapi-core";
import { describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "../../workers/openapi/document";

/**
 * Issue 26 §3: the OpenAPI document checked by a maintained validator (Redocly, the one openapi-typescript uses):
 * its structural rules (OpenAPI 3.1 and JSON Schema 2020-12) and every request and answer example against its schema.
 */
describe("the OpenAPI document", () => {
  it("is valid OpenAPI 3.1 and every example conforms to its schema", async () => {
    const parsed = buildOpenApiDocument();
    const config = await createConfig({
      extends: ["minimal"],
      rules: {
        // The answers' schemas name their main fields; an example may show more of them.
        "no-invalid-media-type-examples": { severity: "error", allowAdditionalProperties: true },
      },
    });
    const problems = await lintDocument({
      document: { source: new Source("openapi.json", JSON.stringify(parsed)), parsed },
      config: config.styleguide,
      externalRefResolver: new BaseResolver(),
    });
    const errors = problems
      .filter((problem) => problem.severity === "error")
      .map((problem) => `${problem.ruleId} ${problem.location[0]?.pointer ?? ""}: ${problem.message}`);
    expect(errors).toEqual([]);
    expect(parsed.openapi).toBe("3.1.0");
  });
});
