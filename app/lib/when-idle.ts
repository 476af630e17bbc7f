/**
 * Runs `callback` once the browser is idle after what it is doing (at the latest after `timeout` ms); returns the
 * cancel. For code a page loads after its first render (docs/decisions/0071-lighter-signed-in-pages.md).
 */
export function whenIdle(callback: () => void, timeout = 2000): () => void {
  if (!("requestIdleCallback" in window)) {
    // Safari has no requestIdleCallback.
    const timer = setTimeout(callback, 200);
    return () => clearTimeout(timer);
  }
  const idle = window.requestIdleCallback(callback, { timeout });
  return () => window.cancelIdleCallback(idle);
}
