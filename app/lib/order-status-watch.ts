/** The parts of `window` the watcher uses (a fake one in tests/unit/order-status-watch.test.ts). */
export type WatchWindow = {
  fetch: (
    url: string,
    init: { headers: Record<string, string>; cache: "no-store" },
  ) => Promise<{
    ok: boolean;
    status: number;
    json: () => Promise<unknown>;
  }>;
  setTimeout: (callback: () => void, ms: number) => number;
  clearTimeout: (id: number) => void;
  document: {
    visibilityState: string;
    addEventListener: (type: "visibilitychange", listener: () => void) => void;
    getElementById: (id: string) => { focus: () => void } | null;
  };
  sessionStorage: {
    getItem: (key: string) => string | null;
    setItem: (key: string, value: string) => void;
    removeItem: (key: string) => void;
  };
  location: { reload: () => void };
};

export type WatchOptions = {
  /** `GET /api/public/orders/:id?token=…`, whose `status` is compared with the page's. */
  apiUrl: string;
  /** The order's status as the page shows it. */
  status: string;
  /** The id of the page's first-level heading (tabindex -1), focused after the page reloaded itself. */
  headingId: string;
  firstDelayMs: number;
  maxDelayMs: number;
  /** Time spent waiting after which the page stops asking (until the tab is shown again). */
  budgetMs: number;
};

export const orderWatchDefaults = { firstDelayMs: 3_000, maxDelayMs: 30_000, budgetMs: 600_000 };

/**
 * Runs in the order page as an inline script (the page ships no other JavaScript: app/lib/pages-without-javascript.ts),
 * serialised with Function.prototype.toString, so it references nothing outside itself. While the order waits for its
 * payment it asks the public API for the status, at growing intervals, never while the tab is hidden, for ten minutes of
 * waiting at most; when the status changes it reloads the page once, and the reloaded page moves the focus to its new
 * heading. Replaces a `<meta http-equiv="refresh">`, which reloaded every 5 s and sent screen readers back to the top.
 */
export function watchOrderStatus(options: WatchOptions, win: WatchWindow): void {
  const flag = "guichet:order-status-changed";
  if (win.sessionStorage.getItem(flag) === options.apiUrl) {
    win.sessionStorage.removeItem(flag);
    const heading = win.document.getElementById(options.headingId);
    if (heading) heading.focus();
  }
  if (options.status !== "pending") return;

  let delay = options.firstDelayMs;
  let waited = 0;
  let timer: number | null = null;
  let asking = false;
  let finished = false;

  function schedule() {
    if (finished || asking || timer !== null || win.document.visibilityState === "hidden") return;
    if (waited >= options.budgetMs) return;
    const wait = Math.min(delay, options.budgetMs - waited);
    timer = win.setTimeout(() => {
      timer = null;
      waited += wait;
      delay = Math.min(Math.round(delay * 1.5), options.maxDelayMs);
      void ask();
    }, wait);
  }

  async function ask() {
    asking = true;
    try {
      const response = await win.fetch(options.apiUrl, { headers: { Accept: "application/json" }, cache: "no-store" });
      if (response.ok) {
        const body = (await response.json()) as { status?: unknown };
        if (typeof body.status === "string" && body.status !== options.status) {
          finished = true;
          win.sessionStorage.setItem(flag, options.apiUrl);
          win.location.reload();
          return;
        }
      } else if (response.status === 404) {
        // The order or its token is gone: the page's own link still reloads it.
        finished = true;
        return;
      }
    } catch {
      // Offline or a failed request: the next attempt comes later.
    } finally {
      asking = false;
    }
    schedule();
  }

  win.document.addEventListener("visibilitychange", () => {
    if (finished) return;
    if (win.document.visibilityState === "hidden") {
      if (timer !== null) win.clearTimeout(timer);
      timer = null;
      return;
    }
    // Back on the tab: a fresh budget, starting with a quick look.
    waited = 0;
    delay = options.firstDelayMs;
    schedule();
  });
  schedule();
}

/** The inline script's source: the function above called with these options on the browser's window. */
export function orderStatusWatchScript(options: WatchOptions): string {
  // JSON in a script element: "<" escaped so that no "</script>" can close it early.
  const json = JSON.stringify(options).replace(/</g, "\\u003c");
  return `(${watchOrderStatus.toString()})(${json}, window);`;
}
