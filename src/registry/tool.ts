import type { GatedCall } from "../dispatch/call-runtime.js";
import type { ObjectJsonSchema } from "../params/json-schema.js";

/** What providers need of a tool: its name, its description for the model, and the JSON Schema of its arguments. */
export interface ToolSpec {
  readonly name: string;
  readonly description: string;
  readonly inputSchema: ObjectJsonSchema;
}

/** What happens when a handler outlives its `timeoutMs`. */
export type TimeoutBehaviour = "error" | "background";

/** Whether calls of a tool may run beside other calls of the same turn. */
export type ExecutionMode = "parallel" | "serial";

/** Decides, from the validated arguments (and the call: agent, call id, tool), whether a call needs approval first. */
export type ApprovalPredicate = (
  args: Readonly<Record<string, unknown>>,
  call: GatedCall,
) => boolean | Promise<boolean>;

/**
 * The behaviour flags of a tool, as declared by `@tool`, `@builtinTool` or `register`. Every flag is optional; an
 * absent flag means the default described on it.
 */
export interface ToolFlags {
  /** A short human title (MCP `title`). */
  readonly title?: string;
  /** `true`, or a predicate on the validated arguments: the call waits for approval before it runs. Default false. */
  readonly requiresApproval?: boolean | ApprovalPredicate;
  /** Scopes the current user must hold; checked by the agent's scope checker before the call runs. */
  readonly authScopes?: readonly string[];
  /** Agent names that may see and call the tool. Omitted: every agent; `[]`: none. */
  readonly allowedAgents?: readonly string[];
  /** Time limit of one call, in milliseconds. */
  readonly timeoutMs?: number;
  /** At the time limit: fail the call (`"error"`, the default) or hand the work to a background task. */
  readonly onTimeout?: TimeoutBehaviour;
  /** How many times a throwing handler is tried again. Default 0. */
  readonly maxRetries?: number;
  /** The tool only reads: it changes nothing, so it may run in parallel and needs no undo (MCP `readOnlyHint`). */
  readonly readOnly?: boolean;
  /** The tool may destroy or overwrite data (MCP `destructiveHint`). */
  readonly destructive?: boolean;
  /** Calling the tool twice with the same arguments has the effect of calling it once (MCP `idempotentHint`). */
  readonly idempotent?: boolean;
  /** The tool reaches outside systems (MCP `openWorldHint`). */
  readonly openWorld?: boolean;
  /** Calls may overlap with other calls of the same turn. Same as `executionMode: "parallel"`. */
  readonly concurrencySafe?: boolean;
  /** `"parallel"` or `"serial"`; serial calls of one agent never overlap. */
  readonly executionMode?: ExecutionMode;
  /** The tool is listed only on request (for tool-search setups), not in every prompt. */
  readonly deferred?: boolean;
  /** A short usage example for the model; appended to the description as `Example: ...`. */
  readonly snippet?: string;
  /** Extra guidance for the model on when and how to use the tool; appended to the description. */
  readonly guidelines?: string;
}

/** Runs a tool: receives the validated arguments (defaults filled in) and returns any JSON-serialisable value. */
export type ToolHandler = (args: Record<string, unknown>) => unknown;

/** A tool as the registry and agents expose it: its spec, its flags and the function that runs it. */
export interface Tool extends ToolSpec, ToolFlags {
  readonly handler: ToolHandler;
}
