import type { i18n as I18n, PostProcessorModule, Resource, ResourceLanguage } from "i18next";
import { useState } from "react";
import { useTranslation } from "react-i18next";

/**
 * The browser gets only the translations the server used to render the page, inline in the HTML (a JSON data block,
 * not a script: no CSP nonce needed). Other namespaces arrive later as lazy chunks (the backend in app/entry.client.tsx),
 * when a component asks for them with useTranslation(ns) or a key "ns:…" misses.
 */
const i18nResourcesElementId = "i18n-resources";

/** Namespaces every page may need without naming them: form errors ("errors:…") and the shell's labels. */
const alwaysDelivered = ["common", "errors"];

export type DeliveredResources = { lng: string; resources: Resource };

const usedNamespaces = new WeakMap<object, Set<string>>();

/**
 * Server-only post-processor: notes the namespace of every key the request's i18next instance resolved, including keys
 * prefixed "ns:…" under another default namespace. Registered by app/middleware/i18next.ts.
 */
export const namespaceRecorder: PostProcessorModule = {
  type: "postProcessor",
  name: "guichet-namespace-recorder",
  process(value, _key, options, translator: object) {
    const usedNS = (options as { i18nResolved?: { usedNS?: string } }).i18nResolved?.usedNS;
    if (usedNS) {
      const set = usedNamespaces.get(translator) ?? new Set<string>();
      set.add(usedNS);
      usedNamespaces.set(translator, set);
    }
    return value;
  },
};

/** For each namespace the render used, the bundle of the first language in the instance's fallback chain that has it. */
export function usedResources(i18n: I18n): DeliveredResources {
  const names = new Set<string>([
    ...alwaysDelivered,
    // The post-processor receives the instance's translator (untyped in i18next's declarations).
    ...(usedNamespaces.get((i18n as unknown as { translator: object }).translator) ?? []),
    ...(i18n.reportNamespaces?.getUsedNamespaces() ?? []),
  ]);
  const resources: DeliveredResources["resources"] = {};
  for (const ns of names) {
    const lng = i18n.languages.find((code) => i18n.hasResourceBundle(code, ns));
    if (!lng) continue;
    (resources[lng] ??= {} as ResourceLanguage)[ns] = i18n.getResourceBundle(lng, ns) as ResourceLanguage;
  }
  return { lng: i18n.language, resources };
}

function serialize(value: DeliveredResources): string {
  // Inside <script>: no "</script>", no HTML comment openers, no JS line terminators.
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/** Reads the block rendered by I18nResources; the client entry calls it before hydrating. */
export function readDeliveredResources(): DeliveredResources | undefined {
  const text = document.getElementById(i18nResourcesElementId)?.textContent;
  return text ? (JSON.parse(text) as DeliveredResources) : undefined;
}

/**
 * Renders the translations used so far by this render. Place it after the page content (the namespaces are collected
 * while the content renders) and before <Scripts />. On the client it keeps the server's text, so hydration matches.
 */
export function I18nResources() {
  const { i18n } = useTranslation();
  const [json] = useState(() =>
    typeof document === "undefined"
      ? serialize(usedResources(i18n))
      : (document.getElementById(i18nResourcesElementId)?.textContent ?? ""),
  );
  return <script id={i18nResourcesElementId} type="application/json" dangerouslySetInnerHTML={{ __html: json }} />;
}
