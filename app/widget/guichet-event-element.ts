/**
 * The booking widget served as /widget.js (workers/routes/widget.ts; docs/contracts/booking-widget.md): the
 * `<guichet-event event="123">` element, which frames the event's embed page (/embed/events/:id) in its shadow root,
 * sizes the frame from the page's height reports and tells the host page when an order is complete. It injects
 * nothing into the host document: its one stylesheet is a constructed one adopted by the shadow root (a host CSP
 * without 'unsafe-inline' in style-src blocks a <style> element, not a constructed sheet).
 * Bundled by scripts/build-widget.ts into workers/widget/widget-source.generated.ts.
 */
import { embedFrameUrl, readFrameMessage, readReturnedOrder, returnAddress } from "../lib/widget-frame-protocol";

/** Replaced by the Worker with the origin that served the script. */
declare const GUICHET_ORIGIN: string;

const DEFAULT_FRAME_TITLE = "Réservation de billets (Guichet)";
const FRAME_TITLES: Record<string, string> = { fr: DEFAULT_FRAME_TITLE, en: "Ticket booking (Guichet)" };
const OBSERVED = ["event", "lang", "token", "max-width"];

function option(element: HTMLElement, name: string): string | null {
  return element.getAttribute(name) ?? element.getAttribute(`data-${name}`);
}

class GuichetEvent extends HTMLElement {
  static observedAttributes = [...OBSERVED, ...OBSERVED.map((name) => `data-${name}`)];
  private frame: HTMLIFrameElement | null = null;
  private readonly onMessage = (event: MessageEvent) => {
    if (!this.frame) return;
    const message = readFrameMessage(event, { origin: GUICHET_ORIGIN, source: this.frame.contentWindow });
    if (!message) return;
    if (message.type === "resize") {
      this.frame.style.height = `${message.height}px`;
    } else {
      this.dispatchEvent(
        new CustomEvent("guichet:order-completed", {
          detail: { order_id: message.order_id, status: message.status },
          bubbles: true,
          composed: true,
        }),
      );
    }
  };

  connectedCallback() {
    window.addEventListener("message", this.onMessage);
    this.render();
  }

  disconnectedCallback() {
    window.removeEventListener("message", this.onMessage);
  }

  attributeChangedCallback() {
    if (this.isConnected) this.render();
  }

  private render() {
    const root = this.shadowRoot ?? this.attachShadow({ mode: "open" });
    const maxWidth = Number(option(this, "max-width"));
    const css = `:host{display:block;${maxWidth >= 240 && maxWidth <= 4000 ? `max-width:${maxWidth}px;` : ""}}iframe{display:block;width:100%;border:0;color-scheme:normal}`;
    if (
      "adoptedStyleSheets" in root &&
      typeof CSSStyleSheet === "function" &&
      "replaceSync" in CSSStyleSheet.prototype
    ) {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(css);
      root.adoptedStyleSheets = [sheet];
    }
    const event = option(this, "event") ?? "";
    const src = embedFrameUrl(GUICHET_ORIGIN, {
      event,
      lang: option(this, "lang"),
      token: option(this, "token"),
      returnTo: returnAddress(location.href),
      // Back from the checkout: the frame shows the order, whose page reports it confirmed (never the fragment alone).
      returned: readReturnedOrder(location.hash, event),
    });
    if (!src) {
      root.replaceChildren();
      this.frame = null;
      return;
    }
    if (this.frame && this.frame.src === src) return;
    const frame = document.createElement("iframe");
    frame.src = src;
    frame.title = FRAME_TITLES[option(this, "lang") ?? ""] ?? DEFAULT_FRAME_TITLE;
    frame.loading = "lazy";
    // Until the page reports its height; set through the CSSOM, which a host style-src CSP does not block.
    frame.style.width = "100%";
    frame.style.height = "640px";
    frame.style.border = "0";
    root.replaceChildren(frame);
    this.frame = frame;
  }
}

if (!customElements.get("guichet-event")) customElements.define("guichet-event", GuichetEvent);
