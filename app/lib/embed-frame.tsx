import { useCspNonce } from "~/lib/csp-nonce";
import { returnAddress } from "#domain/public-events/embed-return";

/** The element whose height the embed page reports: the page's content, not the body (min-h-svh fills the frame). */
export const EMBED_ROOT_ATTRIBUTE = "data-embed-root";
/** On the embed order page: the completion the page reports once, as JSON `{order_id, status}`. */
export const EMBED_COMPLETED_ATTRIBUTE = "data-order-completed";

/**
 * The embed pages' one script (they load no other: app/lib/pages-without-javascript.ts): inside a frame, it posts the
 * content's height whenever it changes and, on a confirmed order's page, the completion, in the envelope that
 * app/lib/widget-frame-protocol.ts reads. "*" as target: the host is whichever site frames the page, and the messages carry
 * nothing the host may not know (an order number and its status, never its token).
 */
export const EMBED_FRAME_SCRIPT = `(function(){
if(window.parent===window)return;
var root=document.querySelector("[${EMBED_ROOT_ATTRIBUTE}]");if(!root)return;
var last=0;
function post(message){message.source="guichet";window.parent.postMessage(message,"*");}
function report(){var height=Math.ceil(root.getBoundingClientRect().height);if(height!==last){last=height;post({type:"resize",height:height});}}
if(typeof ResizeObserver==="function")new ResizeObserver(report).observe(root);
window.addEventListener("load",report);report();
var completed=root.getAttribute("${EMBED_COMPLETED_ATTRIBUTE}");
if(completed){try{var order=JSON.parse(completed);post({type:"order-completed",order_id:order.order_id,status:order.status});}catch(error){}}
})();`;

export function EmbedFrameScript() {
  const nonce = useCspNonce();
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: EMBED_FRAME_SCRIPT }} />;
}

/** The language an embed address asks for (`lang=`), when it is one of ours. */
export function embedLanguage(url: URL): "fr" | "en" | null {
  const lang = url.searchParams.get("lang");
  return lang === "fr" || lang === "en" ? lang : null;
}

/** The host page a paid order comes back to (`return=`, set by the widget), when it is a valid http(s) address. */
export function embedReturnTo(url: URL): string | null {
  const value = url.searchParams.get("return");
  return value ? returnAddress(value) : null;
}

/** An embed page's query: the private link's `t`, the language and the way back, carried from page to page. */
export function embedQuery(options: {
  privateHash?: string | null;
  lang?: string | null;
  returnTo?: string | null;
}): string {
  const query = new URLSearchParams();
  if (options.privateHash) query.set("t", options.privateHash);
  if (options.lang) query.set("lang", options.lang);
  if (options.returnTo) query.set("return", options.returnTo);
  const search = query.toString();
  return search ? `?${search}` : "";
}
