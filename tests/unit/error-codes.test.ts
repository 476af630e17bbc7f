import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ERROR_CODES, errorCodeForKey } from "#domain/shared/error-codes";
import { resources } from "~/locales";

/**
 * Issue 26 §2: the API's error codes form one list (domain/shared/error-code-catalogue.ts, fed to the API reference).
 * This test finds every message key the domain and the Worker can answer with (string literals naming a key that
 * exists, template literals matched against the keys of their namespace, every key of the `errors` namespace, which
 * unprefixed keys name) and checks each one's code is listed, with a key that has a French and an English message.
 */

type Tree = { [key: string]: string | Tree };
const french = resources.fr as unknown as Record<string, Tree>;
const english = resources.en as unknown as Record<string, Tree>;

function lookup(tree: Tree | undefined, path: string): string | undefined {
  const at = path.lastIndexOf(".");
  const holder = at < 0 ? tree : descend(tree, path.slice(0, at));
  const last = path.slice(at + 1);
  // A plural key exists as its forms.
  const value = holder?.[last] ?? holder?.[`${last}_other`];
  return typeof value === "string" ? value : undefined;
}

function descend(tree: Tree | undefined, path: string): Tree | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of path.split(".")) node = typeof node === "object" ? node[part] : undefined;
  return typeof node === "object" ? node : undefined;
}

function keysOf(tree: Tree, prefix = ""): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === "string"
      ? [`${prefix}${key.replace(/_(one|other|zero|few|many|two)$/, "")}`]
      : keysOf(value, `${prefix}${key}.`),
  );
}

function messageOf(language: Record<string, Tree>, key: string): string | undefined {
  const [namespace, path] = key.includes(":")
    ? [key.slice(0, key.indexOf(":")), key.slice(key.indexOf(":") + 1)]
    : ["errors", key];
  return lookup(language[namespace], path);
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === "locales" ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !/-suite\.ts$/.test(name) ? [path] : [];
  });
}

/** Every message key the Worker can answer with, as found in the source. */
export function answerableMessageKeys(): Set<string> {
  const found = new Set<string>(keysOf(french.errors!).map((key) => `errors:${key}`));
  for (const file of [...sourceFiles("domain"), ...sourceFiles("workers")]) {
    const text = readFileSync(file, "utf8");
    for (const [, key] of text.matchAll(/["'`]([a-z][a-z-]*:[A-Za-z0-9_.-]+)["'`]/g)) {
      if (messageOf(french, key!) !== undefined) found.add(key!);
    }
    for (const [, namespace, before, after] of text.matchAll(
      /`([a-z][a-z-]*):([A-Za-z0-9_.-]*)\$\{[^}`]+\}([A-Za-z0-9_.-]*)`/g,
    )) {
      const tree = french[namespace!];
      if (!tree) continue;
      for (const key of keysOf(tree))
        if (key.startsWith(before!) && key.endsWith(after!)) found.add(`${namespace}:${key}`);
    }
  }
  return found;
}

/** Codes that are not a key's: AppError reasons finer than their type, and the transports' own. */
const REASON_CODES = [
  "sold_out",
  "promo_used_up",
  "payment_unavailable",
  "google_email_unverified",
  "publish_incomplete",
  "payment_account_required",
  "email_quota_reached",
  "event_not_published",
  "cross_origin",
];

describe("the error code catalogue", () => {
  const keys = answerableMessageKeys();

  it("finds the keys the domain throws", () => {
    expect(keys).toContain("organizations:errors.title-not-unique");
    expect(keys).toContain("errors:invalid-input");
    expect(keys).toContain("webhooks:url-private-address");
    expect(keys.size).toBeGreaterThan(150);
  });

  it("lists the code of every key the Worker can answer with", () => {
    const missing = [...keys].filter((key) => !(errorCodeForKey(key) in ERROR_CODES));
    expect(missing.map((key) => `${errorCodeForKey(key)}: ${key}`)).toEqual([]);
  });

  it("lists every reason and transport code", () => {
    expect(REASON_CODES.filter((code) => !(code in ERROR_CODES))).toEqual([]);
  });

  it("lists no code that nothing answers", () => {
    const answered = new Set([...[...keys].map(errorCodeForKey), ...REASON_CODES]);
    expect(Object.keys(ERROR_CODES).filter((code) => !answered.has(code))).toEqual([]);
  });

  it("explains every code with a key that has a French and an English message", () => {
    for (const [code, key] of Object.entries(ERROR_CODES)) {
      expect(messageOf(french, key), code).toBeTypeOf("string");
      expect(messageOf(english, key), code).toBeTypeOf("string");
      expect(code).toMatch(/^[a-z0-9]+(_[a-z0-9]+)*$/);
    }
  });

  it("keeps the codes the spec's client reads in the organization name errors (§5: '64', 'unique')", () => {
    expect(errorCodeForKey("organizations:errors.title-not-unique")).toBe("title_not_unique");
    expect(errorCodeForKey("organizations:errors.title-max-64")).toBe("title_max_64");
    expect(messageOf(french, ERROR_CODES.title_max_64)).toContain("64");
  });
});
