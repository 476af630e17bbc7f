import { createMiddleware } from "hono/factory";
import { CSP_META_PIXEL_HEADER, META_PIXEL_ORIGIN } from "#domain/http/tracking-consent";
import type { HonoEnv } from "../hono-app";

// The reset link carries its code in the query: no page loaded from it may pass the address on.
const NO_REFERRER_PATHS = new Set(["/auth/reset-password"]);

/**
 * The booking widget's pages (issue 26 §5, docs/decisions/0053-booking-widget.md): the only ones any site may frame.
 * They show only what the public event page shows, and pay in the top window (Stripe Checkout refuses frames).
 */
export function isFramablePath(path: string): boolean {
  return path.startsWith("/embed/");
}

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** Two years, subdomains included: the deployed host is only ever served over HTTPS. */
const STRICT_TRANSPORT_SECURITY = "max-age=63072000; includeSubDomains";

/** 128 random bits for the Content-Security-Policy of one response. */
function createCspNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

/**
 * The policy of an HTML page. Scripts run only when they carry this response's nonce, or when a script that did loaded
 * them ('strict-dynamic': the route modules React Router imports). Styles allow inline ones: the public page and the
 * editor set theme colours in `style` attributes, and the toaster injects its stylesheet. Images come from our
 * `/images/*`, and `data:`/`blob:` for the banner cropper's previews.
 */
export function pageContentSecurityPolicy(
  nonce: string,
  options: { metaPixel?: boolean; framable?: boolean } = {},
): string {
  return [
    "default-src 'self'",
    `script-src 'nonce-${nonce}' 'strict-dynamic'`,
    "style-src 'self' 'unsafe-inline'",
    // Meta's image pixel only on a page that renders it, after the visitor's consent (domain/http/tracking-consent.ts).
    `img-src 'self' data: blob:${options.metaPixel ? ` ${META_PIXEL_ORIGIN}` : ""}`,
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    // The booking widget's pages (/embed/*) are framed by organizers' own sites, whichever they are.
    `frame-ancestors ${options.framable ? "*" : "'none'"}`,
  ].join("; ");
}

/**
 * Headers every response carries, pages, API, images and errors alike: no framing by another site (clickjacking), no
 * MIME sniffing, no full address sent to other sites in the Referer, and HTTPS only once a browser has seen the site
 * (never on localhost, where it would stick to every local project). HTML pages get the full nonce-based policy; the
 * nonce is made here, before anything renders, and handed to React Router through the fallback (`cspNonce`).
 */
export const securityHeaders = createMiddleware<HonoEnv>(async (c, next) => {
  const nonce = createCspNonce();
  c.set("cspNonce", nonce);
  await next();
  const html = c.res.headers.get("Content-Type")?.toLowerCase().startsWith("text/html") === true;
  const metaPixel = c.res.headers.get(CSP_META_PIXEL_HEADER) === "1";
  const framable = html && isFramablePath(c.req.path);
  const headers: Record<string, string> = {
    "Content-Security-Policy": html
      ? pageContentSecurityPolicy(nonce, { metaPixel, framable })
      : "frame-ancestors 'none'",
    // A route that chose its own (the order page and the tickets PDF carry their token in the address) keeps it.
    "Referrer-Policy":
      c.res.headers.get("Referrer-Policy") ?? (NO_REFERRER_PATHS.has(c.req.path) ? "no-referrer" : "same-origin"),
    "X-Content-Type-Options": "nosniff",
  };
  // X-Frame-Options has no "anyone" value: an embed page sends none, and its CSP's frame-ancestors says who may frame it.
  if (!framable) headers["X-Frame-Options"] = "DENY";
  if (!LOOPBACK_HOSTS.has(new URL(c.req.url).hostname))
    headers["Strict-Transport-Security"] = STRICT_TRANSPORT_SECURITY;
  try {
    for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value);
    c.res.headers.delete(CSP_META_PIXEL_HEADER);
  } catch {
    // A response straight from fetch() or the cache has immutable headers: copy it (the body is streamed, not read).
    const response = new Response(c.res.body, c.res);
    for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
    response.headers.delete(CSP_META_PIXEL_HEADER);
    c.res = undefined;
    c.res = response;
  }
});

/**
 * An HTML response rendered for another request (the public page's edge copy) with its script nonces set to this
 * request's: the policy sent now names only the fresh nonce, so a stored one is never honoured twice.
 */
export function withFreshNonce(response: Response, nonce: string): Response {
  return new HTMLRewriter()
    .on("[nonce]", {
      element(element) {
        element.setAttribute("nonce", nonce);
      },
    })
    .transform(response);
}
