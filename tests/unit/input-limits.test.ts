/// <reference types="vite/client" />
/**
 * No input can stall a Worker (issue 24 §1, docs/decisions/0036-input-limits-and-hardening.md): every valibot schema
 * the code builds when its modules load, and every RegExp a module exports, answers 100,000-character inputs of
 * several shapes in under 50 ms; and every string schema has a maximum (a 100,000-character value is refused).
 * Schemas are found, not listed: valibot's factories are wrapped to record each schema made while the source modules
 * are imported, so a new schema — exported or not — is swept without editing this file.
 */
import * as v from "valibot";
import { describe, expect, it, vi } from "vitest";
import { checkPasswordResetLink } from "#domain/auth/reset-password";
import { isValidEmail } from "#domain/shared/email";

type AnySchema = v.GenericSchema & { type: string; pipe?: readonly { kind: string; type: string }[] } & Record<
    string,
    unknown
  >;

const recorded = vi.hoisted(() => ({
  schemas: [] as unknown[],
  pipeRoots: new WeakSet<object>(),
  /** Where each schema was made (the first source line outside valibot and this file), for failure messages. */
  sites: new WeakMap<object, string>(),
}));

vi.mock("valibot", async (importOriginal) => {
  const original = await importOriginal<Record<string, unknown>>();
  const wrapped: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(original)) {
    if (typeof value !== "function" || /^[A-Z]/.test(name)) {
      wrapped[name] = value;
      continue;
    }
    wrapped[name] = (...args: unknown[]) => {
      const result = (value as (...a: unknown[]) => unknown)(...args);
      if (isSchema(result)) {
        recorded.schemas.push(result);
        const site = new Error().stack
          ?.split("\n")
          .slice(2)
          .find((line) => !line.includes("node_modules") && !line.includes("input-limits.test"));
        recorded.sites.set(result, site?.trim().replace(/^at /, "") ?? "?");
        if (name === "pipe" || name === "pipeAsync") recorded.pipeRoots.add(args[0] as object);
      }
      return result;
    };
  }
  return wrapped;
});

function isSchema(value: unknown): value is AnySchema {
  return typeof value === "object" && value !== null && (value as { kind?: unknown }).kind === "schema";
}

// Every source module that may build a schema or export a pattern (tests and type-only files excluded).
const modules = import.meta.glob([
  "/domain/**/*.ts",
  "/app/**/*.{ts,tsx}",
  "/workers/**/*.ts",
  "/adapters/**/*.ts",
  "!**/*.test.{ts,tsx}",
  "!**/*-suite.ts",
  "!**/*.worker-test.ts",
  "!**/*.d.ts",
  "!/workers/app.ts",
  // Durable Objects extend a class only workerd provides (cloudflare:workers); their inputs are the domain's schemas.
  "!/workers/durable-objects/**",
  "!/app/entry.*",
  // The widget's custom element runs in the host page's browser only (it extends HTMLElement) and builds no schema.
  "!/app/widget/**",
]);

const N = 100_000;
const SHAPES: Record<string, string> = {
  "all a": "a".repeat(N),
  "a@ then a": `a@${"a".repeat(N)}`,
  "many @": "@".repeat(N),
  "many dots": ".".repeat(N),
  // Dots all along, then a space before the end (kept by a trim): the shape that made the old email pattern backtrack.
  "a@ then a. then a space": `a@${"a.".repeat(N / 2)} b`,
  "whitespace run": `a${" ".repeat(N)}a`,
  "digits then a letter": `${"1".repeat(N)}x`,
  "dashes and colons": "-:".repeat(N / 2),
};

/** Inputs for a schema: every string leaf (and every other leaf) gets `text`; unions give one input per option. */
function inputsFor(schema: AnySchema, text: string, depth = 0): unknown[] {
  if (depth > 6) return [text];
  const entries = schema.entries as Record<string, AnySchema> | undefined;
  switch (schema.type) {
    case "object":
    case "loose_object":
    case "strict_object":
    case "object_with_rest": {
      const input: Record<string, unknown> = {};
      for (const [key, entry] of Object.entries(entries ?? {})) input[key] = inputsFor(entry, text, depth + 1)[0];
      return [input];
    }
    case "optional":
    case "nullable":
    case "nullish":
    case "undefinedable":
    case "exact_optional":
    case "non_optional":
    case "non_nullable":
    case "non_nullish":
      return inputsFor(schema.wrapped as AnySchema, text, depth + 1);
    case "array":
      return [Array.from({ length: 3 }, () => inputsFor(schema.item as AnySchema, text, depth + 1)[0])];
    case "tuple":
    case "loose_tuple":
    case "strict_tuple":
      return [(schema.items as AnySchema[]).map((item) => inputsFor(item, text, depth + 1)[0])];
    case "record":
      return [{ [text.slice(0, 100)]: inputsFor(schema.value as AnySchema, text, depth + 1)[0] }];
    case "union":
    case "variant":
      return [text, ...(schema.options as AnySchema[]).flatMap((option) => inputsFor(option, text, depth + 1))];
    default:
      return [text];
  }
}

async function loadAll() {
  const failed: string[] = [];
  const exportsByModule = new Map<string, Record<string, unknown>>();
  for (const [path, load] of Object.entries(modules)) {
    try {
      exportsByModule.set(path, (await load()) as Record<string, unknown>);
    } catch (error) {
      failed.push(`${path}: ${String(error).slice(0, 200)}`);
    }
  }
  return { failed, exportsByModule };
}

