import { BaseAgent, END_CALL, UNTRUSTED_ASK } from "../agent/base-agent.js";
import { awaitingApprovalResult } from "../dispatch/index.js";
import { describeThrown } from "../errors/describe-thrown.js";
import { ErrorCode } from "../errors/error-code.js";
import { approvalAlreadyUsedText, approvalMismatchText, approvalNotRecordedText } from "../errors/model-messages.js";
import type { ObjectJsonSchema } from "../params/json-schema.js";
import type { GatedCall, Tool } from "../tool/tool.js";
import { partsText } from "../content/part-text.js";
import { modelOutput } from "../tool/model-output.js";
import { type ToolResult, failureResult } from "../tool/tool-result.js";
import type { ToolProgressEvent } from "../tool/tool-progress.js";

/** What an adapter needs of an agent: its tools, its calls and its pending approvals. */
export type AdaptableAgent = Pick<BaseAgent, "name" | "id" | "tools" | "callTool" | "approvals">;

/**
 * Who asks a human before a tool with `requiresApproval` runs: `"framework"` uses the framework's own human-in-the-loop
 * mechanism (the default where it has one), `"toolwright"` leaves the call pending in `agent.approvals` and tells the
 * model it waits.
 */
export type ApprovalMode = "framework" | "toolwright";

/** Options every adapter accepts. */
export interface AdapterOptions {
  /** Who asks for approval; see {@link ApprovalMode}. */
  readonly approval?: ApprovalMode;
  /** Only these tools (by name); all the agent may use by default. */
  readonly only?: readonly string[];
  /**
   * The session (conversation, thread, run) every call of these tools belongs to: the repeat guard and the
   * untrusted-output rule count within it (docs/policy.md). Make the tools per conversation to use it; LangChain
   * takes the run's `configurable.thread_id` when this is absent.
   */
  readonly session?: string;
}

/** One tool as an adapter turns it into a framework's tool: a fresh, mutable copy of its schema included. */
export interface BridgedTool {
  readonly tool: Tool;
  /** A deep copy of the input schema that the framework may change (ours are deep-frozen). */
  readonly inputSchema: ObjectJsonSchema;
  /**
   * The framework's question "does this call need a human?" (see {@link askApproval}), asked in `session` (the
   * framework's own, else the adapter's); undefined when the tool never needs one (neither `requiresApproval` nor
   * `destructive`) or approval is toolwright's.
   */
  readonly needsApproval:
    ((input: unknown, callId: string, approvedByFramework?: boolean, session?: string) => Promise<boolean>) | undefined;
  /** The adapter's `session`, for every call of the tool that names none of its own. */
  readonly session?: string | undefined;
}

/** How one framework call reaches the agent. */
export interface BridgedCall {
  readonly callId?: string | undefined;
  readonly signal?: AbortSignal | undefined;
  /** Receives the call's progress, for a framework that streams it. */
  readonly onProgress?: ((update: ToolProgressEvent) => void) | undefined;
  /**
   * Whether the framework says its human approved this call: false runs nothing that waits for approval, true with
   * no record of the call answers why. Undefined where the framework only runs approved calls.
   */
  readonly approvedByFramework?: boolean | undefined;
  /**
   * What a pending approval whose arguments differ from the call's means: `"mismatch"` (the approved history was
   * edited: nothing runs) or `"edit"` (the framework's human edited them, as LangChain's `edit` decision does: they
   * run through `approve(id, { args })`, validated and recorded).
   */
  readonly changedArgs?: "mismatch" | "edit" | undefined;
  /**
   * The framework's human approved every call of the tool (OpenAI Agents' `alwaysApprove`): with a session, the
   * approval is remembered as a session grant (docs/policy.md).
   */
  readonly remember?: "session" | undefined;
  /** The framework's own session of this call (LangChain's thread id); the adapter's `session` otherwise. */
  readonly session?: string | undefined;
}

/**
 * Lists the agent's tools for an adapter, each with a fresh schema copy and its approval rule.
 * @throws {TypeError} when `options.only` names a tool the agent cannot use.
 */
export function bridgeTools(agent: AdaptableAgent, options: AdapterOptions = {}): BridgedTool[] {
  let tools = agent.tools();
  if (options.only !== undefined) {
    const names = new Set(tools.map((t) => t.name));
    const unknown = options.only.filter((name) => !names.has(name));
    if (unknown.length > 0) {
      throw new TypeError(
        `only: agent "${agent.name}" has no tool ${unknown.map((n) => JSON.stringify(n)).join(", ")}. ` +
          `Available: ${[...names].join(", ") || "(none)"}.`,
      );
    }
    const wanted = new Set(options.only);
    tools = tools.filter((t) => wanted.has(t.name));
  }
  const framework = (options.approval ?? "framework") === "framework";
  const { session } = options;
  return tools.map((tool) => ({
    tool,
    inputSchema: structuredClone(tool.inputSchema) as ObjectJsonSchema,
    needsApproval: framework ? approvalRule(agent, tool, session) : undefined,
    session,
  }));
}

// A tool with its own rule asks it; a `destructive` one may need a human once its session received untrusted output.
function approvalRule(agent: AdaptableAgent, tool: Tool, session: string | undefined): BridgedTool["needsApproval"] {
  const rule = tool.requiresApproval;
  if ((rule === undefined || rule === false) && tool.destructive !== true) return undefined;
  return (input, callId, approvedByFramework, own) =>
    askApproval(agent, tool, input, callId, approvedByFramework, own ?? session);
}

