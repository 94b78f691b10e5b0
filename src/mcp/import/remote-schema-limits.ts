import { ToolDefinitionError } from "../../errors/errors.js";
import { jsonDepth } from "../../schema/schema-depth.js";
import type { McpRemoteTool } from "./mcp-client-like.js";

/** How large a remote tool's schemas may be; each bound applies to the input and the output schema apart. */
export interface RemoteSchemaLimits {
  /** The most characters of a schema's JSON text; 262 144 (256 KiB) by default. */
  readonly maxSchemaChars?: number;
  /** The deepest nesting of objects and arrays in a schema; 64 by default. */
  readonly maxSchemaDepth?: number;
  /** The most regular expressions in a schema (`pattern` values and `patternProperties` keys); 256 by default. */
  readonly maxSchemaPatterns?: number;
}

const DEFAULTS = { maxSchemaChars: 262_144, maxSchemaDepth: 64, maxSchemaPatterns: 256 } as const;

// Counts `pattern` strings and `patternProperties` keys without recursion, up to just past `limit`.
function patternCount(schema: unknown, limit: number): number {
  let count = 0;
  const stack: unknown[] = [schema];
  while (stack.length > 0 && count <= limit) {
    const node = stack.pop();
    if (typeof node !== "object" || node === null) continue;
    if (!Array.isArray(node)) {
      const record = node as Record<string, unknown>;
      if (typeof record.pattern === "string") count += 1;
      const patterned = record.patternProperties;
      if (typeof patterned === "object" && patterned !== null) count += Object.keys(patterned).length;
    }
    for (const child of Array.isArray(node) ? node : Object.values(node)) stack.push(child);
  }
  return count;
}

/**
 * Refuses a remote tool whose schema is too large, too deep or holds too many patterns, before anything compiles it:
 * a server's schema is compiled synchronously at import (its patterns too), so a hostile or broken server could
 * otherwise block the process for seconds or end the import with a bare RangeError.
 * @throws {ToolDefinitionError} naming the tool, the schema, the limit, its default and the option that raises it.
 */
export function checkRemoteSchemas(tool: McpRemoteTool, limits: RemoteSchemaLimits = {}): void {
  const max = { ...DEFAULTS, ...limits };
  for (const [what, schema] of [
    ["input schema", tool.inputSchema],
    ["output schema", tool.outputSchema],
  ] as const) {
    if (schema === undefined) continue;
    const refuse = (detail: string, option: keyof typeof DEFAULTS) =>
      new ToolDefinitionError(
        `importMcpTools: the ${what} of remote tool "${tool.name}" ${detail} (limit ${max[option]}; ${option} is ` +
          `${DEFAULTS[option]} by default, and importMcpTools' limits option raises it for a server you trust).`,
      );
    if (jsonDepth(schema, max.maxSchemaDepth) > max.maxSchemaDepth)
      throw refuse("is nested too deep", "maxSchemaDepth");
    if (JSON.stringify(schema).length > max.maxSchemaChars) throw refuse("is too long", "maxSchemaChars");
    if (patternCount(schema, max.maxSchemaPatterns) > max.maxSchemaPatterns) {
      throw refuse("holds too many patterns", "maxSchemaPatterns");
    }
  }
}
