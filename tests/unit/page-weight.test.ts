import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { createInstance } from "i18next";
import { initReactI18next } from "react-i18next";
import { afterEach, describe, expect, it } from "vitest";
import { defaultNamespace, fallbackLanguage } from "../../domain/http/i18n-config";
import { namespaceRecorder, usedResources } from "~/lib/i18n-resources";
import { resources } from "~/locales";
import {
  type BrowserManifest,
  collectScriptUrls,
  pageBudgets,
  pageWeightFromBuild,
  readBrowserManifest,
  routeChain,
  scriptsForRoutes,
  signedInPageBudgets,
} from "../../scripts/lib/page-weight";

// The shape React Router's <Scripts> renders: modulepreload links, then one inline module script importing the routes.
const html = `<!DOCTYPE html><html><head>
<link rel="stylesheet" href="/assets/root.css"/>
<link rel="modulepreload" href="/assets/entry.client-A.js"/>
<link rel="modulepreload" href="/assets/react-B.js"/>
<link rel="preload" as="image" href="/banner.webp"/>
</head><body>
<script>window.__reactRouterContext = {"ssr":true};</script>
<script type="application/json" id="i18n-resources">{"lng":"fr","resources":{}}</script>
<script type="module" async="">;
import * as route0 from "/assets/root-C.js";
import * as route1 from "/assets/login-D.js";
import("/assets/entry.client-A.js");
</script>
<script type="module" src="https://cdn.example/widget.js"></script>
</body></html>`;

describe("collectScriptUrls", () => {
  it("lists modulepreloads, module script sources and static imports of inline module scripts, once each", () => {
    expect(collectScriptUrls(html, "http://localhost:8861/auth/login")).toEqual([
      "http://localhost:8861/assets/entry.client-A.js",
      "http://localhost:8861/assets/react-B.js",
      "http://localhost:8861/assets/root-C.js",
      "http://localhost:8861/assets/login-D.js",
      "https://cdn.example/widget.js",
    ]);
  });

  it("finds nothing in a page served without JavaScript", () => {
    const page = `<html><head><link rel="stylesheet" href="/assets/root.css"/></head><body><h1>Concert</h1></body></html>`;
    expect(collectScriptUrls(page, "http://localhost/events/1/concert")).toEqual([]);
  });
});

const manifest: BrowserManifest = {
  url: "/assets/manifest-1.js",
  entry: { module: "/assets/entry.js", imports: ["/assets/react.js"] },
  routes: {
    root: { module: "/assets/root.js", imports: ["/assets/react.js", "/assets/ui.js"] },
    "routes/app/layout": { module: "/assets/auth-layout.js", imports: ["/assets/ui.js"] },
    "routes/app/home": { module: "/assets/login.js" },
    "routes/public/event-page": { module: "/assets/event-page.js", imports: ["/assets/format.js"] },
  },
};

describe("scriptsForRoutes", () => {
  it("takes the entry, then each matched route's module and imports, without duplicates", () => {
    expect(scriptsForRoutes(manifest, ["root", "routes/app/layout", "routes/app/home"])).toEqual([
      "/assets/entry.js",
      "/assets/react.js",
      "/assets/root.js",
      "/assets/ui.js",
      "/assets/auth-layout.js",
      "/assets/login.js",
    ]);
  });

  it("refuses a route the manifest does not have", () => {
    expect(() => scriptsForRoutes(manifest, ["root", "routes/gone"])).toThrow("routes/gone");
  });
});

describe("pageWeightFromBuild", () => {
  let directory: string | undefined;
  afterEach(() => {
    if (directory) rmSync(directory, { recursive: true, force: true });
  });

  function fakeBuild() {
    directory = mkdtempSync(join(tmpdir(), "page-weight-"));
    mkdirSync(join(directory, "assets"));
    writeFileSync(
      join(directory, "assets", "manifest-1.js"),
      `window.__reactRouterManifest=${JSON.stringify(manifest)};`,
    );
    const files: Record<string, string> = {};
    for (const url of new Set(
      Object.values(manifest.routes).flatMap((route) => [route.module, ...(route.imports ?? [])]),
    )) {
      files[url] = `export const source = ${JSON.stringify(url.repeat(50))};`;
    }
    files["/assets/entry.js"] = "import './react.js';".repeat(40);
    files["/assets/react.js"] = "export function createElement() {}".repeat(200);
    for (const [url, content] of Object.entries(files)) writeFileSync(join(directory, url), content);
    return { directory, files };
  }

  it("reads the manifest React Router wrote", () => {
    const { directory } = fakeBuild();
    expect(readBrowserManifest(directory)).toEqual(manifest);
  });

  it("sums the gzipped size of each file the page loads", () => {
    const { directory, files } = fakeBuild();
    const routeIds = ["root", "routes/app/layout", "routes/app/home"];
    const weight = pageWeightFromBuild(directory, routeIds);
    const expected = scriptsForRoutes(manifest, routeIds).reduce(
      (sum, url) => sum + gzipSync(files[url]!).byteLength,
      0,
    );
    expect(weight.gzipBytes).toBe(expected);
    expect(weight.files.map((file) => file.url).sort()).toEqual(scriptsForRoutes(manifest, routeIds).sort());
    expect(weight.files[0]!.url).toBe("/assets/react.js");
  });

  it("counts nothing for the public event page, served without JavaScript", () => {
    const { directory } = fakeBuild();
    expect(pageWeightFromBuild(directory, ["root", "routes/public/event-page"])).toEqual({
      files: [],
      bytes: 0,
      gzipBytes: 0,
    });
  });
});

