import { ToolDefinitionError } from "../../errors/errors.js";
import type { Tool } from "../../tool/tool.js";
import type { ToolRegistry } from "../../registry/tool-registry.js";
import { connectClient } from "./load-client.js";
import { type McpClientLike, type McpRemoteTool, type McpTransportLike, isMcpClient } from "./mcp-client-like.js";
import { type McpRemoteCatalogue, createRemoteCatalogue } from "./remote-catalogue.js";
import { type RemoteToolContext, remoteToolHandler, remoteToolOptions } from "./remote-tool.js";
import { type RemoteSchemaLimits, checkRemoteSchemas } from "./remote-schema-limits.js";
import { type McpToolFilter, type McpToolRename, localNamesOf, selectTools } from "./remote-selection.js";

/** Options of {@link importMcpTools}. */
export interface ImportMcpToolsOptions {
  /** The registry to add the tools to, as module-level tools (e.g. the shared `toolRegistry`). */
  readonly registry: ToolRegistry;
  /** The agent names that may see and call the imported tools; `[]` admits none. Required: access is deliberate. */
  readonly allowedAgents: readonly string[];
  /** Put before every local name, e.g. `"github_"`, to keep the tools of several servers apart. */
  readonly prefix?: string;
  /**
   * Which remote tools to import: a list of their (remote) names, or a predicate on the listed tool. All by default.
   * A name in the list that the server does not have throws.
   */
  readonly filter?: McpToolFilter;
  /**
   * Local names for remote tools, before the prefix: a map from remote name to local name, or a function of the
   * listed tool (`undefined` keeps the remote name). A name a provider would refuse throws; a remote name without a
   * rename that a provider would refuse (a dot, more than 64 characters) is mapped for you (see `names`).
   */
  readonly rename?: McpToolRename;
  /** Time limit of each call (and of listing the tools), in milliseconds; 60 000 by default, as in the MCP SDK. */
  readonly timeoutMs?: number;
  /**
   * Bounds on each remote tool's schemas, checked before they are compiled (see {@link RemoteSchemaLimits}); a tool
   * past one makes the import throw a `ToolDefinitionError` naming it.
   */
  readonly limits?: RemoteSchemaLimits;
}

/** What {@link importMcpTools} registered, and the connection the tools use. */
export interface ImportedMcpTools {
  /** The registered tools, in the order the server listed them. */
  readonly tools: readonly Tool[];
  /**
   * Local name → remote name of every imported tool. They differ where `prefix` or `rename` says so, and where the
   * remote name is legal in MCP but not for OpenAI, Anthropic or Gemini (`^[a-zA-Z0-9_-]{1,64}$`): `notes.search` is
   * imported as `notes_search` (plus `_` and a short hash of the remote name when that is taken or too long), and
   * calls go out under the remote name.
   */
  readonly names: ReadonlyMap<string, string>;
  /** The connected client the tools forward their calls to. */
  readonly client: McpClientLike;
  /** The agent names the import was made for (`allowedAgents`): `serveMcp` re-serves the catalogue to them only. */
  readonly allowedAgents: readonly string[];
  /**
   * The server's resources and prompts, read live through the same connection (see {@link McpRemoteCatalogue}):
   * `imported.catalogue.readResource(uri)`, `imported.catalogue.getPrompt(name, args)`. Pass the import to
   * `serveMcp(agent, { imported: [imported] })` to serve them again beside the agent's own.
   */
  readonly catalogue: McpRemoteCatalogue;
  /**
   * Unregisters the imported tools (a tool of the same name registered since by someone else is left alone), then
   * closes the client when `importMcpTools` created it (it was given a transport); a client it was given stays open.
   * Calls already running finish. Calling it again does nothing.
   */
  close(): Promise<void>;
}

const DEFAULT_TIMEOUT_MS = 60_000;
const MAX_PAGES = 1_000;

async function listAllTools(client: McpClientLike, timeout: number): Promise<McpRemoteTool[]> {
  const tools: McpRemoteTool[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const answer = await client.listTools(cursor === undefined ? undefined : { cursor }, { timeout });
    tools.push(...answer.tools);
    cursor = answer.nextCursor;
    if (cursor === undefined) return tools;
  }
  throw new Error(`importMcpTools: the server's tools/list went on for more than ${MAX_PAGES} pages.`);
}

