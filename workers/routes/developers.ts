import type { Context } from "hono";
import type { HonoEnv } from "../hono-app";
import { errorMessage } from "../error-response";
import { openApiJson } from "../openapi/document";
import { catalogueErrorCodes } from "../openapi/error-codes";

/**
 * Where the build puts the reference renderer (Scalar's standalone bundle, copied from node_modules by
 * scripts/lib/api-reference-asset.ts): served by Workers Static Assets, from our own origin.
 */
export const API_REFERENCE_SCRIPT = "/developers/api-reference.js";

/** public/developers/accessibility-repairs.js: the ARIA fixes of Scalar's markup axe flags as serious. */
const ACCESSIBILITY_REPAIRS_SCRIPT = "/developers/accessibility-repairs.js";

/** GET /api/openapi.json — public, no session; the same for everyone, so any cache may keep it a while. */
export async function openApiDocument(c: Context<HonoEnv>): Promise<Response> {
  const source = c.get("errorMessages");
  const messages = typeof source === "function" ? await source() : source;
  const codes = catalogueErrorCodes((key) => errorMessage(messages, "en", key, "validation"));
  return c.body(openApiJson(codes), 200, {
    "Content-Type": "application/json; charset=utf-8",
    "Cache-Control": "public, max-age=300",
    // Tools and generators read it from other origins.
    "Access-Control-Allow-Origin": "*",
  });
}

/** Darker text and HTTP method colours than Scalar's light theme: axe's contrast check (4.5:1) on every label. */
const CONTRAST_CSS = `.light-mode {
  --scalar-color-2: #595959;
  --scalar-color-3: #616161;
  --scalar-sidebar-color-2: #595959;
  --scalar-sidebar-search-color: #616161;
  --scalar-color-blue: #075ea8;
  --scalar-color-green: #0b6b35;
  --scalar-color-orange: #984700;
  --scalar-color-red: #b3261e;
  --scalar-color-purple: #6b3fa0;
  --scalar-color-yellow: #765a00;
}`;

/**
 * GET /developers — the API reference, rendered in the browser by Scalar from /api/openapi.json. Both scripts carry
 * this response's CSP nonce; Scalar's default web fonts (another origin) and its AI assistant are off, and the
 * policy's `connect-src 'self'` keeps any call on our own API. Light theme only: the one the contrast is checked in.
 */
export function developersPage(c: Context<HonoEnv>): Response {
  const nonce = c.get("cspNonce");
  const configuration = {
    url: "/api/openapi.json",
    withDefaultFonts: false,
    hideClientButton: true,
    showDeveloperTools: "never",
    telemetry: false,
    // Scalar's AI assistant calls scalar.com (blocked by our connect-src anyway): off.
    agent: { disabled: true },
    forceDarkModeState: "light",
    hideDarkModeToggle: true,
    customCss: CONTRAST_CSS,
    metaData: { title: "Guichet API reference" },
  };
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Guichet API reference</title>
<meta name="description" content="Reference of the Guichet ticketing API: events, tickets, orders, participants, check-ins, finance and public booking.">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}noscript p{padding:2rem}</style>
</head>
<body>
<div id="api-reference-root"></div>
<noscript><p>The reference needs JavaScript. The raw document is at <a href="/api/openapi.json">/api/openapi.json</a>.</p></noscript>
<script nonce="${nonce}" src="${API_REFERENCE_SCRIPT}"></script>
<script nonce="${nonce}">Scalar.createApiReference("#api-reference-root", ${JSON.stringify(configuration)});</script>
<script nonce="${nonce}" src="${ACCESSIBILITY_REPAIRS_SCRIPT}"></script>
</body>
</html>`;
  return c.html(html, 200, { "Cache-Control": "no-store" });
}
