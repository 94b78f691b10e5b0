import { NEVER_ABORTED, type ToolDefinition } from "../tool/tool-definition.js";
import type { ArgumentValidator, CompiledValidator } from "../schema/validator.js";
import type { ToolResult } from "../tool/tool-result.js";
import type { CallingAgent, ToolCallContext } from "../tool/tool.js";
import { CallContext } from "../tool/call-context.js";
import { activeCallTracer } from "./call-tracer.js";
import type { CallRequest } from "./call-request.js";
import { agentCallRequest, type AgentCallRuntime } from "./call-request.js";
import { type CallPlan, callPlanOf } from "./call-plan.js";
import { checkOutput } from "./check-output.js";
import { Ending } from "./ending.js";
import { type Settled, finish } from "./finish.js";
import { continueCall, internalFailure } from "./pipeline.js";
import { untilAborted } from "./run-managed.js";
import { type HandlerOutcome, runHandler } from "./run-handler.js";
import type { SerialLane } from "./serial-lane.js";
import { invalidEnding, invalidResult } from "./stages.js";
import { unheard } from "./progress-channel.js";
import { listenerChanges } from "./tool-listeners.js";
import { InvalidCall, type ValidatedCall, validateCall } from "./validate-call.js";

/**
 * The direct door of an agent's call: a call with no signal, progress listener or framework approval, of a tool whose
 * plan is validate → (lane) → run → (result check) → result, while nothing listens to, traces, caps or times the
 * agent's calls. It does the stages' own work for that one shape without their plumbing — no plan walk, no ending
 * per stage, no `finish` — and returns undefined for every other call, which then goes through the pipeline
 * (`runCall`). The door is a shorter way through the same rooms, never a second set of rules: should a listener be
 * added while the call runs (by its handler, say), the call still ends through `finish`.
 */
export function directCall(
  runtime: AgentCallRuntime,
  entry: DoorEntry,
  target: object | undefined,
  rawArgs: unknown,
  callId: string,
  agent: CallingAgent,
  signal: AbortSignal | undefined,
): Promise<ToolResult> | undefined {
  const { definition } = entry;
  let door = entry.door;
  if (door === undefined || door.validator !== runtime.validator) entry.door = door = assembleDoor(definition, runtime);
  if (!door.plan.direct || activeCallTracer() !== undefined || !runtime.plainFor(runtime.listeners)) return undefined;
  // Cancelled before it started: the pipeline's validate stage says so.
  if (signal?.aborted) return undefined;
  const at = listenerChanges.count;
  let validated: ValidatedCall;
  try {
    // A direct tool has no Standard Schema, so this answers at once.
    validated = validateCall(definition, rawArgs, runtime.validator, door.compiled) as ValidatedCall;
  } catch {
    // A schema that cannot validate: the pipeline's validate stage reports it, as it reports every definition bug.
    return viaRequest(
      agentCallRequest(definition.name, definition, target, rawArgs, callId, agent, runtime, signal),
      door,
    );
  }
  // Invalid arguments end the call before anything runs: with nobody listening (the door lets in no call anyone
  // hears) there is nothing for `finish` to tell, so the door answers at once, as `ended` would after a request, an
  // ending and an outcome made only to be read back. A listener added meanwhile (by a getter the snapshot read)
  // takes the request's way, through `finish`.
  // A caller that aborted while its arguments were read (a getter) gets `cancelled`, from the request's way.
  if (validated instanceof InvalidCall && listenerChanges.count === at && signal?.aborted !== true) {
    return Promise.resolve(invalidResult(definition.name, callId, validated));
  }
  if (validated instanceof InvalidCall || door.plan.checked || signal?.aborted) {
    // The rarer shapes take the request the pipeline's own code reads: arguments to refuse, a result to check.
    const request = agentCallRequest(definition.name, definition, target, rawArgs, callId, agent, runtime, signal);
    return viaRequest(request, door, validated, at);
  }
  const context = doorContext(runtime, definition, agent, callId, validated, signal);
  return plainRun(new DirectRun(runtime, target, rawArgs, at, signal), door, context, validated);
}

