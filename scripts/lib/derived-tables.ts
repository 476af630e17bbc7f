import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import type { DerivedTable } from "./d1-dump";

const migrations = resolve(import.meta.dirname, "../../migrations");

/**
 * The tables a restore rebuilds instead of loading their exported rows (d1-dump.ts): the participants search tokens
 * (decision 0069), about 34 rows per participant, refilled by the very statement of their migration.
 */
export function derivedTables(): DerivedTable[] {
  const text = readFileSync(resolve(migrations, "0034_participant-search-tokens.sql"), "utf8");
  const rebuild = text
    .split("--> statement-breakpoint")
    .map((statement) => statement.trim())
    .map((statement) => statement.replace(/^(--[^\n]*\n)+/, "").trim())
    .find((statement) => /^INSERT OR IGNORE INTO `participant_search_tokens`/.test(statement));
  if (!rebuild) throw new Error("migration 0034 has no statement that fills participant_search_tokens");
  return [{ table: "participant_search_tokens", rebuild }];
}
