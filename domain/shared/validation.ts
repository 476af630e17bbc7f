import * as v from "valibot";

/**
 * Field errors from valibot issues: the dotted path of each field (`_` for the whole input) to the message of its first
 * issue. Pass `fields` to add to errors already collected (an earlier message for a field is kept).
 */
export function issuesToFields(
  issues: readonly v.BaseIssue<unknown>[],
  fields: Record<string, string> = {},
): Record<string, string> {
  for (const issue of issues) fields[v.getDotPath(issue) ?? "_"] ??= issue.message;
  return fields;
}
