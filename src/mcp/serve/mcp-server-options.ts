import type { McpApprovalMode } from "./settle-approval.js";
import type { McpReservedImport } from "./served-imports.js";

/** Options of the MCP server itself, whatever the transport. */
export interface McpServerOptions {
  /** The server name clients see (`serverInfo.name`); defaults to the agent's name. */
  readonly name?: string;
  /** The server version clients see (`serverInfo.version`); defaults to `"0.0.0"`. Set your app's version. */
  readonly version?: string;
  /** Instructions for the client's model, sent at initialization. */
  readonly instructions?: string;
  /**
   * Calls of tools that need approval: `"elicit"` (the default) asks the client's user through MCP elicitation when
   * the client supports it (a 2025-11-25 session: an elicitation request; 2026-07-28: an `input_required` answer
   * whose retry carries the user's decision), and refuses otherwise; `"refuse"` always refuses with an `isError` result. An agent with
   * an `approver` decides by itself and never needs either.
   */
  readonly approval?: McpApprovalMode;
  /**
   * The HMAC key (at least 32 bytes) that signs the `requestState` of 2026-07-28 approval questions, so the client's
   * answer is trusted to be about the call it was shown. Replicas behind one endpoint need the same key; absent, a
   * random key per process (then the answer must reach the process that asked).
   */
  readonly requestStateKey?: string | Uint8Array;
  /**
   * MCP tasks, both revisions: a call that goes to the background (`onTimeout: "background"`, a `background: true`
   * tool, or a 2025-11-25 call that asked with `params.task`) answers a client that can follow it as a task, which
   * it follows with `tasks/get`: `pollIntervalMs` (1 000 by default) is the polling hint, `ttlMs` (10 minutes by
   * default, toolwright's task retention) how long a finished task stays readable.
   */
  readonly tasks?: { readonly pollIntervalMs?: number; readonly ttlMs?: number };
  /**
   * How long a 2026-07-28 client may reuse a `tools/list` answer (`ttlMs`) and who may share it (`cacheScope`:
   * `"private"` for this client only, `"public"` for any). Absent: `ttlMs: 0`, `"private"` (ask again every time),
   * which is right while the listing depends on the caller or on loaded deferred tools. 2025-11-25 has no such hints.
   * `"public"` is refused for an agent with a tool only an MCP Apps view may call: its list differs between clients
   * that show views and clients that do not, so one shared answer would be wrong for one of them.
   */
  readonly listCache?: { readonly ttlMs: number; readonly cacheScope: "private" | "public" };
  /**
   * Imports (what `importMcpTools` returned) whose servers' resources and prompts this server serves again, beside
   * the agent's own, to an agent named in the import's `allowedAgents`: listed as the server lists them (every page,
   * through this server's cursors), read and got through the import's connection, their list changes passed on to
   * sessions. The imported tools need nothing here: they are the agent's tools already.
   */
  readonly imported?: readonly McpReservedImport[];
}

/** The keys of {@link McpServerOptions}, for the option checks of `serveMcp` and `mcpFetchHandler`. */
export const SERVER_OPTION_KEYS: readonly string[] = Object.keys({
  name: 0,
  version: 0,
  instructions: 0,
  approval: 0,
  requestStateKey: 0,
  tasks: 0,
  listCache: 0,
  imported: 0,
} satisfies Record<keyof McpServerOptions, 0>);