/**
 * What a plain run needs beyond its context, for the rare ways out that build a request (a busy lane, a listener
 * added while the handler ran) and for the lane it holds.
 */
class DirectRun {
  lane: SerialLane | undefined = undefined;
  constructor(
    readonly runtime: AgentCallRuntime,
    readonly target: object | undefined,
    readonly rawArgs: unknown,
    readonly at: number,
    readonly signal: AbortSignal | undefined,
  ) {}

  request(context: ToolCallContext): CallRequest {
    const definition = context.tool as ToolDefinition;
    const { target, rawArgs, runtime } = this;
    const { signal } = this;
    return agentCallRequest(
      definition.name,
      definition,
      target,
      rawArgs,
      context.callId,
      context.agent!,
      runtime,
      signal,
    );
  }
}

function plainRun(
  run: DirectRun,
  door: DirectDoor,
  context: ToolCallContext,
  args: Record<string, unknown>,
): Promise<ToolResult> {
  const definition = context.tool as ToolDefinition;
  try {
    if (door.plan.serial) {
      const lane = run.runtime.lane;
      // A serial call that would wait goes the pipeline's way from the lane stage on, its arguments validated.
      if (!lane.tryEnter()) return Promise.resolve(continueCall(run.request(context), door.plan, args));
      run.lane = lane;
      lane.hold(context.callId, definition);
    }
    const ran = runHandler(definition, run.target, args, context, undefined);
    const { signal } = run;
    if (ran instanceof Promise || signal !== undefined) {
      // With a caller's signal even a handler that answered at once ends a turn later, as on the pipeline: an abort
      // it set off (a callback, a microtask) still cancels the call, and its signal says so.
      const outcome =
        signal === undefined ? (ran as Promise<HandlerOutcome>) : untilAborted(context as CallContext, signal, ran);
      return outcome
        .then((settled) => plainResult(run, context, args, settled))
        .catch((error: unknown) => failedInside(run, context, error));
    }
    return Promise.resolve(plainResult(run, context, args, ran));
  } catch (error) {
    return Promise.resolve(failedInside(run, context, error));
  }
}

function plainResult(
  run: DirectRun,
  context: ToolCallContext,
  args: Record<string, unknown>,
  outcome: HandlerOutcome,
): Settled<ToolResult> {
  const { lane } = run;
  if (lane !== undefined) {
    run.lane = undefined;
    lane.leave();
  }
  // Should a listener have been added while the call ran (by its handler, say), the call ends through `finish`.
  if (listenerChanges.count === run.at) return outcome.result;
  return finish(run.request(context), args, outcome, "ended");
}

// The door's last line of defence, as the pipeline's: a throw here is a toolwright bug, and the caller still gets a
// result, with the lane handed on.
function failedInside(run: DirectRun, context: ToolCallContext, error: unknown): ToolResult {
  const { lane } = run;
  run.lane = undefined;
  lane?.leave();
  return internalFailure({ toolName: context.tool.name, callId: context.callId }, error);
}

/**
 * What the direct door keeps per tool, on the agent view's entry of it: the tool's plan, and its schema compiled by
 * the validator of the registry the view belongs to (looked up once, not per call).
 */
export interface DirectDoor {
  readonly plan: CallPlan;
  readonly validator: ArgumentValidator;
  /** Undefined when the schema does not compile: the pipeline's validate stage reports that. */
  readonly compiled: CompiledValidator | undefined;
}

/** The part of an agent view's entry the door reads and writes. */
export interface DoorEntry {
  readonly definition: ToolDefinition;
  door: DirectDoor | undefined;
}

function assembleDoor(definition: ToolDefinition, runtime: AgentCallRuntime): DirectDoor {
  const plan = callPlanOf(definition, true);
  const { validator } = runtime;
  let compiled: CompiledValidator | undefined;
  try {
    compiled = plan.direct ? validator.compileArguments(definition.inputSchema) : undefined;
  } catch {
    compiled = undefined;
  }
  // A tool that streams needs a progress channel, which only the pipeline's run stage opens.
  // A tool whose every call is a background task needs the run stage's hand-off.
  const direct = compiled !== undefined && definition.streams !== true && definition.background !== true;
  return { plan: direct ? plan : NOT_DIRECT, validator, compiled };
}

