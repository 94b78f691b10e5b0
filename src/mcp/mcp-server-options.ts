import type { McpApprovalMode } from "./settle-approval.js";

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
   * the client supports it, and refuses otherwise; `"refuse"` always refuses with an `isError` result. An agent with
   * an `approver` decides by itself and never needs either.
   */
  readonly approval?: McpApprovalMode;
}
