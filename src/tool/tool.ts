import type { TOOL_FLAGS, ToolFlagName } from "./flags.js";
import type { JsonSchema, ObjectJsonSchema } from "../params/json-schema.js";
import type { ToolProgress } from "./tool-progress.js";
import type { ToolClient } from "./tool-client.js";
import type { ToolIcon } from "./tool-icon.js";
import type { ToolAppView } from "./tool-app-view.js";

/**
 * What providers need of a tool: its name, its description for the model, the JSON Schema of its arguments, and of
 * its result when it declares `returns`.
 */
export interface ToolSpec {
  readonly name: string;
  readonly description: string;
  readonly inputSchema: ObjectJsonSchema;
  /** The JSON Schema of the tool's result (from `returns` or `toolwright generate`); any root. */
  readonly outputSchema?: JsonSchema;
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

/** A grammar the one string parameter of a tool follows (OpenAI custom tools: `format: { type: "grammar", ... }`). */
export interface ToolGrammar {
  readonly syntax: "lark" | "regex";
  readonly definition: string;
}

// The static type of a value each option rule accepts.
type RuleValue<R> = R extends { readonly kind: "boolean" }
  ? boolean
  : R extends { readonly kind: "string" }
    ? string
    : R extends { readonly kind: "names" }
      ? readonly string[]
      : R extends { readonly kind: "approval" }
        ? boolean | ApprovalPredicate
        : R extends { readonly kind: "icons" }
          ? readonly ToolIcon[]
          : R extends { readonly kind: "app-view" }
            ? ToolAppView
            : R extends { readonly kind: "grammar" }
              ? ToolGrammar
              : R extends { readonly kind: "examples" }
                ? readonly Readonly<Record<string, unknown>>[]
                : R extends { readonly kind: "choice"; readonly values: readonly (infer V)[] }
                  ? V
                  : number;

/**
 * The behaviour flags of a tool, as declared by `@tool`, `@builtinTool` or `register`: one optional member per entry
 * of the flags table (see `TOOL_FLAGS` for what each means). An absent flag means its default.
 */
export type ToolFlags = { readonly [K in ToolFlagName]?: RuleValue<(typeof TOOL_FLAGS)[K]["rule"]> };

/**
 * What a running handler can know about its call. `@tool` methods, registered functions and `BaseTool.run` receive it
 * as their second argument (a `@builtinTool` method's arguments are its own parameters); `currentToolCall()` returns
 * the same object.
 */
export interface ToolCallContext {
  /** Aborted when the call is cancelled or times out: pass it on to fetch, streams and child processes. */
  readonly signal: AbortSignal;
  /** The agent that made the call; undefined for a registry dispatch without an agent. */
  readonly agent: CallingAgent | undefined;
  /** The id of the model's tool call, or a generated one. */
  readonly callId: string;
  /** The tool being run. */
  readonly tool: ToolSpec & ToolFlags;
  /**
   * Reports how far the call has got: to `onProgress`, the `progress` event, tracing, and the call's background task.
   * Never throws; a no-op when nobody listens. An invalid update (NaN, negative, above `total`, going back) is
   * dropped with a warning (`TOOLWRIGHT_INVALID_PROGRESS`), once per tool.
   */
  readonly reportProgress: (update: ToolProgress) => void;
  /**
   * A key that is the same in every attempt of this call, to pass to whatever must happen once (a payment, an
   * e-mail, an insert with a unique key): the same across retries (`maxRetries`), a run of the approved call on
   * whichever replica approves it, a background task or approved run taken over by another replica, and in a durable
   * engine (`toolwright/restate`, `toolwright/temporal`) across replays and re-deliveries. Derived from the call id,
   * the tool, the arguments' hash and the agent's store scope (in an engine, from its execution id instead); the same
   * value `idempotencyKeyOf(context)` returns. Hashed on first read only. See docs/durable-execution.md.
   * @example
   * async charge({ cents }: { cents: number }, context: ToolCallContext) {
   *   return payments.charge({ cents }, { idempotencyKey: context.idempotencyKey });
   * }
   */
  readonly idempotencyKey: string;
  /**
   * The client that made the call, when it can take requests back: log to it, ask its user (`elicit`), its model
   * (`sample`) or for its roots. Present for a call from an MCP client served by `serveMcp`; undefined for every other
   * caller (a model's tool call through a provider, `callTool` from code). See {@link ToolClient} and docs/mcp.md.
   */
  readonly client?: ToolClient | undefined;
}

/**
 * Runs a tool: receives the validated arguments (defaults filled in) and the call's context (`signal`, `agent`,
 * `callId`, `tool`, `reportProgress`, `idempotencyKey`, `client`), and returns any JSON-serialisable value or a
 * promise of one; or it is an `async function*` whose yields are progress (or preliminary values) and whose return
 * value is the result.
 */
export type ToolHandler = (args: Record<string, unknown>, context: ToolCallContext) => unknown;

/** A tool as the registry and agents expose it: its spec, its flags and the function that runs it. */
export interface Tool extends ToolSpec, ToolFlags {
  /** Runs the tool; called without a context (outside any dispatch), it makes one whose signal never aborts. */
  readonly handler: (args: Record<string, unknown>, context?: ToolCallContext) => unknown;
}
