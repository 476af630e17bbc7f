/** Languages the server accepts (the spec's whitelist); fr is the default and the fallback. */
export const supportedLanguages = ["en", "fr", "nl", "aa"] as const;
export type SupportedLanguage = (typeof supportedLanguages)[number];
export const fallbackLanguage = "fr" satisfies SupportedLanguage;
/** Languages offered in the selector. */
export const selectableLanguages = ["fr", "en"] as const;
export const localeCookieName = "lng";
/** The namespace of keys without a "ns:" prefix. */
export const defaultNamespace = "common";
