import { readdirSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import type { DerivedTable } from "./d1-dump";

const migrations = resolve(import.meta.dirname, "../../migrations");

const fillsTokens = /^INSERT OR IGNORE INTO `participant_search_tokens`/;

/**
 * The tables a restore rebuilds instead of loading their exported rows (d1-dump.ts): the participants search tokens
 * (decisions 0069, 0074), about 30 rows per participant, refilled by the statement of the latest migration that
 * fills them (the tokens' current rule).
 */
export function derivedTables(): DerivedTable[] {
  const files = readdirSync(migrations)
    .filter((name) => name.endsWith(".sql"))
    .sort()
    .reverse();
  for (const file of files) {
    const rebuild = readFileSync(resolve(migrations, file), "utf8")
      .split("--> statement-breakpoint")
      .map((statement) => statement.trim())
      .map((statement) => statement.replace(/^(--[^\n]*\n)+/, "").trim())
      .find((statement) => fillsTokens.test(statement));
    if (rebuild) return [{ table: "participant_search_tokens", rebuild }];
  }
  throw new Error("no migration fills participant_search_tokens");
}
