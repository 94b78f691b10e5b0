import type { ServerContext } from "@modelcontextprotocol/server";
import { createLoadedTools } from "../../providers/tool-search/loaded-tools.js";
import type { ServerSdk } from "../load-sdk.js";
import { callToolHandler } from "./call-tool-handler.js";
import { registerCompletionHandler } from "./completion-handler.js";
import type { ExportableTool } from "../../tool/exportable-tool.js";
import { type ListedMcpTool, listMcpTools } from "./list-tools.js";
import { registerPromptHandlers } from "./prompt-handlers.js";
import { registerResourceHandlers } from "./resource-handlers.js";
import { serveSubscriptions } from "./resource-subscriptions.js";
import { servedEntries } from "./served-entries.js";
import { APP_HOST, appsCapability, clientShowsApps } from "./app-views.js";
import { catalogueFor, followListChanges, serving as importsServing } from "./served-imports.js";
import type { McpServerOptions } from "./mcp-server-options.js";
import type { McpServerScope } from "./revisions/mcp-revision.js";
import { REVISIONS } from "./revisions/revision-table.js";
import type { McpServableAgent } from "./servable-agent.js";
import { TaskOwnership } from "./task-ownership.js";
import type { ClientInputScope } from "./client-input.js";

export type { McpEra, McpServerScope } from "./revisions/mcp-revision.js";

/**
 * Creates a low-level MCP `Server` (SDK v2) for one agent and one protocol revision: `tools/list` answers the MCP
 * form of the tools the agent may use (listed afresh on every request, in definition order), and `tools/call` goes
 * through `agent.callTool` (call-tool-handler.ts). Deferred tools stay out of `tools/list` until `tool_search` finds
 * them; only a 2025 session's server keeps what it loaded across requests, so only it advertises (and sends)
 * `notifications/tools/list_changed`. With the agent's tasks, the revision's task methods answer the tasks of this
 * server's session (task-ownership.ts). The agent class's `@resource` and `@prompt` methods (those the agent may see)
 * answer the resources, prompts and completion methods, the same on both revisions.
 */
