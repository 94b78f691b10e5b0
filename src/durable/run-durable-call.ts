import { BaseAgent, UNTRUSTED_ASK } from "../agent/base-agent.js";
import { executionSession } from "./execution-session.js";
import type { ToolResult } from "../tool/tool-result.js";
import type { Tool } from "../tool/tool.js";
import { needsApproval, readDecision } from "./approval-gate.js";
import type { DurableApprovalDecision, DurableApprovalRequest, DurablePort } from "./durable-port.js";
import { deriveIdempotencyKey } from "./idempotency-key.js";
import { recordable } from "./recordable-result.js";
import { runWithIdempotencyKey } from "../tool/call-context.js";

/** What a durable call needs of an agent: its public surface (tools, calls, approvals, tasks). */
export type DurableAgent = Pick<BaseAgent, "name" | "id" | "tools" | "callTool" | "approvals" | "tasks">;

/** Options of {@link runDurableCall}. */
export interface DurableCallOptions {
  /**
   * The model's tool-call id, echoed in the result. When absent, one is derived from the execution and the order of
   * the call in it, so a replay derives the same one (a random id would give every attempt another key).
   */
  readonly callId?: string | undefined;
  /**
   * Told about a call that waits for a human, with the signal to deliver the decision to. It runs as a step, so it
   * is told once per execution (again only if the process dies while it runs).
   */
  readonly onApprovalRequested?: ((request: DurableApprovalRequest) => void | Promise<void>) | undefined;
  /** Cancels the call while it runs (the handler sees it as its context's `signal`). */
  readonly signal?: AbortSignal | undefined;
  /**
   * The session the call belongs to (docs/policy.md): by default the execution (`port.executionId`), so the repeat
   * guard and the rule that follows untrusted output hold across the steps of one execution.
   */
  readonly session?: string | undefined;
}

// Each agent's tools by name, read once: `agent.tools()` builds every tool afresh, which cost more than the rest of a
// durable call's own work. Only the approval rule is read from it, and a name that is missing is looked up again (a
// tool registered since); the call itself always goes through the agent, which checks access at call time.
const toolsByAgent = new WeakMap<DurableAgent, Map<string, Tool>>();

function toolOf(agent: DurableAgent, name: string): Tool | undefined {
  let tools = toolsByAgent.get(agent);
  if (tools === undefined || !tools.has(name)) {
    tools = new Map(agent.tools().map((tool) => [tool.name, tool]));
    toolsByAgent.set(agent, tools);
  }
  return tools.get(name);
}

// The order of calls without an id in each execution, for the ids derived from it.
const ordinals = new WeakMap<DurablePort, number>();

function derivedCallId(port: DurablePort): string {
  const next = (ordinals.get(port) ?? 0) + 1;
  ordinals.set(port, next);
  return `${port.executionId}#${next}`;
}

/**
 * Runs one tool call of `agent` durably on an engine's {@link DurablePort}: toolwright's whole dispatch (lookup, access
 * control, validation, scopes, listeners, time limits, retries) inside one journaled step, so the call's result is
 * recorded once and a replay returns it without running the tool again. The handler reads a key that is the same in
 * every attempt through `idempotencyKeyOf(context)`: a crash before the step is recorded runs the handler again, with
 * that key, so what it does outside can be made to happen once.
 *
 * A tool that `requiresApproval` first waits, durably, for the signal `toolwright-approval-<callId>`: the decision
 * ({@link DurableApprovalDecision}) may come hours and restarts later, and `onApprovalRequested` says where to send
 * it. An approved call then runs past toolwright's own approval gate; a refused one ends with outcome `rejected`
 * and the reason, without running. A call that outlives its time limit with `onTimeout: "background"` is waited for
 * inside the step: the engine, not the process, is what keeps long work going, and the journal keeps its final result.
 * @example
 * const result = await runDurableCall(port, agent, call.name, call.arguments, { callId: call.id });
 */
export async function runDurableCall(
  port: DurablePort,
  agent: DurableAgent,
  name: string,
  args: unknown,
  options: DurableCallOptions = {},
): Promise<ToolResult> {
  const callId = options.callId ?? derivedCallId(port);
  const idempotencyKey = deriveIdempotencyKey({ executionId: port.executionId, callId, toolName: name, args });
  const tool = toolOf(agent, name);
  const session = options.session ?? executionSession(port.executionId);
  let decision: DurableApprovalDecision | undefined;
  // A predicate may read the world (a balance, a user's role), so what it said is recorded like any other step.
  const ruled =
    tool?.requiresApproval === true ||
    (Boolean(tool?.requiresApproval) &&
      (await port.step(`approval check ${name}`, () => needsApproval(tool!, args, callId, agent))));
  // A destructive call after untrusted output in this execution asks too; what the session said is recorded, so a
  // replay (in a process that never saw the untrusted output) waits for the same decision.
  const reason =
    !ruled && tool?.destructive === true
      ? await port.step(`untrusted check ${name}`, async () => (await untrustedReason(agent, name, session)) ?? null)
      : null;
  if (ruled || reason !== null) {
    const signal = port.signal<unknown>(`toolwright-approval-${callId}`);
    const notify = options.onApprovalRequested;
    if (notify) {
      const request: DurableApprovalRequest = {
        signalId: signal.id,
        toolName: name,
        callId,
        args: typeof args === "string" ? safeParse(args) : args,
        idempotencyKey,
        executionId: port.executionId,
        ...(reason !== null && { reason }),
      };
      await port.step(`approval request ${name}`, async () => {
        await notify(request);
        return null;
      });
    }
    decision = readDecision(await signal.payload);
  }
  return port.step(`tool ${name}`, async () =>
    recordable(
      await runWithIdempotencyKey(callId, idempotencyKey, () =>
        dispatchDecided(agent, name, args, callId, decision, { ...options, session }),
      ),
      port.maxStepBytes,
    ),
  );
}

/**
 * Makes one attempt at a call through the agent's own dispatch, past the approval gate when a human already decided,
 * and waits for a call that went to the background: the value a durable step records.
 */
async function dispatchDecided(
  agent: DurableAgent,
  name: string,
  args: unknown,
  callId: string,
  decision: DurableApprovalDecision | undefined,
  options: Pick<DurableCallOptions, "signal"> & { readonly session: string },
): Promise<ToolResult> {
  const { signal, session } = options;
  // With a decision the call waits at its gate whatever its rule or session says now (a replay in a process that
  // never saw the untrusted output): the decision, not a fresh look, is what lets it run.
  let result = await agent.callTool(name, args, {
    callId,
    signal,
    session,
    ...(decision !== undefined && { awaitApproval: true }),
  });
  if (result.outcome === "awaiting_approval" && decision !== undefined) {
    // The pending approval was made by this very attempt, in this process: deciding it now runs the call once, with
    // the arguments it was validated with, and the agent's listeners see the decision as they would any other.
    result = decision.approved
      ? await agent.approvals.approve(result.approvalId, signal ? { signal } : {})
      : await agent.approvals.reject(result.approvalId, decision.reason);
  }
  if (result.outcome === "backgrounded") {
    try {
      result = await agent.tasks.wait(result.taskId);
    } catch {
      // The task was evicted before it ended: the backgrounded result is all there is to record.
    }
  }
  return result;
}

// The reason the agent's policy would hold the call for approval (its session received untrusted output); only a
// BaseAgent keeps sessions.
async function untrustedReason(agent: DurableAgent, name: string, session: string): Promise<string | undefined> {
  return agent instanceof BaseAgent ? agent[UNTRUSTED_ASK](name, session) : undefined;
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
