import type { Resource } from "i18next";
import enCommon from "./en/common.json";
import frCommon from "./fr/common.json";

export const resources = {
  fr: { common: frCommon },
  en: { common: enCommon },
} satisfies Resource;

export const defaultNamespace = "common";
export const namespaces = Object.keys(resources.fr) as Array<keyof typeof resources.fr>;