const loaded = loadAll();

/**
 * The time a run takes; one over the limit is measured twice more and the fastest counts, so a garbage collection or
 * a busy machine does not fail the sweep, while a pattern that backtracks is slow every time.
 */
function elapsed(run: () => unknown, limitMs = 50): number {
  let fastest = Infinity;
  for (let attempt = 0; attempt < 3 && fastest >= limitMs; attempt++) {
    const start = performance.now();
    run();
    fastest = Math.min(fastest, performance.now() - start);
  }
  return fastest;
}

/** Where a schema comes from, for the failure message: its type and its pipe's actions. */
function describeSchema(schema: AnySchema): string {
  const actions = schema.pipe?.slice(1).map((action) => action.type) ?? [];
  return `${schema.type}${actions.length ? `(${actions.join(", ")})` : ""} at ${recorded.sites.get(schema) ?? "?"}`;
}

describe("input limits", () => {
  it("imports every source module (a module the sweep cannot load would hide its schemas)", async () => {
    const { failed, exportsByModule } = await loaded;
    expect(failed).toEqual([]);
    expect(exportsByModule.size).toBeGreaterThan(100);
    expect(recorded.schemas.length).toBeGreaterThan(200);
  }, 120_000);

  it("answers every schema with 100,000-character inputs in under 50 ms", async () => {
    await loaded;
    const slow: string[] = [];
    for (const schema of recorded.schemas as AnySchema[]) {
      if ((schema as { async?: boolean }).async) continue;
      for (const [shape, text] of Object.entries(SHAPES)) {
        for (const input of inputsFor(schema, text)) {
          const ms = elapsed(() => v.safeParse(schema, input));
          if (ms >= 50) slow.push(`${describeSchema(schema)} on "${shape}": ${ms.toFixed(0)} ms`);
        }
      }
    }
    expect(slow).toEqual([]);
  }, 120_000);

  it("gives every string a maximum: a 100,000-character value is refused", async () => {
    await loaded;
    const unbounded = new Set<string>();
    for (const schema of recorded.schemas as AnySchema[]) {
      if (schema.type !== "string" || recorded.pipeRoots.has(schema)) continue;
      const result = v.safeParse(schema, SHAPES["all a"]);
      if (result.success) unbounded.add(describeSchema(schema));
    }
    expect([...unbounded]).toEqual([]);
  }, 120_000);

  it("answers every exported pattern with 100,000-character inputs in under 50 ms", async () => {
    const { exportsByModule } = await loaded;
    const slow: string[] = [];
    let patterns = 0;
    for (const [path, exported] of exportsByModule) {
      for (const [name, value] of Object.entries(exported)) {
        if (!(value instanceof RegExp)) continue;
        patterns++;
        for (const [shape, text] of Object.entries(SHAPES)) {
          const pattern = new RegExp(value.source, value.flags.replace(/[gy]/g, ""));
          const ms = elapsed(() => pattern.test(text));
          if (ms >= 50) slow.push(`${path} ${name} on "${shape}": ${ms.toFixed(0)} ms`);
        }
      }
    }
    expect(patterns).toBeGreaterThan(0);
    expect(slow).toEqual([]);
  }, 120_000);

  it("answers the signed-out auth pages' query-string emails at once", async () => {
    const { exportsByModule } = await loaded;
    // Through the sweep's imports: the route modules are not part of the unit tests' TypeScript project.
    const loaderOf = (path: string) => exportsByModule.get(path)!.loader as (args: never) => unknown;
    const loginPasswordLoader = loaderOf("/app/routes/auth/login-password.tsx");
    const validateEmailLoader = loaderOf("/app/routes/auth/register-validate-email.tsx");
    const redirectOf = (run: () => unknown): string | null => {
      try {
        run();
        return null;
      } catch (thrown) {
        return thrown instanceof Response ? thrown.headers.get("Location") : String(thrown);
      }
    };
    // Nothing but the email is read before the check: no context is needed to reach it.
    const args = (text: string, page: string) =>
      ({
        request: new Request(`https://billetterie.example.org${page}?email=${encodeURIComponent(text)}`),
        context: {},
      }) as never;
    for (const [shape, text] of Object.entries(SHAPES)) {
      let location: string | null = null;
      expect(
        elapsed(() => (location = redirectOf(() => loginPasswordLoader(args(text, "/auth/login-password"))))),
        shape,
      ).toBeLessThan(50);
      expect(location, shape).toBe("/auth/login");
      expect(
        elapsed(() => (location = redirectOf(() => validateEmailLoader(args(text, "/auth/register/validate-email"))))),
        shape,
      ).toBeLessThan(50);
      expect(location, shape).toBe("/auth/register");
      // The reset link's check refuses the email before any query (the database is never reached).
      expect(await checkPasswordResetLink(null as never, { email: text, code: "abc" }), shape).toBe("invalid");
    }
  });

  it("checks an email's length before its shape", () => {
    for (const text of Object.values(SHAPES)) expect(elapsed(() => isValidEmail(text))).toBeLessThan(50);
    expect(isValidEmail(`${"a".repeat(250)}@b.fr`)).toBe(false);
    expect(isValidEmail("marie@example.org")).toBe(true);
    expect(isValidEmail("a@.b.c")).toBe(true);
    expect(isValidEmail("a@b.")).toBe(false);
    expect(isValidEmail("a@b .c")).toBe(false);
  });
});
