import { toJsonSchema, type ConversionConfig } from "@valibot/to-json-schema";
import * as v from "valibot";
import { placeOrderBodyShape, placeOrderBodySchema } from "#domain/booking/order-input-schema";

export type JsonSchema = { [key: string]: unknown };

/**
 * Schemas that read their input by hand (a custom check then a transform), which JSON Schema cannot see into: the
 * reference describes them with an object schema built from the same field schemas, kept beside the reader.
 */
const documentedAs = new Map<unknown, v.GenericSchema>([[placeOrderBodySchema, placeOrderBodyShape]]);

type PipeItem = { kind: string; type: string };

const config: ConversionConfig = {
  target: "draft-2020-12",
  // A pipe stops at its first transform: `"12"` then `Number` documents the string the client sends.
  typeMode: "input",
  // Checks JSON Schema cannot say (a custom check, a trim) are left out rather than refused.
  errorMode: "ignore",
};

/** The schema that says what `schema` accepts, for the conversion (which stops a pipe at its second schema). */
function describedBy(schema: v.GenericSchema): v.GenericSchema {
  const documented = documentedAs.get(schema);
  if (documented) return documented;
  // `pipe(custom(isObject), object({...}))`: the custom guard only refuses non-objects; the object says the rest.
  const pipe = (schema as { pipe?: readonly PipeItem[] }).pipe;
  if (pipe && pipe[0]?.type === "custom" && pipe[1]?.kind === "schema") return pipe[1] as unknown as v.GenericSchema;
  return schema;
}

/**
 * `anyOf: [number, digits string]` followed by `integer()` in the same pipe comes out as `anyOf` plus `type:
 * "integer"`, which would refuse the string the route accepts: the alternatives are the truth, the `type` goes.
 */
function dropTypeBesideAnyOf(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(dropTypeBesideAnyOf);
  if (typeof node !== "object" || node === null) return;
  const schema = node as JsonSchema;
  if (Array.isArray(schema.anyOf) && "type" in schema) delete schema.type;
  Object.values(schema).forEach(dropTypeBesideAnyOf);
}

/** The JSON Schema (2020-12, OpenAPI 3.1's dialect) of what a client sends, from the schema the route parses with. */
export function inputJsonSchema(schema: v.GenericSchema): JsonSchema {
  const { $schema: _dialect, ...rest } = toJsonSchema(describedBy(schema), config) as JsonSchema;
  dropTypeBesideAnyOf(rest);
  return rest;
}

/** Several schemas reading the same JSON object (parseJsonParts): the object must satisfy each. */
export function allOfJsonSchema(schemas: readonly v.GenericSchema[]): JsonSchema {
  const parts = schemas.map(inputJsonSchema);
  return parts.length === 1 ? parts[0]! : { allOf: parts };
}
