import type { OptionTable } from "./option-table.js";

/**
 * The behaviour flags a tool can declare, in one table: the `ToolFlags` type, option checking, which flags a
 * definition keeps, and the MCP annotations all derive from it. Every flag is optional.
 */
export const TOOL_FLAGS = {
  /** A short human title (MCP `title`). */
  title: { rule: { kind: "string" } },
  /** Images that stand for the tool in a client's interface (MCP `icons`): `{ src, mimeType?, sizes?, theme? }`. */
  icons: { rule: { kind: "icons" } },
  /**
   * The MCP Apps view a host shows the tool's results in: `{ resourceUri: "ui://...", visibility? }`, listed by
   * `serveMcp` as the tool's `_meta.ui`. The result the model reads is the same with or without it.
   */
  ui: { rule: { kind: "app-view" } },
  /** `true`, or a predicate on the validated arguments: the call waits for approval before it runs. Default false. */
  requiresApproval: { rule: { kind: "approval" } },
  /** Scopes the current user must hold; checked by the agent's scope checker before the call runs. */
  authScopes: { rule: { kind: "names" } },
  /** Agent names that may see and call the tool. Omitted: every agent; `[]`: none. */
  allowedAgents: { rule: { kind: "names" } },
  /** Time limit of one call, in milliseconds. */
  timeoutMs: { rule: { kind: "time-limit" } },
  /** At the time limit: fail the call (`"error"`, the default) or hand the work to a background task. */
  onTimeout: { rule: { kind: "choice", values: ["error", "background"] } },
  /**
   * Every call runs as a background task from its start: once validated, allowed and approved, it answers
   * `backgrounded` with a task id (`agent.tasks`) and the handler goes on there. MCP lists it as a task-only tool
   * (`taskSupport: "required"`). Default false.
   */
  background: { rule: { kind: "boolean" } },
  /**
   * The most characters of a result the model reads; beyond it the model reads the head and the tail with a notice of
   * what was cut, and the full value stays on the result. Default `DEFAULT_MAX_RESULT_CHARS` (50,000).
   */
  maxResultChars: { rule: { kind: "count", min: 1 } },
  /** How many times a throwing handler is tried again. Default 0. */
  maxRetries: { rule: { kind: "count", min: 0 } },
  /** The tool only reads: it changes nothing, so it may run in parallel and needs no undo. */
  readOnly: { rule: { kind: "boolean" }, mcpHint: "readOnlyHint" },
  /** The tool may destroy or overwrite data. */
  destructive: { rule: { kind: "boolean" }, mcpHint: "destructiveHint" },
  /** Calling the tool twice with the same arguments has the effect of calling it once. */
  idempotent: { rule: { kind: "boolean" }, mcpHint: "idempotentHint" },
  /** The tool reaches outside systems. */
  openWorld: { rule: { kind: "boolean" }, mcpHint: "openWorldHint" },
  /** Calls may overlap with other calls of the same turn. Same as `executionMode: "parallel"`. */
  concurrencySafe: { rule: { kind: "boolean" } },
  /**
   * `currentToolCall()` works after `await`s in this tool's handler, not only before the first one. Tracked with
   * AsyncLocalStorage, which on Node 20 makes every `await` in the process slower once on; the handler's own context
   * argument costs nothing. Default false.
   */
  asyncContext: { rule: { kind: "boolean" } },
  /** `"parallel"` or `"serial"`; serial calls of one agent never overlap. */
  executionMode: { rule: { kind: "choice", values: ["parallel", "serial"] } },
  /** The tool is listed only on request (for tool-search setups), not in every prompt. */
  deferred: { rule: { kind: "boolean" } },
  /**
   * Example arguments, each an object the input schema accepts (checked at definition). Exported where a provider has
   * a field for them (Anthropic `input_examples`, the AI SDK's `inputExamples`), appended to the description elsewhere.
   */
  examples: { rule: { kind: "examples" } },
  /**
   * Who may call the tool, where the provider lets code the model runs call tools (programmatic tool calling):
   * Anthropic `allowed_callers` (`"direct"`, `"code_execution_20250825"`, ...). The installed openai SDK's function
   * tool has no such field yet, so OpenAI exports leave it out (the compatibility report says so).
   */
  allowedCallers: { rule: { kind: "names" } },
  /** Anthropic `eager_input_streaming`: stream this tool's input as the model writes it. */
  eagerInputStreaming: { rule: { kind: "boolean" } },
  /**
   * For a tool whose one parameter is a string: the grammar that string follows, `{ syntax: "lark" | "regex",
   * definition }`. `toOpenAITools(tools, { api: "responses", customTools: true })` exports the tool as an OpenAI
   * custom tool constrained by it; elsewhere the tool goes out as a function with the grammar in its description.
   */
  grammar: { rule: { kind: "grammar" } },
  /** A short usage example for the model; appended to the description as `Example: ...`. */
  snippet: { rule: { kind: "string" } },
  /** Extra guidance for the model on when and how to use the tool; appended to the description. */
  guidelines: { rule: { kind: "string" } },
} as const satisfies OptionTable<{ readonly mcpHint?: string }>;

/** The name of one tool flag. */
export type ToolFlagName = keyof typeof TOOL_FLAGS;

/** The flag names, in table order. */
export const TOOL_FLAG_NAMES = Object.keys(TOOL_FLAGS) as readonly ToolFlagName[];
