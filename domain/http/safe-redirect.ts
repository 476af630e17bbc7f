const INTERNAL_ORIGIN = "http://internal.invalid";

// Browsers strip tabs and newlines from addresses, so "/\t/evil.example" would become "//evil.example".
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

/**
 * A same-site path to redirect to, or `fallback`. The value is resolved the way a browser would, against a stand-in
 * origin: anything that lands on another origin (`//host`, a scheme, a backslash or encoded trick) is refused, and what
 * is returned is the normalised pathname, query and fragment, never the raw input. With `ownOrigin`, an absolute
 * address on that origin (e.g. `https://guichet.app/event/3`) is accepted too and reduced to its path.
 */
export function safeRedirectPath(value: string | null | undefined, fallback = "/", ownOrigin?: string): string {
  if (!value || CONTROL_CHARACTERS.test(value)) return fallback;
  const relative = value.startsWith("/");
  if (!relative && !ownOrigin) return fallback;
  let url: URL;
  try {
    url = relative ? new URL(value, INTERNAL_ORIGIN) : new URL(value);
  } catch {
    return fallback;
  }
  if (url.origin !== (relative ? INTERNAL_ORIGIN : ownOrigin)) return fallback;
  // "/%09/evil.example" and "/%2F%2Fevil.example" are paths here, but one more decode anywhere down the line would turn
  // them into a network-path reference: no real page of ours needs such a path.
  let decoded: string;
  try {
    decoded = decodeURIComponent(url.pathname);
  } catch {
    return fallback;
  }
  if (CONTROL_CHARACTERS.test(decoded) || decoded.startsWith("//") || decoded.startsWith("/\\")) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}
