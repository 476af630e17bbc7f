import { isbot } from "isbot";
// React's Node build, not the edge build that "react-dom/server" resolves to in workerd: it encodes each HTML string
// straight into its output buffer (TextEncoder.encodeInto) where the edge build allocates an array per string. Same
// HTML, about 2 ms less CPU per signed-in page (docs/decisions/0031); nodejs_compat provides the node: modules it uses.
import { renderToReadableStream } from "react-dom/server.node";
import { I18nextProvider } from "react-i18next";
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { errorFields, logger } from "#domain/shared/logger";
import { reportError } from "#adapters/error-reporting";
import { CspNonceContext } from "./lib/csp-nonce";
import { getInstance } from "./middleware/i18next";
import { serverContext } from "./server/context";

export const streamTimeout = 5_000;

/**
 * Loader, action and render errors that React Router answers with an error page instead of throwing: one error log
 * line of the request (domain/shared/logger.ts) and a Sentry report when SENTRY_DSN is set. Thrown responses (404s) and
 * requests the visitor aborted are not errors.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted || isRouteErrorResponse(error)) return;
  logger.error("route error", errorFields(error));
  reportError(error);
};

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  let shellRendered = false;
  const userAgent = request.headers.get("user-agent");
  // On every script and preload React Router renders (root.tsx passes it on; ServerRouter for the streamed data) and
  // on React's own inline scripts.
  const { cspNonce } = loadContext.get(serverContext);
  const body = await renderToReadableStream(
    <CspNonceContext value={cspNonce}>
      <I18nextProvider i18n={getInstance(loadContext)}>
        <ServerRouter context={routerContext} url={request.url} nonce={cspNonce} />
      </I18nextProvider>
    </CspNonceContext>,
    {
      nonce: cspNonce,
      signal: AbortSignal.timeout(streamTimeout + 1000),
      onError(error: unknown) {
        responseStatusCode = 500;
        if (shellRendered) console.error(error);
      },
    },
  );
  shellRendered = true;
  if ((userAgent && isbot(userAgent)) || routerContext.isSpaMode) await body.allReady;
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  return new Response(body, { headers: responseHeaders, status: responseStatusCode });
}
