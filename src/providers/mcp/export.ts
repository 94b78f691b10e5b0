import { TOOL_FLAGS, TOOL_FLAG_NAMES, type ToolFlagName } from "../../tool/flags.js";
import { type ExportableTool } from "../../tool/exportable-tool.js";
import { type ObjectSchemaObject, cloneJson } from "../../schema/json.js";
import { type CompatibilityFinding, FindingCollector } from "../../schema/finding.js";
import { assertExportable } from "../export-errors.js";
import { checkToolNames } from "../tool-names.js";
import { MCP_NAME_RULE } from "./limits.js";
import { describedTool } from "../example-text.js";

/** MCP tool annotations (hints to clients; never a security boundary). */
export interface McpToolAnnotations {
  title?: string;
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
}

/** A tool as an MCP server lists it in `tools/list` (`Tool` of @modelcontextprotocol/sdk). */
export interface McpTool {
  name: string;
  title?: string;
  description: string;
  inputSchema: ObjectSchemaObject;
  outputSchema?: ObjectSchemaObject;
  annotations: McpToolAnnotations;
  /** The tool's `icons` option, as MCP lists it. */
  icons?: { src: string; mimeType?: string; sizes?: string[]; theme?: "light" | "dark" }[];
  /** The tool's `ui` option (its MCP Apps view) as `_meta.ui`. */
  _meta?: { ui: { resourceUri: string; visibility?: ("model" | "app")[] } };
}

// Flag → annotation, https://modelcontextprotocol.io/specification/2025-11-25/server/tools#tool-annotations
// (readOnlyHint, destructiveHint, idempotentHint, openWorldHint). Only flags the tool declares become hints: MCP's
// own defaults (destructive and open-world unless told otherwise) apply to the rest.
type HintFlag = {
  [F in ToolFlagName]: (typeof TOOL_FLAGS)[F] extends { readonly mcpHint: string } ? F : never;
}[ToolFlagName];
type Hint = (typeof TOOL_FLAGS)[HintFlag]["mcpHint"];
const HINTS = TOOL_FLAG_NAMES.flatMap((flag) => {
  const hint = (TOOL_FLAGS[flag] as { readonly mcpHint?: Hint }).mcpHint;
  return hint === undefined ? [] : [[flag as HintFlag, hint] as const];
});

/** Returns the MCP findings: tool names, an input schema whose root is not an object (an error), and an output schema's (a warning). */
export function checkMcpTools(tools: readonly ExportableTool[]): CompatibilityFinding[] {
  const findings = checkToolNames(tools, "mcp", MCP_NAME_RULE);
  for (const tool of tools) {
    const found = new FindingCollector(tool.name);
    // "inputSchema ... Must have type: 'object' at the root level per MCP spec" (@modelcontextprotocol/sdk ToolSchema).
    if (tool.inputSchema.type !== "object")
      found.add([], "mcp.root", "error", 'inputSchema must have `"type": "object"` at the root.');
    // MCP 2025-11-25 lists only object output schemas; a tool that returns a string or a list still works, as text.
    if (tool.outputSchema !== undefined && tool.outputSchema.type !== "object") {
      found.add(
        [],
        "mcp.output-root",
        "warning",
        'outputSchema is left out of the listing: MCP needs `"type": "object"` at its root; the result goes as text.',
      );
    }
    findings.push(...found.findings);
  }
  return findings;
}

/**
 * Returns the tools as an MCP server lists them: `{ name, title?, description, inputSchema, outputSchema?, annotations,
 * icons?, _meta? }` (`_meta.ui`: the tool's MCP Apps view, from its `ui` option).
 * The schemas go out unchanged (MCP speaks JSON Schema 2020-12); `annotations` carries the hints derived from the
 * `readOnly`, `destructive`, `idempotent` and `openWorld` flags when the tools come from `agent.tools()`.
 * An output schema whose root is not an object is left out (MCP lists only object output schemas).
 * @throws {ToolDefinitionError} when MCP would reject a tool name, or an input schema whose root is not an object.
 * @example
 * server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: toMcpTools(agent.tools()) }));
 */
export function toMcpTools(tools: readonly ExportableTool[]): McpTool[] {
  assertExportable(checkMcpTools(tools), "mcp");
  return tools.map((tool) => {
    const annotations: McpToolAnnotations = {};
    for (const [flag, hint] of HINTS) {
      const value = tool[flag];
      if (typeof value === "boolean") annotations[hint] = value;
    }
    const out: McpTool = {
      name: tool.name,
      description: describedTool(tool),
      inputSchema: cloneJson(tool.inputSchema) as ObjectSchemaObject,
      annotations,
    };
    if (typeof tool.title === "string") out.title = tool.title;
    if (tool.icons !== undefined) out.icons = cloneJson(tool.icons) as NonNullable<McpTool["icons"]>;
    if (tool.ui !== undefined) out._meta = { ui: cloneJson(tool.ui) as NonNullable<McpTool["_meta"]>["ui"] };
    if (tool.outputSchema?.type === "object") out.outputSchema = cloneJson(tool.outputSchema) as ObjectSchemaObject;
    return out;
  });
}