/**
 * The door's way for the shapes that need a request: a schema that cannot validate (from the start), invalid
 * arguments, a tool with a result stage. Takes the serial lane as the plain run does.
 */
function viaRequest(
  request: CallRequest,
  door: DirectDoor,
  validated?: ValidatedCall,
  at = listenerChanges.count,
): Promise<ToolResult> {
  try {
    const settled = requested(request, door.plan, validated, at);
    if (!(settled instanceof Promise)) return Promise.resolve(settled);
    return settled.catch((error: unknown) => requestFailed(request, error));
  } catch (error) {
    return Promise.resolve(requestFailed(request, error));
  }
}

function requested(
  request: CallRequest,
  plan: CallPlan,
  validated: ValidatedCall | undefined,
  at: number,
): Settled<ToolResult> {
  if (validated === undefined) return continueCall(request, plan, undefined);
  if (validated instanceof InvalidCall) return ended(request, invalidEnding(request, validated), at);
  // A call with a signal (aborted by now, or of a tool whose result is checked) runs on, past its arguments, where
  // the run stage watches the signal.
  if (request.signal !== undefined) return continueCall(request, plan, validated);
  if (!plan.serial) return checkedRun(request, validated, at);
  const lane = request.runtime!.lane;
  if (!lane.tryEnter()) return continueCall(request, plan, validated);
  request.held = lane;
  lane.hold(request.callId, request.definition);
  const result = checkedRun(request, validated, at);
  if (!(result instanceof Promise)) {
    request.held = undefined;
    lane.leave();
    return result;
  }
  return result.finally(() => {
    request.held = undefined;
    lane.leave();
  });
}

// A tool with `returns` or `toModelOutput`: the handler, then the result stage's own check.
function checkedRun(request: CallRequest, args: Record<string, unknown>, at: number): Settled<ToolResult> {
  const { definition, agent, callId, target } = request;
  const context = doorContext(request.runtime as AgentCallRuntime, definition, agent!, callId, args);
  const outcome = runHandler(definition, target, args, context, undefined);
  const ending =
    outcome instanceof Promise
      ? outcome.then((settled) => new Ending(settled, args, "ended"))
      : new Ending(outcome, args, "ended");
  const checked = checkOutput(request, ending);
  if (checked instanceof Promise) return checked.then((settled) => ended(request, settled, at));
  return ended(request, checked, at);
}

function ended(request: CallRequest, ending: Ending, at: number): Settled<ToolResult> {
  return listenerChanges.count === at
    ? ending.outcome.result
    : finish(request, ending.args, ending.outcome, ending.exit);
}

function requestFailed(request: CallRequest, error: unknown): ToolResult {
  const held = request.held;
  request.held = undefined;
  held?.leave();
  return internalFailure(request, error);
}

/**
 * The context of a call the door runs: it never aborts, and its progress goes nowhere, since the door lets in no call
 * anyone can hear progress of (no listener, tracer or `onProgress`) and no tool that streams.
 */
function doorContext(
  runtime: AgentCallRuntime,
  definition: ToolDefinition,
  agent: CallingAgent,
  callId: string,
  args: Record<string, unknown>,
  signal: AbortSignal | undefined = undefined,
): ToolCallContext {
  const scope = runtime.keyScope ?? "";
  // With a caller's signal, the handler's own is made from it only if the handler reads it (see CallContext.signal).
  return new CallContext(
    signal ?? NEVER_ABORTED,
    agent,
    callId,
    definition,
    args,
    scope,
    unheard,
    signal !== undefined,
  );
}

// The plan of a tool whose schema does not compile: its calls take the pipeline, which reports that.
const NOT_DIRECT: CallPlan = Object.freeze({ stages: [], pastGates: 1, direct: false, serial: false, checked: false });
