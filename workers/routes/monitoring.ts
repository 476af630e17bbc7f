import { Hono } from "hono";
import { consentFromCookieHeader } from "#domain/http/tracking-consent";
import { ANALYTICS_EVENTS_PATH, ERROR_TUNNEL_PATH, monitoringConfigFromEnv } from "#domain/http/monitoring-config";
import type { HonoEnv } from "../hono-app";

/**
 * First-party relays for the browser's error reports and analytics events (docs/decisions/0025-deploy-logs-and-error-reporting.md): the pages'
 * Content-Security-Policy keeps `connect-src 'self'`, ad blockers do not silently drop error reports, and the Worker
 * decides what may leave — envelopes only for the configured Sentry project, analytics events only from a visitor
 * who accepted tracking. Both answer 404 when their service is not configured.
 */
export const monitoringRoutes = new Hono<HonoEnv>();

/** 200 KB: Sentry's browser envelopes are far smaller; anything bigger is not an error report. */
const MAX_ENVELOPE_BYTES = 200 * 1024;

/**
 * Whether the service took the relayed request. An unreachable service is a 502 for the browser, never an error of
 * ours: reporting it would send one more envelope through the same failing path.
 */
async function relay(url: string, init: RequestInit): Promise<boolean> {
  try {
    return (await fetch(url, init)).ok;
  } catch {
    return false;
  }
}

type Dsn = { host: string; projectId: string; publicKey: string };

function parseDsn(dsn: string): Dsn | null {
  try {
    const url = new URL(dsn);
    const projectId = url.pathname.split("/").filter(Boolean).pop();
    if (url.protocol !== "https:" || !url.username || !projectId || !/^\d+$/.test(projectId)) return null;
    return { host: url.host, projectId, publicKey: url.username };
  } catch {
    return null;
  }
}

/** Sentry's tunnel: the envelope's header names its DSN, which must be this deployment's. */
monitoringRoutes.post(ERROR_TUNNEL_PATH.replace("/monitoring", ""), async (c) => {
  const configured = c.env.SENTRY_DSN ? parseDsn(c.env.SENTRY_DSN) : null;
  if (!configured) return c.body(null, 404);
  const envelope = await c.req.arrayBuffer();
  if (envelope.byteLength > MAX_ENVELOPE_BYTES) return c.body(null, 413);
  const firstLine = new TextDecoder().decode(envelope.slice(0, 4096)).split("\n", 1)[0] ?? "";
  let header: { dsn?: unknown };
  try {
    header = JSON.parse(firstLine) as { dsn?: unknown };
  } catch {
    return c.body(null, 400);
  }
  const given = typeof header.dsn === "string" ? parseDsn(header.dsn) : null;
  if (
    !given ||
    given.host !== configured.host ||
    given.projectId !== configured.projectId ||
    given.publicKey !== configured.publicKey
  )
    return c.body(null, 400);
  const upstream = await relay(`https://${configured.host}/api/${configured.projectId}/envelope/`, {
    method: "POST",
    headers: { "Content-Type": "application/x-sentry-envelope" },
    body: envelope,
  });
  return c.body(null, upstream ? 200 : 502);
});

/**
 * An analytics event with its page address cut to the path (a data table's query holds searched names and emails) and
 * its referrer to an origin; null when it is not a JSON object.
 */
function analyticsEventWithoutQuery(text: string): string | null {
  let event: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(text);
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return null;
    event = parsed as Record<string, unknown>;
  } catch {
    return null;
  }
  for (const key of ["u", "url"]) {
    if (typeof event[key] !== "string") continue;
    try {
      const url = new URL(event[key]);
      event[key] = `${url.origin}${url.pathname}`;
    } catch {
      delete event[key];
    }
  }
  for (const key of ["r", "referrer"]) {
    if (typeof event[key] !== "string") continue;
    try {
      event[key] = new URL(event[key]).origin;
    } catch {
      delete event[key];
    }
  }
  delete event.p;
  delete event.props;
  return JSON.stringify(event);
}

/**
 * Plausible-style events (`data-api` of the analytics script): relayed to the script's origin `/api/event` with the
 * visitor's user agent and address, which the service needs to count unique visitors (it keeps neither); dropped
 * with 202 when the visitor has not accepted tracking.
 */
monitoringRoutes.post(ANALYTICS_EVENTS_PATH.replace("/monitoring", ""), async (c) => {
  const analytics = monitoringConfigFromEnv(c.env)?.analytics;
  if (!analytics) return c.body(null, 404);
  if (consentFromCookieHeader(c.req.header("Cookie")) !== "ads") return c.body(null, 202);
  const text = await c.req.text();
  if (text.length > 4096) return c.body(null, 413);
  const body = analyticsEventWithoutQuery(text);
  if (!body) return c.body(null, 400);
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  const userAgent = c.req.header("User-Agent");
  if (userAgent) headers["User-Agent"] = userAgent;
  const address = c.req.header("CF-Connecting-IP");
  if (address) headers["X-Forwarded-For"] = address;
  const upstream = await relay(new URL("/api/event", analytics.scriptUrl).toString(), {
    method: "POST",
    headers,
    body,
  });
  return c.body(null, upstream ? 202 : 502);
});
