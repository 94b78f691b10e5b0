import { type AdaptableAgent, type AdapterOptions, bridgeTools } from "../agent-bridge.js";
import { threadSession } from "./thread-session.js";

/** A decision LangChain's `humanInTheLoopMiddleware` lets the human make. */
export type LangChainDecision = "approve" | "edit" | "reject";

/** The model's tool call, as the middleware hands it to `when` and `description`. */
export interface LangChainToolCall {
  readonly name: string;
  readonly args: unknown;
  readonly id?: string | undefined;
}

/** The agent's runtime, as the middleware hands it: its `configurable.thread_id` is the call's session. */
export interface LangChainInterruptRuntime {
  readonly configurable?: unknown;
}

/** What the middleware hands a tool's `when` predicate: the model's tool call and the agent's runtime. */
export interface LangChainInterruptRequest {
  readonly toolCall: LangChainToolCall;
  readonly runtime?: LangChainInterruptRuntime | undefined;
}

/** One tool's entry of `humanInTheLoopMiddleware({ interruptOn })`. */
export interface LangChainInterruptConfig {
  readonly allowedDecisions: LangChainDecision[];
  readonly when: (request: LangChainInterruptRequest) => Promise<boolean>;
  /** What the human reads: the tool, the arguments, and why toolwright asks when its policy holds the call. */
  readonly description: (
    toolCall: LangChainToolCall,
    state: unknown,
    runtime?: LangChainInterruptRuntime,
  ) => Promise<string>;
}

/** Options of {@link toLangChainInterruptOn}: which tools, and which decisions the human may make. */
export interface LangChainInterruptOnOptions extends Pick<AdapterOptions, "only" | "session"> {
  /** Default: approve, edit and reject. */
  readonly allowedDecisions?: readonly LangChainDecision[];
}

/**
 * Returns the `interruptOn` of LangChain's `humanInTheLoopMiddleware` for the agent's tools that may need approval.
 * Each tool's `when` asks the tool's own `requiresApproval` and the agent's policy (a `destructive` tool's call in a
 * thread that received untrusted output), once per decision, and, when either says yes, records
 * toolwright's single-use approval of the tool, the validated arguments, the agent's scope and the call id. The
 * tools from {@link toLangChainTools} then run an approved call once through that record, and an `edit` decision
 * through `approve(id, { args })` (validated against the schema, recorded on the result, told to the model); a call
 * run a second time answers `APPROVAL_MISMATCH`.
 * @throws {TypeError} when `options.only` names a tool the agent cannot use.
 * @example
 * const graph = createAgent({
 *   model,
 *   tools: toLangChainTools(agent),
 *   middleware: [humanInTheLoopMiddleware({ interruptOn: toLangChainInterruptOn(agent) })],
 *   checkpointer: new MemorySaver(),
 * });
 */
export function toLangChainInterruptOn(
  agent: AdaptableAgent,
  options: LangChainInterruptOnOptions = {},
): Record<string, LangChainInterruptConfig> {
  const decisions = [...(options.allowedDecisions ?? ["approve", "edit", "reject"])];
  const interruptOn: Record<string, LangChainInterruptConfig> = {};
  for (const { tool, needsApproval } of bridgeTools(agent, {
    ...(options.only && { only: options.only }),
    ...(options.session !== undefined && { session: options.session }),
    approval: "framework",
  })) {
    if (!needsApproval) continue;
    interruptOn[tool.name] = {
      allowedDecisions: [...decisions],
      // A call without an id cannot be bound to a record: the human is asked, and toolwright's own gate holds it.
      // The thread is the session, as for the tools' calls (toLangChainTools).
      when: async ({ toolCall, runtime }) =>
        toolCall.id ? needsApproval(toolCall.args, toolCall.id, undefined, threadSession(runtime)) : true,
      description: async (toolCall) => describeRequest(agent, tool.name, toolCall),
    };
  }
  return interruptOn;
}

// The middleware's own text (its default prefix, the tool and the arguments), then the reason of the approval `when`
// recorded, when toolwright's policy gave one (a destructive call after untrusted output).
async function describeRequest(agent: AdaptableAgent, toolName: string, toolCall: LangChainToolCall): Promise<string> {
  const text = `Tool execution requires approval\n\nTool: ${toolName}\nArgs: ${JSON.stringify(toolCall.args, null, 2)}`;
  if (!toolCall.id) return text;
  const known = await agent.approvals.forCall(toolName, toolCall.id).catch(() => undefined);
  const reason = known?.status === "pending" ? known.approval.reason : undefined;
  return reason === undefined ? text : `${text}\n\nWhy: ${reason}.`;
}
