import { ToolDefinitionError } from "../errors/errors.js";

/**
 * The deepest nesting of objects and arrays a tool's schema may have (each `properties` → property step is two
 * levels): far past any hand-written schema, and well inside what the JSON Schema check and the validator compiler can
 * walk without running out of stack (they fail with a bare RangeError from about 1,000 levels).
 */
export const MAX_SCHEMA_DEPTH = 256;

/**
 * Returns the nesting depth of a JSON value (a scalar is 0, `{}` is 1), walking without recursion and stopping as
 * soon as it passes `limit`, so a hostile value costs no more than `limit` levels to measure.
 */
export function jsonDepth(value: unknown, limit = Infinity): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (typeof node !== "object" || node === null) continue;
    if (depth + 1 > deepest) deepest = depth + 1;
    if (deepest > limit) return deepest;
    for (const child of Array.isArray(node) ? node : Object.values(node)) {
      if (typeof child === "object" && child !== null) stack.push([child, depth + 1]);
    }
  }
  return deepest;
}

/**
 * Refuses a schema nested deeper than `limit` levels before anything walks it recursively.
 * @throws {ToolDefinitionError} naming `where` (the tool), the schema, the limit and what to do.
 */
export function assertSchemaDepth(schema: unknown, where: string, what: string, limit = MAX_SCHEMA_DEPTH): void {
  if (jsonDepth(schema, limit) <= limit) return;
  throw new ToolDefinitionError(
    `${where}: the ${what} is nested more than ${limit} levels deep (the limit for a tool's schema), or holds itself; ` +
      "flatten it, or name the repeated part in $defs and point to it with $ref.",
  );
}
