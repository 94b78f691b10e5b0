import { describeThrown } from "../errors/describe-thrown.js";
import { ErrorCode } from "../errors/error-code.js";
import { ToolDefinitionError } from "../errors/errors.js";
import {
  invalidArgumentsResultText,
  schemaCannotValidateText,
  schemaDoesNotCompileText,
} from "../errors/model-messages.js";
import { type ToolDefinition, neverAborted } from "../tool/tool-definition.js";
import { type ToolFailure, type ToolResult, failureResult } from "../tool/tool-result.js";
import { ProgressChannel } from "./progress-channel.js";
import { activeCallTracer } from "./call-tracer.js";
import type { CallRequest } from "./call-request.js";
import { beforeRefusal } from "./before-refusal.js";
import { type Settled, makeEvent } from "./finish.js";
import { anyListens, routeChanges } from "./tool-listeners.js";
import { runManaged } from "./run-managed.js";
import { cancelledResult } from "./runtime-results.js";
import { shownCopy } from "./shown-copy.js";
import { nestedHold } from "./nested-lane.js";
import { InvalidCall, type ValidatedCall, validateCall } from "./validate-call.js";
import { Ending, type HandlerOutcome, runHandler } from "./run-handler.js";

// The stages of a call, each a function of the call and what the stage before answered: pipeline.ts assembles each
// tool's route from the ones it needs, in order (the gates stage is approval-gate.ts, the result check
// check-output.ts). Each answers with what the next stage takes, or an
// Ending that skips the rest.

/** Parses, snapshots, normalizes and checks the arguments; a call cancelled by then ends here. */
export function validate(request: CallRequest): Settled<Record<string, unknown> | Ending> {
  if (request.validated !== undefined) return notCancelled(request, request.validated);
  const { definition, callId } = request;
  let validated: ReturnType<typeof validateCall>;
  try {
    const { route } = request;
    validated = validateCall(definition, request.rawArgs, request.validator, route.compiled, route.normalize);
  } catch (error) {
    return new Ending({ result: definitionFailure(definition, callId, error), error }, request.rawArgs, "ended");
  }
  if (!(validated instanceof Promise)) return checked(request, validated);
  return validated.then((settled) => checked(request, settled));
}

function checked(request: CallRequest, validated: ValidatedCall): Record<string, unknown> | Ending {
  return validated instanceof InvalidCall ? invalidEnding(request, validated) : notCancelled(request, validated);
}

/** How a call with invalid arguments ends: `invalid_arguments`, with the issues and the text the model reads. */
export function invalidEnding(request: CallRequest, invalid: InvalidCall): Ending {
  const result = invalidResult(request.definition.name, request.callId, invalid);
  // A route assembled with nobody listening to `after` or `error`, and fresh (no listener added since), has no `error`
  // listener to hand the error to: the sets are not asked again.
  const { route } = request;
  const quiet = route.quiet && route.at === routeChanges.count;
  const outcome = !quiet && anyListens(request.listeners, "error") ? { result, error: invalid.error } : { result };
  return new Ending(outcome, request.rawArgs, "ended");
}

/**
 * The result of a call whose schema ajv cannot compile (outside schemas are compiled at registration), or one the
 * validator found broken on plain JSON: a definition bug the model cannot fix, reported as a failed call, never thrown.
 */
export function definitionFailure(definition: ToolDefinition, callId: string, error: unknown): ToolResult {
  const why = describeThrown(error);
  const message =
    error instanceof ToolDefinitionError
      ? schemaCannotValidateText(definition.name, why)
      : schemaDoesNotCompileText(definition.name, why);
  return failureResult(definition.name, callId, "failed", { code: ErrorCode.InvalidDefinition, message });
}

/** The result of a call whose arguments are invalid: what {@link invalidEnding} ends the call with. */
export function invalidResult(toolName: string, callId: string, invalid: InvalidCall): ToolFailure {
  const { issues } = invalid;
  return failureResult(toolName, callId, "invalid_arguments", {
    code: ErrorCode.InvalidArguments,
    // The same text as ToolValidationError's message, without building the error unless an `error` listener reads it.
    message: invalidArgumentsResultText(toolName, issues),
    issues,
  });
}

// Checked once the arguments are valid, before anything else runs: a call cancelled by then never starts.
function notCancelled(request: CallRequest, args: Record<string, unknown>): Record<string, unknown> | Ending {
  return request.signal?.aborted ? cancelled(request, args) : args;
}

/** Serial tools of an agent wait for its lane, so they never overlap; the lane is held until the call is finished. */
export function lane(request: CallRequest, args: Record<string, unknown>): Settled<Record<string, unknown> | Ending> {
  const serial = request.runtime!.lane;
  if (serial.tryEnter()) {
    request.held = serial;
    serial.hold(request);
    return args;
  }
  // A call from inside the holder's own handler would wait for a turn that ends only when it does: it runs now.
  const nested = nestedHold(serial, request);
  if (nested !== undefined) {
    request.held = nested;
    return args;
  }
  return serial.enter(request.signal).then((entered) => {
    if (!entered) return cancelled(request, undefined);
    request.held = serial;
    serial.hold(request);
    return args;
  });
}

/** Asks the `before` listeners, which may deny the call. */
export function before(request: CallRequest, args: Record<string, unknown>): Settled<Record<string, unknown> | Ending> {
  return anyListens(request.listeners, "before") ? askBefore(request, args) : args;
}

async function askBefore(
  request: CallRequest,
  args: Record<string, unknown>,
): Promise<Ending | Record<string, unknown>> {
  // Listeners see a copy: one that changes it cannot hand the handler values that were never validated.
  const event = makeEvent(request, "before", shownCopy(args));
  for (const set of request.listeners) {
    const refusal = await set.before(event);
    if (refusal !== undefined) return new Ending(beforeRefusal(request, refusal), args, "ended");
  }
  return args;
}

/** Runs the handler: plainly, or managed (time limit, abort signal, retries, background hand-off). */
export function run(request: CallRequest, args: Record<string, unknown>): Settled<Ending> {
  const { route, options } = request;
  const outcome =
    route.managed || options.signal !== undefined || options.background === true
      ? runManaged(request, args, route.timeoutMs)
      : runPlainly(request, args);
  if (outcome instanceof Promise) return outcome.then((settled) => new Ending(settled, args, "ended"));
  return new Ending(outcome, args, "ended");
}

// No time limit, signal or retries. A call nobody can hear progress of (and no generator) opens no progress channel.
function runPlainly(request: CallRequest, args: Record<string, unknown>): Settled<HandlerOutcome> {
  const { route, options } = request;
  const tracer = route.traced ? activeCallTracer() : undefined;
  const heard = route.heard || options.onProgress !== undefined || tracer?.progress !== undefined;
  request.ready(args, neverAborted(), false, heard ? new ProgressChannel(request, tracer) : undefined);
  return runHandler(request);
}

/**
 * The cap stage: the result remembers how much of it the model reads, so a builder called later (or MCP) cuts it
 * the tool's way.
 */
export function capResult(request: CallRequest, ended: Ending): Ending {
  const { outcome } = ended;
  const maxResultChars = request.route.maxResultChars!;
  return new Ending({ ...outcome, result: { ...outcome.result, maxResultChars } }, ended.args, ended.exit);
}

function cancelled(request: CallRequest, args: unknown): Ending {
  const result = cancelledResult(request.definition.name, request.callId, request.signal?.reason, false);
  return new Ending({ result }, args, "cancelled");
}
