import { readdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";

/**
 * The SQLite file behind the local D1 binding: wrangler (miniflare) keeps one `<hash>.sqlite` per database under
 * `<persistTo>/v3/d1/miniflare-D1DatabaseObject/`, next to its own `metadata.sqlite`.
 */
export function findLocalD1File(persistTo = ".wrangler/state"): string {
  const directory = resolve(persistTo, "v3", "d1", "miniflare-D1DatabaseObject");
  let names: string[] = [];
  try {
    names = readdirSync(directory);
  } catch {
    names = [];
  }
  const candidates = names
    .filter((name) => name.endsWith(".sqlite") && name !== "metadata.sqlite")
    .map((name) => {
      const path = join(directory, name);
      // In WAL mode recent writes touch only the -wal file.
      let modified = statSync(path).mtimeMs;
      if (names.includes(`${name}-wal`)) modified = Math.max(modified, statSync(`${path}-wal`).mtimeMs);
      return { path, modified };
    })
    // Several files appear when the database id changed; the live one is the one written last.
    .sort((a, b) => b.modified - a.modified || a.path.localeCompare(b.path));
  const newest = candidates[0];
  if (!newest) {
    throw new Error(
      `No local D1 database found in ${directory}. Create it first with: npx wrangler d1 migrations apply DB --local` +
        (persistTo === ".wrangler/state" ? "" : ` --persist-to ${persistTo}`),
    );
  }
  return newest.path;
}
