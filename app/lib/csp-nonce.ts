import { createContext, useContext } from "react";

/**
 * This response's Content-Security-Policy nonce while the server renders (provided by app/entry.server.tsx), and ""
 * in the browser: browsers blank the `nonce` attribute once the page is parsed, so "" is what hydration finds there.
 * Put it on every inline script the app renders itself.
 */
export const CspNonceContext = createContext("");

export function useCspNonce(): string {
  return useContext(CspNonceContext);
}
