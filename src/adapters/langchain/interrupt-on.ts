import { type AdaptableAgent, type AdapterOptions, bridgeTools } from "../agent-bridge.js";

/** A decision LangChain's `humanInTheLoopMiddleware` lets the human make. */
export type LangChainDecision = "approve" | "edit" | "reject";

/** What the middleware hands a tool's `when` predicate: the model's tool call, at least. */
export interface LangChainInterruptRequest {
  readonly toolCall: { readonly name: string; readonly args: unknown; readonly id?: string | undefined };
}

/** One tool's entry of `humanInTheLoopMiddleware({ interruptOn })`. */
export interface LangChainInterruptConfig {
  readonly allowedDecisions: LangChainDecision[];
  readonly when: (request: LangChainInterruptRequest) => Promise<boolean>;
}

/** Options of {@link toLangChainInterruptOn}: which tools, and which decisions the human may make. */
export interface LangChainInterruptOnOptions extends Pick<AdapterOptions, "only"> {
  /** Default: approve, edit and reject. */
  readonly allowedDecisions?: readonly LangChainDecision[];
}

/**
 * Returns the `interruptOn` of LangChain's `humanInTheLoopMiddleware` for the agent's tools that may need approval.
 * Each tool's `when` asks the tool's own `requiresApproval` (once per decision) and, when it says yes, records
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
    approval: "framework",
  })) {
    if (!needsApproval) continue;
    interruptOn[tool.name] = {
      allowedDecisions: [...decisions],
      // A call without an id cannot be bound to a record: the human is asked, and toolwright's own gate holds it.
      when: async ({ toolCall }) => (toolCall.id ? needsApproval(toolCall.args, toolCall.id) : true),
    };
  }
  return interruptOn;
}
