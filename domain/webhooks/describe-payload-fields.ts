import type * as v from "valibot";

export type PayloadField = { name: string; type: string; nullable: boolean; values?: readonly string[] };

type AnySchema = v.GenericSchema & {
  type: string;
  wrapped?: AnySchema;
  entries?: Record<string, AnySchema>;
  options?: readonly string[];
  literal?: unknown;
  pipe?: readonly { type: string }[];
};

/**
 * The fields of a payload schema as the public event-types page lists them (dotted names for nested objects), read
 * from the valibot schema itself so that the page says what the tests hold the deliveries to.
 */
export function describePayloadFields(schema: v.GenericSchema, prefix = ""): PayloadField[] {
  const object = schema as AnySchema;
  return Object.entries(object.entries ?? {}).flatMap(([key, entry]) => {
    const name = prefix ? `${prefix}.${key}` : key;
    const nullable = entry.type === "nullable";
    const inner = nullable && entry.wrapped ? entry.wrapped : entry;
    if (inner.entries) return describePayloadFields(inner, name);
    return [{ name, nullable, type: typeName(inner), ...(inner.options ? { values: inner.options } : {}) }];
  });
}

function typeName(schema: AnySchema): string {
  if (schema.type === "picklist") return "enum";
  if (schema.type === "string" && schema.pipe?.some((step) => step.type === "iso_timestamp")) return "datetime";
  if (schema.type === "number" && schema.pipe?.some((step) => step.type === "integer")) return "integer";
  return schema.type;
}
