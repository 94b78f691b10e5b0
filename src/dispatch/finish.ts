import type { CallingAgent } from "../tool/tool.js";
import type { ToolEvent, ToolListeners } from "./tool-listeners.js";
import type { Exit, HandlerOutcome } from "./run-handler.js";
import type { ApprovalEdit, GrantUse, ToolResult } from "../tool/tool-result.js";

/** A value now, or a promise of it: a stage that needs no waiting answers at once, so a plain call costs no turn. */
export type Settled<T> = T | Promise<T>;

// Outcomes that are not failures but a call still in progress elsewhere: they get `after`, never `error`.
const PENDING = new Set(["awaiting_approval", "backgrounded"]);

/** What `finish` needs of a call: its listeners and how their events name it (a call of an unknown tool too). */
export interface FinishingCall {
  readonly toolName: string;
  readonly callId: string;
  readonly agent: CallingAgent | undefined;
  readonly listeners: readonly ToolListeners[];
  /** Set on the run of a call approved with edited arguments; its result and events carry it. */
  readonly approval?: ApprovalEdit | undefined;
  /** Set on a call a grant let run without asking; its result and events carry it. */
  readonly grant?: GrantUse | undefined;
  /** The session the call named; its events carry it. */
  readonly session?: string | undefined;
}

/**
 * Ends a call, whichever way it ended: every exit of the pipeline comes here, so the events a call raises are decided
 * in this one place. `after` fires with every result and `error` with every failure, except two decisions made here
 * (docs/runtime.md): an `unavailable` call (unknown or forbidden tool) raises `error` only, and a call `cancelled`
 * before it started raises none. With nobody listening the result is returned at once, not a promise.
 */
export function finish(call: FinishingCall, args: unknown, ended: HandlerOutcome, exit: Exit): Settled<ToolResult> {
  // The result stage (an output schema, content parts, a size limit) belongs here, before anyone is told the result.
  const edit = call.approval;
  let outcome = edit === undefined ? ended : { ...ended, result: { ...ended.result, approval: edit } };
  const grant = call.grant;
  if (grant !== undefined) outcome = { ...outcome, result: { ...outcome.result, grant } };
  const { result } = outcome;
  if (exit === "cancelled") return result;
  const failed = !result.ok && !PENDING.has(result.outcome);
  // Nobody listening: tell's loop asks each set and returns the result at once.
  return tell(call, args, outcome, failed, exit !== "unavailable");
}

/**
 * Tells each listener set in turn (`after`, then `error` for a failure): at once while every listener answers at once,
 * so a call heard only by synchronous listeners settles without a turn; from the first listener that answers with a
 * promise on, in order, after it settles. `step` counts events: set `step >> 1`, `after` when even, `error` when odd.
 */
export function tell(
  call: FinishingCall,
  args: unknown,
  outcome: HandlerOutcome,
  failed: boolean,
  after: boolean,
  step = 0,
): Settled<ToolResult> {
  const { result } = outcome;
  const sets = call.listeners;
  for (; step < sets.length * 2; step++) {
    const set = sets[step >> 1]!;
    const event = step % 2 === 0 ? after && "after" : failed && "error";
    if (event === false || !set.has(event)) continue;
    const error = event === "error" ? (outcome.error ?? result.error) : undefined;
    const told = set.emit(resultEvent(call, event, args, result, error));
    if (told !== undefined) {
      const next = step + 1;
      return told.then(() => tell(call, args, outcome, failed, after, next));
    }
  }
  return result;
}

/** An `after` or `error` event: the common fields, the result, and the exception for `error`. */
export function resultEvent(
  call: FinishingCall,
  name: "after" | "error",
  args: unknown,
  result: ToolResult,
  error: unknown,
): ToolEvent {
  const edit = call.approval;
  const { taskId } = result;
  // The usual event, one literal with its fields in makeEvent's order: no object to grow, no second function.
  // A call with an edit, a task, a grant or a session gets makeEvent's extra fields.
  const plain = edit === undefined && taskId === undefined && call.grant === undefined && call.session === undefined;
  if (name === "after" && plain) {
    return { event: name, toolName: call.toolName, args, callId: call.callId, agent: call.agent, result };
  }
  const base = makeEvent(call, name, args, taskId) as { -readonly [K in keyof ToolEvent]: ToolEvent[K] };
  base.result = result;
  if (name === "error") base.error = error;
  return base;
}

/** Tells the listeners how a call that reached its handler ended (`after`, then `error` for a failure). */
export function notify(request: FinishingCall, args: unknown, outcome: HandlerOutcome): Settled<ToolResult> {
  return finish(request, args, outcome, "ended");
}

/** Builds the common fields of an event of this call. */
export function makeEvent(call: FinishingCall, event: ToolEvent["event"], args: unknown, taskId?: string): ToolEvent {
  const base = { event, toolName: call.toolName, args, callId: call.callId, agent: call.agent };
  const edit = call.approval;
  const withEdit = edit === undefined ? base : { ...base, approval: edit };
  const grant = call.grant;
  const withGrant = grant === undefined ? withEdit : { ...withEdit, grant };
  const { session } = call;
  const inSession = session === undefined ? withGrant : { ...withGrant, session };
  return taskId === undefined ? inSession : { ...inSession, taskId };
}
