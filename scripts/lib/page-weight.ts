/**
 * How much JavaScript a page makes the browser download, gzipped: the module scripts and modulepreloads of the
 * server-rendered HTML (what `npm run bench` measures on the running Worker), or the same set computed from the build's
 * React Router manifest (what the build-time budget check in vite.config.ts uses, no server needed).
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import type { Plugin } from "vite";
import { pageLoadsJavaScript } from "../../app/lib/pages-without-javascript.ts";

export type PageKey = "public-event" | "login" | "home" | "event-dashboard" | "event-editor";

export type PageBudget = {
  key: PageKey;
  name: string;
  /** Route ids from the root down to the page's leaf route, as in the React Router manifest. */
  routeIds: string[];
  budgetKb: number;
};

/** A page the build holds to a budget: one of pageBudgets, or a signed-in page keyed by its route id. */
export type BudgetedPage = Omit<PageBudget, "key"> & { key: string };

const appShell = ["root", "routes/app/layout"];

/** The signed-in app's layout: every page under it is held to SIGNED_IN_BUDGET_KB (issue 31 §7). */
export const SIGNED_IN_LAYOUT = "routes/app/layout";
/** Issue 31 §7: every signed-in page loads 200 KB of gzipped JavaScript or less at first load. */
export const SIGNED_IN_BUDGET_KB = 200;

/**
 * Signed-in pages allowed above SIGNED_IN_BUDGET_KB, each at a ceiling of its own (docs/decisions/0071-lighter-signed-
 * in-pages.md). Empty since every page is within 200 KB: a page over it fails the build.
 */
export const SIGNED_IN_CEILINGS_KB: Readonly<Record<string, number>> = {};

/** One page per kind, with the budgets of issue 8 §2 (signed-in pages lowered by issue 31 §7); `npm run bench` measures these. */
export const pageBudgets: PageBudget[] = [
  { key: "public-event", name: "public event page", routeIds: ["root", "routes/public/event-page"], budgetKb: 100 },
  { key: "login", name: "login", routeIds: ["root", "routes/auth/layout", "routes/auth/login"], budgetKb: 120 },
  {
    key: "home",
    name: "events home (signed in)",
    routeIds: [...appShell, "routes/app/home"],
    budgetKb: SIGNED_IN_BUDGET_KB,
  },
  {
    key: "event-dashboard",
    name: "event dashboard",
    routeIds: [...appShell, "routes/app/event/layout", "routes/app/event/dashboard"],
    budgetKb: SIGNED_IN_BUDGET_KB,
  },
  {
    key: "event-editor",
    name: "event editor",
    routeIds: [...appShell, "routes/app/event-editor/update"],
    budgetKb: SIGNED_IN_BUDGET_KB,
  },
];

export type JsFile = { url: string; bytes: number; gzipBytes: number };
export type PageWeight = { files: JsFile[]; bytes: number; gzipBytes: number };

export function gzipSize(content: string | Uint8Array): number {
  return gzipSync(content).byteLength;
}

function weigh(files: JsFile[]): PageWeight {
  return {
    files: [...files].sort((a, b) => b.gzipBytes - a.gzipBytes),
    bytes: files.reduce((sum, file) => sum + file.bytes, 0),
    gzipBytes: files.reduce((sum, file) => sum + file.gzipBytes, 0),
  };
}

export const kb = (bytes: number) => bytes / 1024;

/**
 * The JavaScript URLs a server-rendered page loads before it is interactive: `<script type="module" src>`,
 * `<link rel="modulepreload">`, and the static `import` specifiers of inline module scripts (React Router imports the
 * manifest and the route modules from one inline script). Dynamic `import()` calls are lazy and left out.
 */