describe("page budgets", () => {
  it("are those of issue 8 §2, with the signed-in pages at 200 KB (issue 31 §7)", () => {
    expect(Object.fromEntries(pageBudgets.map((page) => [page.key, page.budgetKb]))).toEqual({
      "public-event": 100,
      login: 120,
      home: 200,
      "event-dashboard": 200,
      "event-editor": 200,
    });
  });
});

// The shape of React Router's manifest for nested routes: layouts, an index page, a resource route without a component.
const nested: BrowserManifest = {
  url: "/assets/manifest-2.js",
  entry: { module: "/assets/entry.js" },
  routes: {
    root: { module: "/assets/root.js", hasDefaultExport: true },
    "routes/auth/login": { module: "/assets/login.js", parentId: "root", hasDefaultExport: true },
    "routes/app/layout": { module: "/assets/app.js", parentId: "root", hasDefaultExport: true },
    "routes/app/home": { module: "/assets/home.js", parentId: "routes/app/layout", hasDefaultExport: true },
    "routes/app/event/layout": { module: "/assets/event.js", parentId: "routes/app/layout", hasDefaultExport: true },
    "routes/app/event/dashboard": {
      module: "/assets/dashboard.js",
      parentId: "routes/app/event/layout",
      hasDefaultExport: true,
    },
    "routes/app/event/orders-export": {
      module: "/assets/orders-export.js",
      parentId: "routes/app/event/layout",
      hasDefaultExport: false,
    },
  },
};

describe("routeChain", () => {
  it("lists a route's ancestors from the root down, then the route", () => {
    expect(routeChain(nested, "routes/app/event/dashboard")).toEqual([
      "root",
      "routes/app/layout",
      "routes/app/event/layout",
      "routes/app/event/dashboard",
    ]);
  });

  it("refuses a route the manifest does not have", () => {
    expect(() => routeChain(nested, "routes/gone")).toThrow("routes/gone");
  });
});

describe("signedInPageBudgets", () => {
  it("holds every page under the signed-in layout to 200 KB, with its ancestors, leaving out layouts, resource routes and other pages", () => {
    expect(signedInPageBudgets(nested, {})).toEqual([
      {
        key: "routes/app/event/dashboard",
        name: "event/dashboard",
        routeIds: ["root", "routes/app/layout", "routes/app/event/layout", "routes/app/event/dashboard"],
        budgetKb: 200,
      },
      {
        key: "routes/app/home",
        name: "home",
        routeIds: ["root", "routes/app/layout", "routes/app/home"],
        budgetKb: 200,
      },
    ]);
  });

  it("holds a page still listed in the ceilings to its ceiling, the others to 200 KB", () => {
    const budgets = signedInPageBudgets(nested, { "routes/app/event/dashboard": 236 });
    expect(budgets.map((budget) => [budget.key, budget.budgetKb])).toEqual([
      ["routes/app/event/dashboard", 236],
      ["routes/app/home", 200],
    ]);
  });

  it("counts what a signed-in page loads: the entry, the app layout, the event layout and the page", () => {
    const [dashboard] = signedInPageBudgets(nested, {});
    expect(scriptsForRoutes(nested, dashboard!.routeIds)).toEqual([
      "/assets/entry.js",
      "/assets/root.js",
      "/assets/app.js",
      "/assets/event.js",
      "/assets/dashboard.js",
    ]);
  });
});

describe("translations sent to the browser", () => {
  async function serverInstance(lng: string) {
    const instance = createInstance({
      resources,
      lng,
      defaultNS: defaultNamespace,
      fallbackLng: fallbackLanguage,
      interpolation: { escapeValue: false },
      postProcess: [namespaceRecorder.name],
      postProcessPassResolved: true,
    });
    instance.use(initReactI18next).use(namespaceRecorder);
    await instance.init();
    return instance;
  }

  it("are the namespaces the render resolved keys in, plus common and errors", async () => {
    const i18n = await serverInstance("en");
    i18n.t("auth:login.meta-title");
    const delivered = usedResources(i18n);
    expect(delivered.lng).toBe("en");
    expect(Object.keys(delivered.resources)).toEqual(["en"]);
    expect(Object.keys(delivered.resources.en!).sort()).toEqual(["auth", "common", "errors"]);
    expect(delivered.resources.en!.auth).toEqual(resources.en.auth);
  });

  it("come from the fallback language for a language without files of its own", async () => {
    const i18n = await serverInstance("nl");
    i18n.t("public-event:tickets");
    const delivered = usedResources(i18n);
    expect(delivered.lng).toBe("nl");
    expect(Object.keys(delivered.resources)).toEqual(["fr"]);
    expect(Object.keys(delivered.resources.fr!).sort()).toEqual(["common", "errors", "public-event"]);
  });
});