/**
 * Answers a framework asking whether a call needs its human, and binds the answer: when it does, toolwright records
 * a single-use pending approval of the tool, the validated arguments, the agent's scope and the call id, which the
 * framework's approval must then match to run (see {@link callBridged}). The call needs one when the tool's own
 * `requiresApproval` says so, or when the agent's policy holds it: a `destructive` tool called in a `session` that
 * received untrusted output (the record's `reason` then says so). The rule runs once per decision: a framework
 * asking again (on resume) finds the record and is told yes without a second run.
 * `approvedByFramework` tells that the framework asks about a call its history already approved.
 */
export async function askApproval(
  agent: AdaptableAgent,
  tool: Tool,
  input: unknown,
  callId: string,
  approvedByFramework = false,
  session?: string,
): Promise<boolean> {
  const known = await agent.approvals.forCall(tool.name, callId).catch(() => undefined);
  // Asked before, or already used: yes, so the framework's approved run comes to callBridged, which says which. A
  // framework re-checking an approval it holds but this agent never recorded (another instance, no shared store)
  // gets no fresh record either: a record made now would bind whatever the history says.
  if (known !== undefined || approvedByFramework) return true;
  const held = session !== undefined && (await untrustedAsk(agent, tool, session)) !== undefined;
  if (!held && !(await ruleSays(agent, tool, input, callId))) return false;
  const asked = await agent.callTool(tool.name, input, { callId, awaitApproval: true, session });
  // A call toolwright ends at once (invalid arguments, missing scopes) needs no human: the model reads why. Nor does a
  // call a grant covers (it ends `cancelled`, unheard): its run meets the grant in `callTool`.
  return asked.outcome === "awaiting_approval";
}

/**
 * The reason the agent's policy would hold a call of `tool` in `session` for approval because the session received
 * untrusted output (docs/policy.md); undefined when it would not. Only a {@link BaseAgent} keeps sessions: another
 * object that looks like an agent has none to ask.
 */
export async function untrustedAsk(agent: AdaptableAgent, tool: Tool, session: string): Promise<string | undefined> {
  return agent instanceof BaseAgent ? agent[UNTRUSTED_ASK](tool.name, session) : undefined;
}

async function ruleSays(agent: AdaptableAgent, tool: Tool, input: unknown, callId: string): Promise<boolean> {
  const rule = tool.requiresApproval;
  if (rule === true) return true;
  if (typeof rule !== "function") return false;
  const args = (typeof input === "object" && input !== null ? input : {}) as Record<string, unknown>;
  const call: GatedCall = { toolName: tool.name, args, callId, agent: { name: agent.name, id: agent.id }, tool };
  try {
    return Boolean(await rule(args, call));
  } catch {
    // Fail closed, as the dispatcher does: a predicate that throws must not let a call skip the human.
    return true;
  }
}

/**
 * Calls the tool through `agent.callTool` (validation, ACL, scopes, listeners, time limits, retries, the serial lane).
 * With framework approval, a call the framework asked about runs only through the pending approval recorded when it
 * asked: once, with the arguments approved (or a human's validated edit of them). A replayed approval (the record was
 * used), an edited one (other arguments) or one this agent never recorded runs nothing and answers
 * `APPROVAL_MISMATCH`, saying why.
 */
export async function callBridged(
  agent: AdaptableAgent,
  bridged: BridgedTool,
  args: unknown,
  call: BridgedCall,
): Promise<ToolResult> {
  const name = bridged.tool.name;
  const { callId, signal, onProgress } = call;
  if (bridged.needsApproval !== undefined && callId !== undefined) {
    const known = await agent.approvals.forCall(name, callId).catch(() => undefined);
    if (known?.status === "decided") return notRun(agent, name, args, callId, approvalAlreadyUsedText());
    // Only a record the framework's question made is the framework's to run; one the app decides stays its own.
    if (known?.status === "pending" && known.framework && call.approvedByFramework !== false) {
      const edited = call.changedArgs === "edit" ? { args } : { expectedArgs: args };
      // A grant needs the call's session; without one the framework's "always" stays its own (its run state's).
      const remember = call.remember !== undefined &&
        known.approval.session !== undefined && { remember: call.remember };
      return agent.approvals
        .approve(known.approval.id, { ...edited, ...(signal && { signal }), ...remember })
        .catch((error: unknown) => notRun(agent, name, args, callId, describeThrown(error)));
    }
    if (known?.status === "pending") return awaitingApprovalResult(name, callId, known.approval.id);
    if (call.approvedByFramework === true) {
      return notRun(agent, name, args, callId, approvalNotRecordedText(agent.name));
    }
  }
  return agent.callTool(name, args, { callId, signal, onProgress, session: call.session ?? bridged.session });
}

// A framework's approved run that nothing may run still ends as a call of the agent: its listeners hear `after` and
// `error`, and the tracer sees it, as they do for a mismatch the approvals find themselves. Only a BaseAgent is
// known to end a call without running it (END_CALL): an object that merely looks like an agent gets the result alone
// (fail closed).
async function notRun(agent: AdaptableAgent, toolName: string, args: unknown, callId: string, why: string) {
  const endWith = failureResult(toolName, callId, "rejected", {
    code: ErrorCode.ApprovalMismatch,
    message: approvalMismatchText(toolName, why),
  });
  return agent instanceof BaseAgent ? agent[END_CALL](toolName, args, callId, endWith) : endWith;
}

/**
 * Returns the text the model reads for a result: the content on success, `Error (CODE): message` otherwise, cut to
 * the result's `maxResultChars` as every provider's result builder cuts it (the same {@link modelOutput}).
 */
export function modelText(result: ToolResult): string {
  return partsText(modelOutput(result).parts);
}
