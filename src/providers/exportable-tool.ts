import type { ObjectJsonSchema } from "../params/json-schema.js";
import type { ToolFlags, ToolSpec } from "../registry/tool.js";

/**
 * What every exporter accepts for one tool: a {@link ToolSpec}, optionally with the tool's flags (so both
 * `agent.toolSpecs()` and `agent.tools()` can be passed) and, for MCP, a JSON Schema of its structured output.
 */
export type ExportableTool = ToolSpec & Partial<ToolFlags> & { readonly outputSchema?: ObjectJsonSchema };

/** A JSON Schema object as the exporters emit it: a fresh, mutable, plain-JSON copy that never aliases the input. */
export interface SchemaObject {
  [keyword: string]: unknown;
}

/** An emitted schema whose root is an object, in the shape the provider SDKs type their tool parameters with. */
export interface ObjectSchemaObject extends SchemaObject {
  type: "object";
  properties?: Record<string, SchemaObject>;
  required?: string[];
}

/** Returns a deep, plain-JSON copy of `value` (descriptor prototypes, symbol keys and `undefined` members are left out). */
export function cloneJson<T>(value: T): T {
  return value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T);
}
