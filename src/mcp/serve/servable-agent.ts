import type { TraceContext } from "../../tool/trace-context.js";
import type { CallAuth } from "../../tool/call-auth.js";
import type { ToolResult } from "../../tool/tool-result.js";
import type { ExportableTool } from "../../tool/exportable-tool.js";
import type { LoadedTools } from "../../providers/tool-search/loaded-tools.js";
import type { McpProgressUpdate } from "./mcp-progress.js";
import type { McpTasks } from "./mcp-tasks.js";

/** The part of an agent's `approvals` that {@link serveMcp} uses to settle a call waiting for approval. */
export interface McpApprovals {
  approve(
    approvalId: string,
    options?: {
      readonly signal?: AbortSignal;
      readonly args?: unknown;
      readonly expectedArgs?: unknown;
      /** From the form's "remember for this session" field: also remembers the approval as a session grant. */
      readonly remember?: "session";
    },
  ): Promise<ToolResult>;
  reject(approvalId: string, reason?: string): Promise<ToolResult>;
  pending(): readonly {
    readonly id: string;
    readonly args: Readonly<Record<string, unknown>>;
    /** Why the call asks, when its tool's rule did not (a session that read untrusted output). */
    readonly reason?: string;
    /** The call's session: the form then offers "remember for this session". */
    readonly session?: string;
  }[];
  /** Every process's pending approvals, read from the agent's store (so another replica's question can be answered). */
  list?(): Promise<readonly { readonly id: string; readonly args: Readonly<Record<string, unknown>> }[]>;
}

/**
 * What `serveMcp` needs of an agent: a `BaseAgent` has all of it. Typed structurally, so an agent class loaded from
 * another copy of toolwright (the `toolwright` command loading a user's module) is served as well. Its resources and
 * prompts are the `@resource` and `@prompt` methods of its class (`agent.constructor`), read through the class's
 * metadata, which every copy of toolwright shares.
 */
export interface McpServableAgent {
  readonly name: string;
  /** The tools to list; `appHost: true` for a client that shows MCP Apps views (view-only tools included). */
  tools(options?: { readonly appHost?: boolean }): readonly ExportableTool[];
  /** The tools to list for a session that has loaded `loaded` deferred tools (absent: every tool is listed). */
  toolsForTurn?(loaded: LoadedTools, options?: { readonly appHost?: boolean }): readonly ExportableTool[];
  callTool(
    name: string,
    args: unknown,
    options?: {
      readonly signal?: AbortSignal;
      readonly callId?: string;
      readonly loadedTools?: LoadedTools;
      /**
       * Receives the handler's progress reports (toolwright's `CallToolOptions.onProgress`); `serveMcp` passes it
       * only for a call whose request carried `_meta.progressToken`, and sends each as `notifications/progress`.
       */
      readonly onProgress?: (update: McpProgressUpdate) => void;
      /** Runs the call as a background task from its start: a client asked for an MCP task. */
      readonly background?: boolean;
      /** Who the call is made for: the token an HTTP request carried to an endpoint with `auth`. */
      readonly auth?: CallAuth;
      /** The client's trace (`_meta.traceparent` / `tracestate` of its `tools/call`), for the call's span. */
      readonly traceContext?: TraceContext;
      /** The client shows MCP Apps views: a tool only a view may call may be called. */
      readonly appHost?: boolean;
    },
  ): Promise<ToolResult>;
  readonly approvals?: McpApprovals;
  /** The agent's background tasks, served as MCP Tasks (2026-07-28 Tasks extension) when present. */
  readonly tasks?: McpTasks;
}
