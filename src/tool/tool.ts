import type { TOOL_FLAGS, ToolFlagName } from "./flags.js";
import type { ObjectJsonSchema } from "../params/json-schema.js";

/** What providers need of a tool: its name, its description for the model, and the JSON Schema of its arguments. */
export interface ToolSpec {
  readonly name: string;
  readonly description: string;
  readonly inputSchema: ObjectJsonSchema;
}

/** The calling agent as a handler sees it. */
export interface CallingAgent {
  readonly name: string;
  readonly id: string;
}

/** A call that asks for approval or scopes, as the approver, an approval predicate and the scope checker see it. */
export interface GatedCall {
  readonly toolName: string;
  /** The validated arguments. */
  readonly args: Readonly<Record<string, unknown>>;
  readonly callId: string;
  readonly agent: CallingAgent | undefined;
  readonly tool: ToolSpec & ToolFlags;
}

/** What happens when a handler outlives its `timeoutMs`. */
export type TimeoutBehaviour = (typeof TOOL_FLAGS)["onTimeout"]["rule"]["values"][number];

/** Whether calls of a tool may run beside other calls of the same turn. */
export type ExecutionMode = (typeof TOOL_FLAGS)["executionMode"]["rule"]["values"][number];

/** Decides, from the validated arguments (and the call: agent, call id, tool), whether a call needs approval first. */
export type ApprovalPredicate = (
  args: Readonly<Record<string, unknown>>,
  call: GatedCall,
) => boolean | Promise<boolean>;

// The static type of a value each option rule accepts.
type RuleValue<R> = R extends { readonly kind: "boolean" }
  ? boolean
  : R extends { readonly kind: "string" }
    ? string
    : R extends { readonly kind: "names" }
      ? readonly string[]
      : R extends { readonly kind: "approval" }
        ? boolean | ApprovalPredicate
        : R extends { readonly kind: "choice"; readonly values: readonly (infer V)[] }
          ? V
          : number;

/**
 * The behaviour flags of a tool, as declared by `@tool`, `@builtinTool` or `register`: one optional member per entry
 * of the flags table (see `TOOL_FLAGS` for what each means). An absent flag means its default.
 */
export type ToolFlags = { readonly [K in ToolFlagName]?: RuleValue<(typeof TOOL_FLAGS)[K]["rule"]> };

/** Runs a tool: receives the validated arguments (defaults filled in) and returns any JSON-serialisable value. */
export type ToolHandler = (args: Record<string, unknown>) => unknown;

/** A tool as the registry and agents expose it: its spec, its flags and the function that runs it. */
export interface Tool extends ToolSpec, ToolFlags {
  readonly handler: ToolHandler;
}
