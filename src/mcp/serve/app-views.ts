import type { ServerContext } from "@modelcontextprotocol/server";
import type { ResourceEntry } from "../../decorators/mcp-entries.js";
import type { ExportableTool } from "../../tool/exportable-tool.js";
import { isAppOnly } from "../../tool/tool-app-view.js";
import type { McpServerOptions } from "./mcp-server-options.js";
import type { McpServableAgent } from "./servable-agent.js";
import type { McpLowServer, McpRevision } from "./revisions/mcp-revision.js";

/** The MCP Apps extension's identifier, under `capabilities.extensions` on both sides. */
export const APPS_EXTENSION = "io.modelcontextprotocol/ui";
/** The one view format the extension defines (2026-01-26). */
const APP_MIME_TYPE = "text/html;profile=mcp-app";

/** The server capability that announces MCP Apps, when the agent has a view or a tool linked to one. */
export function appsCapability(
  views: readonly ResourceEntry[],
  tools: readonly ExportableTool[],
): Record<string, unknown> | undefined {
  const serves = views.some((entry) => entry.app !== undefined) || tools.some((tool) => tool.ui !== undefined);
  return serves ? { [APPS_EXTENSION]: { mimeTypes: [APP_MIME_TYPE] } } : undefined;
}

/**
 * Whether the client shows MCP Apps views: it declared the extension with the HTML view format (at `initialize` on
 * 2025-11-25, in each request's `_meta` on 2026-07-28).
 */
export function clientShowsApps(revision: McpRevision, server: McpLowServer, ctx: ServerContext | undefined): boolean {
  if (ctx === undefined) return false;
  const declared = revision.clientCapabilities({ server, ctx })?.extensions?.[APPS_EXTENSION] as
    { readonly mimeTypes?: unknown } | undefined;
  return Array.isArray(declared?.mimeTypes) && declared.mimeTypes.includes(APP_MIME_TYPE);
}

/**
 * The option of `agent.tools()` and `agent.callTool()` for a client that shows views: it may list and call the tools
 * only a view may call (`visibility: ["app"]`), which such a host keeps from its model (the extension asks it to).
 * A client without views gets neither: it would offer them to its model.
 */
export const APP_HOST = Object.freeze({ appHost: true as const });

/** A view's `_meta` as listed and read: its `ui` options, or nothing when it declared none. */
export function appViewMeta(entry: ResourceEntry): { _meta?: { ui: object } } {
  return entry.app === undefined || Object.keys(entry.app).length === 0 ? {} : { _meta: { ui: entry.app } };
}

/**
 * Checks `listCache` where the server is defined: a shape the hints can carry, and no `"public"` list for an agent
 * whose list depends on the client (a tool only an MCP Apps view may call is listed only to clients that show views).
 * @throws {TypeError} naming what is wrong and what is valid.
 */
export function checkListCache(agent: McpServableAgent, listCache: McpServerOptions["listCache"], who: string): void {
  if (listCache === undefined) return;
  const { ttlMs, cacheScope } = (listCache ?? {}) as { ttlMs?: unknown; cacheScope?: unknown };
  if (
    typeof ttlMs !== "number" ||
    !(ttlMs >= 0) ||
    !Number.isFinite(ttlMs) ||
    !["private", "public"].includes(cacheScope as string)
  ) {
    throw new TypeError(
      `${who}: listCache must be { ttlMs: a number of milliseconds >= 0, cacheScope: "private" | "public" }; got ` +
        `${JSON.stringify(listCache)}.`,
    );
  }
  if (cacheScope !== "public") return;
  const viewOnly = agent.tools(APP_HOST).find(isAppOnly);
  if (viewOnly === undefined) return;
  throw new TypeError(
    `${who}: listCache.cacheScope "public" lets any client reuse one tools/list answer, but agent "${agent.name}" ` +
      `lists "${viewOnly.name}" (ui.visibility ["app"]) only to clients that show MCP Apps views. Use ` +
      `cacheScope: "private".`,
  );
}
