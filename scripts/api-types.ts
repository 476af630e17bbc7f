import { writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { API_TYPES_FILE, generateApiTypes } from "./lib/api-types";

/** `npm run api:types`: writes tests/support/guichet-api.d.ts from the OpenAPI document (workers/openapi). */
const target = resolve(import.meta.dirname, "..", API_TYPES_FILE);
writeFileSync(target, await generateApiTypes(target));
console.log(`wrote ${API_TYPES_FILE}`);
