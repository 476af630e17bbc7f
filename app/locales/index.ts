import type { Resource } from "i18next";
import enAuth from "./en/auth.json";
import enCommon from "./en/common.json";
import enErrors from "./en/errors.json";
import enEvents from "./en/events.json";
import frAuth from "./fr/auth.json";
import frCommon from "./fr/common.json";
import frErrors from "./fr/errors.json";
import frEvents from "./fr/events.json";

export const resources = {
  fr: { common: frCommon, auth: frAuth, errors: frErrors, events: frEvents },
  en: { common: enCommon, auth: enAuth, errors: enErrors, events: enEvents },
} satisfies Resource;

export const defaultNamespace = "common";
export const namespaces = Object.keys(resources.fr) as Array<keyof typeof resources.fr>;
