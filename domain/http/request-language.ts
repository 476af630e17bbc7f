import { fallbackLanguage, supportedLanguages, type SupportedLanguage } from "./i18n-config";
import { localeCookie } from "./locale-cookie";

const supported = new Set<string>(supportedLanguages);

/** A supported language for a tag such as "en", "EN-gb"; null otherwise. */
function supportedFor(tag: unknown): SupportedLanguage | null {
  if (typeof tag !== "string" || tag === "") return null;
  const lower = tag.toLowerCase();
  if (supported.has(lower)) return lower as SupportedLanguage;
  const code = lower.split("-")[0]!;
  return supported.has(code) ? (code as SupportedLanguage) : null;
}

const LANGUAGE_TAG = /^[a-zA-Z]+(?:-[a-zA-Z0-9]+){0,2}$/;

/**
 * The Accept-Language choice made the way remix-i18next makes it: the preferred entry (by quality) that names a real
 * locale decides, and it must be a supported language; a later, lower-ranked match does not count.
 */
function headerLanguage(header: string | null): SupportedLanguage | null {
  const entries = (header ?? "")
    .split(",")
    .map((part) => {
      const [tag = "", ...parameters] = part.trim().split(";");
      const q = parameters.map((p) => /^\s*q=([01](?:\.\d+)?)\s*$/.exec(p)?.[1]).find((value) => value !== undefined);
      return { tag: tag.trim(), quality: q === undefined ? 1 : Number(q) };
    })
    .filter((entry) => LANGUAGE_TAG.test(entry.tag))
    .sort((a, b) => b.quality - a.quality);
  for (const entry of entries) {
    if (isKnownLocale(entry.tag)) return supportedFor(entry.tag);
  }
  return null;
}

/**
 * The language a page renders in for this request, decided as the i18next middleware decides it
 * (app/middleware/i18next.ts): the `lng` cookie (React Router's encoded cookie), else Accept-Language, else French.
 * Used where there is no React Router context: the edge cache key of the public page and the language of emails
 * sent by the JSON auth API.
 */
export async function requestLanguage(request: Request): Promise<SupportedLanguage> {
  const cookie: unknown = await localeCookie.parse(request.headers.get("Cookie")).catch(() => null);
  return supportedFor(cookie) ?? headerLanguage(request.headers.get("Accept-Language")) ?? fallbackLanguage;
}

/**
 * The language of the JSON API's answers (issue 26 §2): Accept-Language, else French. Unlike a page, never the `lng`
 * cookie: an integration's answers must not change with a cookie its browser happens to carry.
 */
export function apiLanguage(request: Request): SupportedLanguage {
  return headerLanguage(request.headers.get("Accept-Language")) ?? fallbackLanguage;
}

/** Whether the runtime knows the tag (an ill-formed tag throws: not known). */
function isKnownLocale(tag: string): boolean {
  try {
    return Intl.DateTimeFormat.supportedLocalesOf([tag]).length > 0;
  } catch {
    return false;
  }
}