export function createMcpServer(
  sdk: ServerSdk,
  agent: McpServableAgent,
  options: McpServerOptions = {},
  scope: McpServerScope = { era: "legacy", sessionful: true },
) {
  const revision = REVISIONS[scope.era];
  // Every tool, view-only ones too: whether the server serves views or defers tools depends on all of them.
  const tools = agent.tools(APP_HOST);
  const loaded =
    agent.toolsForTurn !== undefined && tools.some((tool) => tool.deferred) ? createLoadedTools() : undefined;
  const { tasks } = agent;
  // Resources and prompts come from the agent class's decorated methods (a fixed set), then from the imported servers
  // re-served to this agent (live: their lists may change, which a session's client is told). What an own resource
  // holds, and which items a template lists, may change too (agent.resourceChanged): a server that can push (one that
  // lives for a connection, or a 2026-07-28 one, whose endpoint holds the `subscriptions/listen` streams) says it can tell.
  const served = servedEntries(agent);
  const imported = catalogueFor(options.imported, agent.name);
  const remoteResources = importsServing(imported, "resources");
  const remotePrompts = importsServing(imported, "prompts");
  // The imports re-served here whose servers complete their prompts' arguments and templates' variables.
  const remoteCompletions = [...new Set([...remoteResources, ...remotePrompts])].filter(
    (source) => source.serves.completions === true,
  );
  const ownResources = served.resources.length > 0 || served.templates.length > 0;
  const hasResources = ownResources || remoteResources.length > 0;
  const hasPrompts = served.prompts.length > 0 || remotePrompts.length > 0;
  const pushes = hasResources && (scope.sessionful || scope.era === "modern");
  const follows = (sources: typeof imported, kind: "resources" | "prompts") =>
    scope.sessionful && sources.some((source) => source.serves[kind]?.listChanged === true);
  const apps = appsCapability([...served.resources, ...served.templates], tools);
  const tasksExtensions = tasks === undefined ? {} : (revision.tasksCapability.extensions as object | undefined);
  const server = new sdk.Server(
    { name: options.name ?? agent.name, version: options.version ?? "0.0.0" },
    {
      // logging: the SDK answers `logging/setLevel` (2025) and honours `_meta` logLevel (2026) for whatever is logged.
      capabilities: {
        tools: { listChanged: loaded !== undefined && scope.sessionful },
        logging: {},
        // Subscriptions are to the agent's own resources (an imported server's are read live, not watched).
        ...(hasResources ? { resources: { subscribe: pushes && ownResources, listChanged: pushes } } : {}),
        ...(hasPrompts ? { prompts: { listChanged: follows(remotePrompts, "prompts") } } : {}),
        ...(served.completes || remoteCompletions.length > 0 ? { completions: {} } : {}),
        ...(tasks === undefined ? {} : revision.tasksCapability),
        // Extensions (MCP Apps, and 2026-07-28's Tasks) share one map.
        ...(apps === undefined ? {} : { extensions: { ...tasksExtensions, ...apps } as never }),
      },
      ...(options.instructions === undefined ? {} : { instructions: options.instructions }),
      ...(options.listCache === undefined ? {} : { cacheHints: { "tools/list": options.listCache } }),
      // A tampered or expired approval answer is refused by the SDK (-32602) before the handler runs.
      ...(scope.codec === undefined ? {} : { requestState: { verify: scope.codec.verify } }),
    },
  );
  const timing = { pollIntervalMs: options.tasks?.pollIntervalMs ?? 1_000, ttlMs: options.tasks?.ttlMs ?? 600_000 };
  const owned = new TaskOwnership(scope.sessionful);
  // The SDK types schema values as its own JSON type; ours are the same JSON, typed as JSON Schema.
  server.setRequestHandler("tools/list", (_request: unknown, ctx: ServerContext) => {
    // A tool only an MCP Apps view may call is listed only to a client that shows views (APP_HOST).
    const listing = apps !== undefined && clientShowsApps(revision, server, ctx) ? APP_HOST : undefined;
    const listed = loaded === undefined ? agent.tools(listing) : agent.toolsForTurn!(loaded, listing);
    const extend = (tool: ExportableTool, entry: ListedMcpTool) => revision.list(tool, entry, tasks !== undefined);
    return { tools: listMcpTools(listed, extend, scope.tokenScopes) } as never;
  });
  // One server per 2025-11-25 session or stdio connection: its calls are one session of the agent's for the untrusted-
  // output rule (not the repeat guard: a connection is not a conversation). A server made for one request
  // (2026-07-28, stateless) has no session to name.
  const session = scope.sessionful ? `mcp-${globalThis.crypto.randomUUID()}` : undefined;
  const serving = {
    sdk,
    server,
    agent,
    options,
    scope,
    revision,
    loaded,
    timing,
    owned,
    tasksServed: !!tasks,
    session,
    servesApps: apps !== undefined,
  };
  server.setRequestHandler("tools/call", callToolHandler(serving));
  // What a resource or prompt method's `context.client` needs of its request, as a tool's (client-input.ts).
  const clientInput = (ctx: ServerContext): ClientInputScope => ({
    sdk,
    rounds: revision.rounds,
    ctx,
    codec: scope.codec,
    capabilities: revision.clientCapabilities({ server, ctx }),
    state: revision.requestState({ ctx }),
  });
  if (hasResources) registerResourceHandlers(server, sdk, served, remoteResources, clientInput);
  // A per-request 2026-07-28 server pushes nothing itself: the endpoint forwards to its listen streams.
  if (pushes && ownResources && scope.sessionful) serveSubscriptions(server as never, sdk, served, scope.era);
  if (hasPrompts) registerPromptHandlers(server, sdk, served, remotePrompts, clientInput);
  if (follows(remoteResources, "resources") || follows(remotePrompts, "prompts")) {
    const stops = [
      followListChanges(remoteResources, "resources", () => server.sendResourceListChanged()),
      followListChanges(remotePrompts, "prompts", () => server.sendPromptListChanged()),
    ];
    const closed = server.onclose;
    server.onclose = () => {
      stops.forEach((stop) => stop());
      closed?.();
    };
  }
  if (served.completes || remoteCompletions.length > 0) {
    registerCompletionHandler(server, sdk, served, remoteCompletions);
  }
  if (tasks !== undefined) revision.registerTasks(server, sdk, tasks, timing, owned);
  return server;
}

/** An MCP server created by {@link createMcpServer}. */
export type McpSdkServer = ReturnType<typeof createMcpServer>;
