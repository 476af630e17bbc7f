import { createCookie } from "react-router";
import { localeCookieName } from "./i18n-config";

/**
 * The `lng` cookie that holds the chosen language. React Router encodes its value (base64 JSON), so it is read with
 * `localeCookie.parse`, never as a raw cookie string. One definition for the i18next middleware and for the Worker
 * code that must decide the language the same way (domain/http/request-language.ts).
 */
export const localeCookie = createCookie(localeCookieName, {
  path: "/",
  sameSite: "lax",
  httpOnly: false,
  maxAge: 60 * 60 * 24 * 365,
});