export function collectScriptUrls(html: string, pageUrl: string): string[] {
  const urls = new Set<string>();
  const add = (specifier: string) => urls.add(new URL(specifier, pageUrl).toString());
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    if (!/\brel=["']?modulepreload\b/i.test(tag)) continue;
    const href = /\bhref=["']([^"']+)["']/i.exec(tag)?.[1];
    if (href) add(href);
  }
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attributes = match[1] ?? "";
    if (!/\btype=["']?module\b/i.test(attributes)) continue;
    const src = /\bsrc=["']([^"']+)["']/i.exec(attributes)?.[1];
    if (src) add(src);
    for (const statement of (match[2] ?? "").matchAll(
      /(?:^|[;\s])import\s*(?:[\w*{}\s,$]+from\s*)?["']([^"']+)["']/g,
    )) {
      add(statement[1]!);
    }
  }
  return [...urls];
}

/** Fetches a page, then every JavaScript file it loads, and sums their gzipped sizes. */
export async function measurePageWeight(pageUrl: string, init?: RequestInit): Promise<PageWeight> {
  const response = await fetch(pageUrl, init);
  if (response.status !== 200) throw new Error(`${pageUrl}: HTTP ${response.status}`);
  const urls = collectScriptUrls(await response.text(), pageUrl);
  const files = await Promise.all(
    urls.map(async (url) => {
      const script = await fetch(url);
      if (!script.ok) throw new Error(`${url}: HTTP ${script.status}`);
      const body = new Uint8Array(await script.arrayBuffer());
      return { url: new URL(url).pathname, bytes: body.byteLength, gzipBytes: gzipSize(body) };
    }),
  );
  return weigh(files);
}

type ManifestAssets = { module: string; imports?: string[] };
export type BrowserManifest = {
  url: string;
  entry: ManifestAssets;
  routes: Record<string, ManifestAssets & { parentId?: string; hasDefaultExport?: boolean }>;
};

/** A route's id and its ancestors', from the root down, as React Router matches them. */
export function routeChain(manifest: BrowserManifest, id: string): string[] {
  const chain: string[] = [];
  for (let current: string | undefined = id; current; current = manifest.routes[current]?.parentId) {
    if (!manifest.routes[current]) throw new Error(`route ${current} is not in the manifest`);
    chain.unshift(current);
  }
  return chain;
}

/**
 * Every page of the signed-in app, read from the manifest so that a new page is held to the budget without being
 * listed: each route under SIGNED_IN_LAYOUT that renders (a default export) and has no child route (a layout such as
 * the event area or finance is measured with each of its pages). Resource routes (CSV exports, actions) render nothing.
 */
export function signedInPageBudgets(manifest: BrowserManifest, ceilings = SIGNED_IN_CEILINGS_KB): BudgetedPage[] {
  const parents = new Set(Object.values(manifest.routes).map((route) => route.parentId));
  return Object.entries(manifest.routes)
    .filter(([id, route]) => route.hasDefaultExport && !parents.has(id))
    .map(([id]) => routeChain(manifest, id))
    .filter((chain) => chain.includes(SIGNED_IN_LAYOUT))
    .map((routeIds) => ({
      key: routeIds.at(-1)!,
      name: routeIds.at(-1)!.replace(/^routes\/app\//, ""),
      routeIds,
      budgetKb: ceilings[routeIds.at(-1)!] ?? SIGNED_IN_BUDGET_KB,
    }))
    .sort((a, b) => a.key.localeCompare(b.key));
}

/**
 * The files React Router's `<Scripts>` preloads for a page whose matched routes are `routeIds`: the client entry and
 * its imports, then each route module and its static imports. (With lazy route discovery, the default, the manifest
 * is inlined in the HTML, not loaded as manifest-*.js.)
 */
export function scriptsForRoutes(manifest: BrowserManifest, routeIds: string[]): string[] {
  const files = new Set<string>([manifest.entry.module, ...(manifest.entry.imports ?? [])]);
  for (const id of routeIds) {
    const route = manifest.routes[id];
    if (!route) throw new Error(`route ${id} is not in the manifest`);
    files.add(route.module);
    for (const file of route.imports ?? []) files.add(file);
  }
  return [...files];
}

/** Reads `build/client/assets/manifest-*.js` (React Router's browser manifest). */
export function readBrowserManifest(clientDirectory: string): BrowserManifest {
  const assets = join(clientDirectory, "assets");
  // The build empties the directory first; should two builds have overlapped, the last manifest written is the live one.
  const newest = readdirSync(assets)
    .filter((name) => /^manifest-[\w-]+\.js$/.test(name))
    .map((name) => ({ path: join(assets, name), modified: statSync(join(assets, name)).mtimeMs }))
    .sort((a, b) => b.modified - a.modified)[0];
  if (!newest) throw new Error(`no manifest-*.js in ${assets}: run npm run build first`);
  const source = readFileSync(newest.path, "utf8");
  return JSON.parse(source.replace(/^window\.__reactRouterManifest=/, "").replace(/;\s*$/, "")) as BrowserManifest;
}

/**
 * A page's weight computed from the build output: the same files the server-rendered HTML would list (none for a page
 * app/root.tsx serves without JavaScript).
 */
export function pageWeightFromBuild(
  clientDirectory: string,
  routeIds: string[],
  manifest = readBrowserManifest(clientDirectory),
) {
  const urls = pageLoadsJavaScript(routeIds) ? scriptsForRoutes(manifest, routeIds) : [];
  const files = urls.map((url) => {
    const body = readFileSync(join(clientDirectory, url.replace(/^\//, "")));
    return { url, bytes: body.byteLength, gzipBytes: gzipSize(body) };
  });
  return weigh(files);
}

export type BudgetResult = BudgetedPage & { weight: PageWeight; withinBudget: boolean };

/** The pages without JavaScript of pageBudgets, then every signed-in page (signedInPageBudgets). */
export function checkBudgets(clientDirectory: string): BudgetResult[] {
  const manifest = readBrowserManifest(clientDirectory);
  const budgets: BudgetedPage[] = [
    ...pageBudgets.filter((budget) => !budget.routeIds.includes(SIGNED_IN_LAYOUT)),
    ...signedInPageBudgets(manifest),
  ];
  return budgets.map((budget) => {
    const weight = pageWeightFromBuild(clientDirectory, budget.routeIds, manifest);
    return { ...budget, weight, withinBudget: kb(weight.gzipBytes) <= budget.budgetKb };
  });
}

export function formatBudgetLine(name: string, gzipBytes: number, budgetKb: number): string {
  const within = kb(gzipBytes) <= budgetKb;
  return `${within ? "✔" : "✖"} ${name.padEnd(34)} ${kb(gzipBytes).toFixed(1).padStart(6)} KB gzipped JS  (budget ${budgetKb} KB)`;
}

/**
 * Vite plugin: after the server build (React Router writes the browser manifest then), prints each page's gzipped
 * JavaScript beside its budget. With `strict`, a page over its budget fails the build.
 */
export function pageWeightReport({ clientDirectory, strict }: { clientDirectory: string; strict: boolean }): Plugin {
  return {
    name: "guichet:page-weight",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "ssr",
    closeBundle: {
      order: "post",
      sequential: true,
      handler() {
        const results = checkBudgets(clientDirectory);
        console.log("\nJavaScript per page, gzipped (scripts/lib/page-weight.ts)");
        for (const result of results)
          console.log(formatBudgetLine(result.name, result.weight.gzipBytes, result.budgetKb));
        const over = results.filter((result) => !result.withinBudget).map((result) => result.name);
        if (over.length > 0 && strict) this.error(`over budget: ${over.join(", ")}`);
      },
    },
  };
}