/**
 * Lists the tools of an MCP server and registers each (or those `filter` admits) as a module-level tool of
 * `options.registry`, under `prefix + name` (or its `rename`, made provider-legal: see `names`), visible to
 * `allowedAgents` only. Each tool keeps the server's `inputSchema`, which toolwright checks when registering and
 * validates every call against before forwarding it as `tools/call`, and its `outputSchema` as `returns`; so per-agent
 * access, approval, timeouts and listeners apply as for any tool. Results: `structuredContent`, else the text, else
 * `content(...)` of the blocks as toolwright parts (images, audio, resource links, embedded resources); an `isError`
 * result becomes a failed `ToolResult` with the server's text; a server that disconnects or does not answer within
 * `timeoutMs` gives a failed result saying so, never a hang. The server's progress notifications for a call reach
 * the local call's progress (`reportProgress`). A tool's MCP Apps view (`_meta.ui`) is kept as its `ui`; a tool only
 * the server's views may call (`visibility` without `"model"`) is not imported. The server's resources and prompts
 * are on `catalogue`, and a server that declares no tools is not asked for any.
 *
 * `source` is a connected MCP client (the `Client` of SDK v1 or v2), or a client transport, which is then connected
 * with a new `Client` of `@modelcontextprotocol/client` (SDK v2, which negotiates 2026-07-28 or 2025-11-25), or of
 * `@modelcontextprotocol/sdk` when only v1 is installed.
 * Registration is all or nothing: when any remote tool cannot be registered (a schema toolwright cannot accept, a
 * name the registry already has, or a name clashing with a tool of an agent in `allowedAgents`), the tools
 * registered so far are unregistered, the client is closed if `importMcpTools` created it, and the error is thrown.
 * @throws {ToolDefinitionError} for a remote tool that cannot be registered, a name the registry already has, or one
 *   an allowed agent's own tool has; for a bad `prefix`, `filter` or `rename`.
 * @example
 * const transport = new StdioClientTransport({ command: "npx", args: ["-y", "@modelcontextprotocol/server-everything"] });
 * const imported = await importMcpTools(transport, { registry: toolRegistry, allowedAgents: ["researcher"], prefix: "ev_" });
 */
export async function importMcpTools(
  source: McpClientLike | McpTransportLike,
  options: ImportMcpToolsOptions,
): Promise<ImportedMcpTools> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const owned = !isMcpClient(source);
  const client = owned ? await connectClient(source, timeoutMs) : source;
  try {
    // A server that declares no tools (only resources or prompts) is not asked for them.
    const declared = client.getServerCapabilities?.();
    const listed = declared === undefined || declared.tools !== undefined ? await listAllTools(client, timeoutMs) : [];
    const remote = selectTools(listed.filter(isForModel), options.filter);
    for (const tool of remote) checkRemoteSchemas(tool, options.limits);
    const local = localNamesOf(remote, options.prefix ?? "", options.rename);
    const server = client.getServerVersion?.()?.name ?? "mcp";
    const context: RemoteToolContext = {
      client,
      server,
      allowedAgents: options.allowedAgents,
      timeoutMs,
    };
    const entries = remote.map((tool, index) => {
      const name = local[index]!;
      return { name, handler: remoteToolHandler(tool, name, context), options: remoteToolOptions(tool, context) };
    });
    const taken = entries.filter((entry) => options.registry.has(entry.name)).map((entry) => entry.name);
    if (taken.length > 0) {
      throw new ToolDefinitionError(
        `importMcpTools: the registry already has tools named ${taken.join(", ")}; ` +
          "give the server's tools a `prefix` to keep them apart.",
      );
    }
    // Registering is synchronous, so nothing else runs between the first registration and a rollback: no agent ever
    // sees part of an import. The real registry decides, since only it knows its agents' own tools.
    const tools: Tool[] = [];
    try {
      for (const entry of entries) tools.push(options.registry.register(entry.name, entry.handler, entry.options));
    } catch (error) {
      unregisterOwn(options.registry, tools);
      throw error;
    }
    let closing: Promise<void> | undefined;
    const close = () =>
      (closing ??= (async () => {
        unregisterOwn(options.registry, tools);
        if (owned) await client.close();
      })());
    const names = new Map(remote.map((tool, index) => [local[index]!, tool.name]));
    const catalogue = createRemoteCatalogue(client, server, timeoutMs);
    return { tools, names, client, allowedAgents: [...options.allowedAgents], catalogue, close };
  } catch (error) {
    if (owned) await client.close().catch(() => undefined);
    throw error;
  }
}

// A tool only the server's MCP Apps views may call (`_meta.ui.visibility` without "model") is theirs, called through
// the host: an agent's model must not get it, so it is not imported.
function isForModel(tool: McpRemoteTool): boolean {
  const visibility = (tool._meta?.ui as { visibility?: unknown } | undefined)?.visibility;
  return !Array.isArray(visibility) || visibility.includes("model");
}

// Removes the tools this import registered, but not a tool registered under one of their names by someone else since.
function unregisterOwn(registry: ToolRegistry, tools: readonly Tool[]): void {
  for (const tool of tools) {
    if (registry.has(tool.name) && registry.get(tool.name).handler === tool.handler) registry.unregister(tool.name);
  }
}
