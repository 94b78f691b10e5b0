import type { ToolDefinition } from "../tool/tool-definition.js";
import type { ArgumentValidator, CompiledValidator } from "../schema/validator.js";
import type { ToolResult } from "../tool/tool-result.js";
import type { CallingAgent } from "../tool/tool.js";
import { activeCallTracer } from "./call-tracer.js";
import type { CallRequest } from "./call-request.js";
import { agentCallRequest, type AgentCallRuntime } from "./call-request.js";
import { type CallPlan, planOf } from "./call-plan.js";
import { checkOutput } from "./check-output.js";
import { Ending } from "./ending.js";
import { type Settled, finish } from "./finish.js";
import { continueCall, internalFailure } from "./pipeline.js";
import type { HandlerOutcome } from "./run-handler.js";
import { invalidEnding, runDirectHandler } from "./stages.js";
import { listenerChanges } from "./tool-listeners.js";
import { InvalidCall, validateCall } from "./validate-call.js";

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
): Promise<ToolResult> | undefined {
  const { definition } = entry;
  let door = entry.door;
  if (door === undefined || door.validator !== runtime.validator) entry.door = door = assembleDoor(definition, runtime);
  if (!door.plan.direct || activeCallTracer() !== undefined || !runtime.plainFor(runtime.listeners)) return undefined;
  const request = agentCallRequest(definition.name, definition, target, rawArgs, callId, agent, runtime);
  try {
    const settled = enter(request, door);
    if (!(settled instanceof Promise)) return Promise.resolve(settled);
    return settled.catch((error: unknown) => failedInside(request, error));
  } catch (error) {
    return Promise.resolve(failedInside(request, error));
  }
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
  const plan = planOf(definition, true);
  const { validator } = runtime;
  let compiled: CompiledValidator | undefined;
  try {
    compiled = plan.direct ? validator.compile(definition.inputSchema) : undefined;
  } catch {
    compiled = undefined;
  }
  return { plan: compiled === undefined ? NOT_DIRECT : plan, validator, compiled };
}

function enter(request: CallRequest, door: DirectDoor): Settled<ToolResult> {
  const { plan } = door;
  const at = listenerChanges.count;
  let validated: ReturnType<typeof validateCall>;
  try {
    // A direct tool has no Standard Schema, so this answers at once.
    validated = validateCall(request.definition, request.rawArgs, request.validator, door.compiled) as Awaited<
      typeof validated
    >;
  } catch {
    // A schema that cannot validate: the pipeline's validate stage reports it, as it reports every definition bug.
    return continueCall(request, plan, undefined);
  }
  if (validated instanceof InvalidCall) return ended(request, invalidEnding(request, validated), at);
  const args = validated as Record<string, unknown>;
  if (!plan.serial) return ran(request, plan, args, at);
  // A serial tool takes its agent's lane at once when it is free; a call that would wait goes the pipeline's way
  // from the lane stage on, its arguments validated already.
  const lane = request.runtime!.lane;
  if (!lane.tryEnter()) return continueCall(request, plan, args);
  request.held = lane;
  lane.holder = request;
  const result = ran(request, plan, args, at);
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

function ran(request: CallRequest, plan: CallPlan, args: Record<string, unknown>, at: number): Settled<ToolResult> {
  const outcome = runDirectHandler(request, args);
  if (plan.checked) {
    const checked = checkOutput(request, asEnding(outcome, args));
    if (checked instanceof Promise) return checked.then((settled) => ended(request, settled, at));
    return ended(request, checked, at);
  }
  if (outcome instanceof Promise) return outcome.then((settled) => outcomeOf(request, args, settled, at));
  return outcomeOf(request, args, outcome, at);
}

function asEnding(outcome: Settled<HandlerOutcome>, args: Record<string, unknown>): Settled<Ending> {
  if (outcome instanceof Promise) return outcome.then((settled) => new Ending(settled, args, "ended"));
  return new Ending(outcome, args, "ended");
}

function outcomeOf(request: CallRequest, args: unknown, outcome: HandlerOutcome, at: number): Settled<ToolResult> {
  return listenerChanges.count === at ? outcome.result : finish(request, args, outcome, "ended");
}

function ended(request: CallRequest, ending: Ending, at: number): Settled<ToolResult> {
  return listenerChanges.count === at
    ? ending.outcome.result
    : finish(request, ending.args, ending.outcome, ending.exit);
}

// The plan of a tool whose schema does not compile: its calls take the pipeline, which reports that.
const NOT_DIRECT: CallPlan = Object.freeze({ stages: [], pastGates: 1, direct: false, serial: false, checked: false });

// The door's last line of defence, as the pipeline's: a throw here is a toolwright bug, and the caller still gets a
// result, with the lane handed on.
function failedInside(request: CallRequest, error: unknown): ToolResult {
  const held = request.held;
  request.held = undefined;
  held?.leave();
  return internalFailure(request, error);
}
