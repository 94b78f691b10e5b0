import { type McpTool, toMcpTools } from "../../providers/mcp/export.js";
import { declaredDialect } from "../../schema/declared-dialect.js";
import type { ExportableTool } from "../../tool/exportable-tool.js";

/** A listed tool as it goes on the wire; on 2026-07-28 its `outputSchema` may have any root. */
export type ListedMcpTool = Omit<McpTool, "outputSchema"> & {
  outputSchema?: Record<string, unknown>;
  execution?: { taskSupport: "optional" | "required" };
  securitySchemes?: readonly SecurityScheme[];
};

/** How a client may call a tool (SEP-1488, the OpenAI Apps SDK's `securitySchemes`). */
export type SecurityScheme = { readonly type: "noauth" } | { readonly type: "oauth2"; readonly scopes: string[] };

/**
 * Answers `tools/list` for one revision, in the agent's own (definition) order, the same on every request and
 * replica. An input schema whose author declared `$schema` 2020-12 lists it; `extend` adds the revision's own fields
 * (2025-11-25's task support, 2026-07-28's output schemas of any root). On an endpoint that verifies tokens
 * (`tokenScopes`: the scopes every request needs), each tool says it needs an OAuth token with those scopes and its
 * `authScopes` (`securitySchemes`, SEP-1488), on the tool and, for clients whose SDK drops fields it does not know, in
 * its `_meta`.
 */
export function listMcpTools(
  tools: readonly ExportableTool[],
  extend: (tool: ExportableTool, listed: ListedMcpTool) => void,
  tokenScopes?: readonly string[],
): ListedMcpTool[] {
  const listed: ListedMcpTool[] = toMcpTools(tools);
  tools.forEach((tool, index) => {
    const entry = listed[index]!;
    // A schema written for 2020-12 says so on the wire too (MCP keeps `$schema`; SEP-1613).
    const dialect = declaredDialect(tool.inputSchema);
    if (dialect !== undefined) entry.inputSchema = { $schema: dialect, ...entry.inputSchema };
    extend(tool, entry);
    if (tokenScopes === undefined) return;
    // Every request of such an endpoint needs a token, so no tool is `noauth`.
    const schemes = [{ type: "oauth2" as const, scopes: [...new Set([...tokenScopes, ...(tool.authScopes ?? [])])] }];
    entry.securitySchemes = schemes;
    entry._meta = { ...entry._meta, securitySchemes: schemes } as never;
  });
  return listed;
}
