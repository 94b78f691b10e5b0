import type { ServerContext } from "@modelcontextprotocol/server";
import type { ExportableTool } from "../../../tool/exportable-tool.js";
import type { ToolResult } from "../../../tool/tool-result.js";
import type { ServerSdk } from "../../load-sdk.js";
import type { ApprovalCodec } from "../approval-over-mrtr.js";
import type { McpCallToolResult } from "../call-tool-result.js";
import type { DeclaredClientCapabilities } from "../client-features.js";
import type { ClientInputCall } from "../client-input.js";
import type { ListedMcpTool } from "../list-tools.js";
import type { McpServerOptions } from "../mcp-server-options.js";
import type { McpTaskTiming, McpTasks } from "../mcp-tasks.js";
import type { McpServableAgent } from "../servable-agent.js";
import type { TaskOwnership } from "../task-ownership.js";

/** The protocol era a server instance serves: `"legacy"` for 2025-11-25 (and older), `"modern"` for 2026-07-28. */
export type McpEra = "legacy" | "modern";

/** The low-level MCP server (SDK v2) a revision registers its methods on. */
export type McpLowServer = InstanceType<ServerSdk["Server"]>;

/** How one server instance is used: the era it serves, and whether it lives for a 2025 session. */
export interface McpServerScope {
  readonly era: McpEra;
  /** True for a 2025-11-25 session's server; false for one that answers a single request. */
  readonly sessionful: boolean;
  /** The server answers over stdio, where a client reads several messages in one go (progress-barrier.ts). */
  readonly stdio?: boolean;
  /** Signs 2026-07-28 approval questions (one codec per `serveMcp`, shared by its servers); absent: refused. */
  readonly codec?: ApprovalCodec;
  /** The endpoint verifies bearer tokens (`auth`): the scopes every request needs, listed in each tool's schemes. */
  readonly tokenScopes?: readonly string[] | undefined;
}

/** How one `tools/call` may become a task: whether it runs as one from its start, and whether its client follows it. */
export interface TaskPlan {
  /** Run the call as a background task from its start (`CallToolOptions.background`). */
  readonly background: boolean;
  /** The client can follow a task: a backgrounded call is answered with this revision's task result. */
  readonly followed: boolean;
}

/** One `tools/call` as a revision sees it: the server's parts and the request's, with the tool looked up once. */
export interface RevisionCall {
  readonly sdk: ServerSdk;
  readonly server: McpLowServer;
  readonly agent: McpServableAgent;
  readonly options: McpServerOptions;
  readonly scope: McpServerScope;
  readonly ctx: ServerContext;
  readonly name: string;
  readonly params: { readonly task?: unknown };
  /** The called tool, from one `agent.tools()` of this request; undefined for a name the agent does not have. */
  readonly tool: ExportableTool | undefined;
  /** The agent's tasks are served. */
  readonly tasksServed: boolean;
}

/** The answer to a request that asked the client for input (MRTR `input_required`), passed through as it is. */
export interface InputRequiredAnswer {
  readonly resultType: string;
}

/**
 * One MCP protocol revision: everything that differs between 2025-11-25 and 2026-07-28, behind one interface, so
 * the server and its `tools/call` handler never ask which revision they serve. A revision lives in its own folder
 * under revisions/; retiring one is deleting its folder and its row in revision-table.ts.
 */
export interface McpRevision {
  readonly era: McpEra;
  /** Asks the client in rounds (`input_required` and a retry) rather than by requests on a session. */
  readonly rounds: boolean;
  /** The server capabilities that announce the agent's tasks on this revision. */
  readonly tasksCapability: Readonly<Record<string, unknown>>;
  /** Adds this revision's fields to one listed tool (its task support, an output schema of any root). */
  list(tool: ExportableTool, listed: ListedMcpTool, tasksServed: boolean): void;
  /** Registers this revision's task methods over the agent's tasks, answering only what `owned` allows. */
  registerTasks(
    server: McpLowServer,
    sdk: ServerSdk,
    tasks: McpTasks,
    timing: McpTaskTiming,
    owned: TaskOwnership,
  ): void;
  /** What the client declared it can do (the request's server and context are all it needs). */
  clientCapabilities(call: Pick<RevisionCall, "server" | "ctx">): DeclaredClientCapabilities | undefined;
  /** The request's verified state (2026-07-28 `requestState`), or undefined. */
  requestState(call: Pick<RevisionCall, "ctx">): unknown;
  /**
   * Decides how a call meets tasks.
   * @throws the SDK's ProtocolError when the call cannot be answered without a task the client cannot follow.
   */
  planTask(call: RevisionCall): TaskPlan;
  /** Answers a call that is the retry of an approval question; undefined when the request is not one. */
  resume(call: RevisionCall): Promise<ToolResult | InputRequiredAnswer> | undefined;
  /** Settles a result waiting for approval: asks the client's user if it can, refuses otherwise. */
  settle(call: RevisionCall, result: ToolResult, input: ClientInputCall): Promise<ToolResult | InputRequiredAnswer>;
  /** The answer of a backgrounded call that the client follows as a task. */
  taskResult(taskId: string, timing: McpTaskTiming): object;
  /**
   * Waits, before a call's result is written, until the client has handled the progress notifications the call sent,
   * where the revision has a way to know (2025-11-25 over stdio: progress-barrier.ts); resolves at once elsewhere.
   */
  progressSent(call: RevisionCall): Promise<void>;
  /** A finished call's result as this revision puts it on the wire. */
  toResult(result: ToolResult, tool: ExportableTool | undefined): McpCallToolResult;
}
